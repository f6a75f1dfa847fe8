//go:build (amd64 || arm64) && !purego

package cv

// haveSSDLanes: ssdLanes is the SSE loop of ssd_amd64.s, or the NEON loop
// of ssd_arm64.s (the Pi's).
const haveSSDLanes = true

// ssdLanes sets s[k] to the sum, in order, of (a[i] - b[i])² over i = k
// mod 4 (ssd's four sums, bit for bit), for n a positive multiple of 4.
//
//go:noescape
func ssdLanes(s *[4]float32, a, b *float32, n int)

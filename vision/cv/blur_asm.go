//go:build (amd64 || arm64) && !purego

package cv

// haveBlurRows: blurRows is the SSE loop of blur_amd64.s, or the NEON
// loop of blur_arm64.s (the Pi's).
const haveBlurRows = true

// blurRows sets dst[i] to (a[i] + 2b[i] + c[i]) / 4, summed in that order
// (blurLine's sum, bit for bit), for n a positive multiple of 4.
//
//go:noescape
func blurRows(dst, a, b, c *float32, n int)

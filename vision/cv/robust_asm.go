//go:build (amd64 || arm64) && !purego

package cv

// haveRobustRows: robustRows is the SSE loop of robust_amd64.s, or the
// NEON loop of robust_arm64.s (the Pi's).
const haveRobustRows = true

// robustRows is shiftedDist's loop in SSE or NEON: the n×n template at t
// against the n×n window of rows w apart at p, each row summed in four
// lanes (x mod 4) as the Go loop sums it, the rows' sums added in order,
// and the sum returned as soon as it exceeds limit. Each squared error is
// capped at cap (a NaN stays a NaN, as with min). n is a multiple of 4.
//
//go:noescape
func robustRows(t, p *float32, n, w int, cap float32, limit float64) float64

//go:build !amd64 || purego

package cv

// haveRobustRows: no assembly loop here, or the purego tag asks for
// none, as the Pi runs (shiftedDist's Go loop runs).
const haveRobustRows = false

func robustRows(t, p *float32, n, w int, cap float32, limit float64) float64 {
	panic("cv: robustRows without assembly")
}

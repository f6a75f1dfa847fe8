//go:build !amd64

package cv

// haveRobustRows: no assembly loop here (shiftedDist's Go loop runs).
const haveRobustRows = false

func robustRows(t, p *float32, n, w int, cap float32, limit float64) float64 {
	panic("cv: robustRows without assembly")
}

//go:build (!amd64 && !arm64) || purego

package cv

// haveRobustRows: no assembly loop here (32-bit Pi OS, say), or the
// purego tag asks for none (shiftedDist's Go loop runs).
const haveRobustRows = false

func robustRows(t, p *float32, n, w int, cap float32, limit float64) float64 {
	panic("cv: robustRows without assembly")
}

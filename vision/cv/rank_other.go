//go:build (!amd64 && !arm64) || purego

package cv

// haveRankRows: no assembly loops here (32-bit Pi OS, say), or the
// purego tag asks for none (rankPass runs).
const haveRankRows = false

func minRow(dst, a, b *float32, n int) { panic("cv: minRow without assembly") }

func maxRow(dst, a, b *float32, n int) { panic("cv: maxRow without assembly") }

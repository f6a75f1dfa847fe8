//go:build !amd64

package cv

// haveRankRows: no assembly loops here (rankPass runs).
const haveRankRows = false

func minRow(dst, a, b *float32, n int) { panic("cv: minRow without assembly") }

func maxRow(dst, a, b *float32, n int) { panic("cv: maxRow without assembly") }

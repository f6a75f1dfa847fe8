//go:build (amd64 || arm64) && !purego

package cv

// haveRankRows: minRow and maxRow are the SSE loops of rank_amd64.s, or
// the NEON loops of rank_arm64.s (the Pi's).
const haveRankRows = true

// minRow sets dst[i] to b[i] when b[i] < a[i], else to a[i] (rankPass's
// pick of a and b, eroding, for values that are no NaN), for n a
// positive multiple of 4.
//
//go:noescape
func minRow(dst, a, b *float32, n int)

// maxRow is minRow dilating: b[i] when b[i] > a[i], else a[i].
//
//go:noescape
func maxRow(dst, a, b *float32, n int)

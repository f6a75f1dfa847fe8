package cv

import (
	"math"
	"testing"
)

// glyphMap is a raw ink map of a light-ink face: thin strokes (a cross
// 3 pixels wide through the centre) on the body, plus, with glare, a
// smooth spot of strength s centred at (gx, gy) blended towards the ink
// level (as glare whitens a dark die).
func glyphMap(glare bool, gx, gy, s float64) []float32 {
	const n = patchSize
	ik := make([]float32, n*n)
	for y := range n {
		for x := range n {
			v := 0.0
			if (x >= 23 && x <= 25 && y >= 10 && y <= 38) || (y >= 23 && y <= 25 && x >= 10 && x <= 38) {
				v = 1
			}
			if glare {
				g := s * math.Exp(-(sq(float64(x)-gx)+sq(float64(y)-gy))/sq(10))
				v += (inkHi - v) * g
			}
			ik[y*n+x] = float32(min(inkHi, v))
		}
	}
	return ik
}

func TestDeglared(t *testing.T) {
	const n = patchSize
	p := make([]byte, 3*n*n)
	f := feature{pol: polLight}
	if _, ok := deglared(nil, p, f, glyphMap(false, 0, 0, 0)); ok {
		t.Error("a face without glare was de-glared")
	}
	ik := glyphMap(true, 12, 36, 1)
	g, ok := deglared(nil, p, f, ik)
	if !ok {
		t.Fatal("a glare spot was not found")
	}
	if !g.glare || g.glareShare == 0 {
		t.Errorf("glare %v share %.3f: the spot's core should weigh 0", g.glare, g.glareShare)
	}
	// Body beside the spot's core: inky before, body after.
	at := func(m []float32, x, y int) float32 { return m[y*n+x] }
	if b, a := at(ik, 17, 31), at(g.ink, 17, 31); b < 0.3 || a > 0.15 {
		t.Errorf("body by the glare: ink %.2f before, %.2f after (want below 0.15)", b, a)
	}
	// The strokes far from the spot stay ink.
	if a := at(g.ink, 24, 14); a < 0.7 {
		t.Errorf("stroke away from the glare: ink %.2f (want at least 0.7)", a)
	}
	if a := at(g.ink, 34, 24); a < 0.7 {
		t.Errorf("stroke away from the glare: ink %.2f (want at least 0.7)", a)
	}
}

package cv

import (
	"math"
	"testing"
)

// A face placed a quarter of its side off its die, in any direction
// (a Turn Setup die's marks then read one slot off), is never read surely
// as another face: the face centred on its glyph reading another face
// about as well leaves it unsure (classifyDie).
func TestFaceOffItsGlyphNotReadSurelyWrong(t *testing.T) {
	r, frame, dice := testReader(t)
	wrong, n := 0, 0
	for _, d := range dice {
		truth := truePlace(d)
		for k := range 8 {
			a := float64(k) * math.Pi / 4
			off := movedBy(truth, 0.25, a)
			r.tried = r.tried[:0]
			v := r.classifyDie(frame, off, nil)
			n++
			if v.conf >= r.m.Threshold && r.m.Classes[v.class].Face != d.Face {
				wrong++
				t.Logf("%s/%s placed off towards %.0f°: read %s at %.2f", d.Kind, d.Face, a*180/math.Pi, r.m.Classes[v.class].Face, v.conf)
			}
		}
	}
	if wrong > 0 {
		t.Errorf("%d of %d faces placed a quarter side off read surely as another face", wrong, n)
	}
}

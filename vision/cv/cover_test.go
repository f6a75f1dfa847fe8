package cv

import (
	"testing"
)

func TestInsideQuad(t *testing.T) {
	sq := rect{C: pt{50, 50}, W: 20, H: 20, Angle: 0.3}.corners(1)
	for _, c := range []struct {
		p    pt
		want bool
	}{
		{pt{50, 50}, true}, {pt{57, 50}, true}, {pt{62, 50}, false}, {pt{50, 38}, false}, {pt{0, 0}, false},
	} {
		if got := insideQuad(sq, c.p); got != c.want {
			t.Errorf("insideQuad(%v) = %v, want %v", c.p, got, c.want)
		}
	}
}

// coverCheck leaves a die unsure when its kept placement, moved off its
// first, leaves out much of the glyph the first showed, unless it fits the
// die far better than the first (coverFit): then the first was misplaced,
// and the ink left out is a neighbour's glyph or a side, not its own.
func TestCoverCheckSparesFarBetterFits(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	frame, dice := testDice(t)
	d := dice[0]
	first := truePlace(d)
	kept := first
	kept.C.X += 0.5 * first.W // half the face left out
	v := r.classifyAt(frame, first)
	if u := r.uncovered(frame, first, kept, v.class); u <= maxUncovered {
		t.Fatalf("the moved placement leaves out %.2f of the ink, want > %.2f", u, maxUncovered)
	}
	at := v.resid
	v.conf = 0.9
	for _, c := range []struct {
		resid float64
		sure  bool
	}{{at, false}, {0.5 * at, false}, {0.3 * at, true}} {
		v.resid = c.resid
		if got := r.coverCheck(frame, first, kept, v); (got.conf >= r.m.Threshold) != c.sure {
			t.Errorf("kept fitting %.4f (first %.4f): confidence %.2f after the check, want sure %v", c.resid, at, got.conf, c.sure)
		}
	}
}

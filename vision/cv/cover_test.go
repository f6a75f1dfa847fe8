package cv

import (
	"testing"

	"tableside/vision"
	"tableside/vision/synth"
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

// coverCheck leaves a Turn Setup die unsure when its kept placement,
// moved off its first, leaves out much of the marks the first showed,
// unless it fits the die far better than the first (coverFit): then the
// first was misplaced, and the ink left out is a neighbour's glyph or a
// side, not its own. A Downtown die, one glyph, is left as read.
func TestCoverCheckSparesFarBetterFits(t *testing.T) {
	r, frame, dice := testReader(t)
	var d synth.DieTruth
	for _, d = range dice {
		if _, downtown := vision.DowntownFaces[d.Kind]; !downtown {
			break
		}
	}
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
			t.Errorf("%s/%s kept fitting %.4f (first %.4f): confidence %.2f after the check, want sure %v", d.Kind, d.Face, c.resid, at, got.conf, c.sure)
		}
	}
	for _, d := range dice {
		if _, downtown := vision.DowntownFaces[d.Kind]; !downtown {
			continue
		}
		first := truePlace(d)
		kept := first
		kept.C.X += 0.5 * first.W
		v := r.classifyAt(frame, first)
		v.conf = 0.9
		if got := r.coverCheck(frame, first, kept, v); got.conf != v.conf {
			t.Errorf("%s/%s: confidence %.2f after the check, want %.2f (a Downtown die is not checked)", d.Kind, d.Face, got.conf, v.conf)
		}
	}
}

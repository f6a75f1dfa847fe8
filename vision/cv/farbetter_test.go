package cv

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// A face read surely at its true placement fits far better (fitsFarBetter)
// than the same die placed a tenth to a quarter of its side off and read
// surely as another face, and never the other way round: retryDie keeps
// the far better fit over a clearer reading off the die.
func TestTheTrueFaceFitsFarBetterThanAFaceReadOffIt(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	far, n := 0, 0
	eachTestDie(t, func(_ string, frame gocv.Mat, d synth.DieTruth) {
		v := r.classifyAt(frame, truePlace(d))
		if v.conf < r.m.Threshold || r.m.Classes[v.class].Face != d.Face {
			return
		}
		for _, share := range []float64{0.1, 0.15, 0.2, 0.25} {
			for k := range 8 {
				w := r.classifyAt(frame, movedBy(truePlace(d), share, float64(k)*math.Pi/4))
				if w.conf < r.m.Threshold || r.m.Classes[w.class].Face == d.Face {
					continue
				}
				n++
				if r.fitsFarBetter(v, w) {
					far++
				}
				if r.fitsFarBetter(w, v) {
					t.Errorf("%s/%s moved %.2f side: %s (resid %.3f) fits far better than the true face (%.3f)",
						d.Kind, d.Face, share, r.m.Classes[w.class].Face, w.resid, v.resid)
				}
			}
		}
	})
	if n < 10 || far < n*4/5 {
		t.Errorf("the true face fits far better than %d of %d faces read surely off it, want at least 4 in 5 of 10 or more", far, n)
	}
}

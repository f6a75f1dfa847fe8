package cv

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// outweighs as measured on the bench's rendered sets (seed/frame): a weak
// 4 read off a glared Bank X is outweighed; readings that kept a wrong
// face from being reported surely are not.
func TestOutweighs(t *testing.T) {
	for _, c := range []struct {
		name       string
		vConf, vEv float64
		wConf, wEv float64
		want       bool
	}{
		{"31/0134 bank X over a weak 4 seen larger", 0.949, 3.02, 0.271, 0.54, true},
		{"24/0147 bank 4 over a weak 5", 0.749, 2.81, 0.245, 0.49, true},
		{"1/0145 market-row 34 (wrong) not over 12 read surely", 0.771, 2.99, 0.726, 2.36, false},
		{"5/0088 bank 4 (wrong) not over 6 read at 0.61", 0.652, 1.55, 0.611, 1.22, false},
		{"24/0065 market-row 23 (wrong) not over 24: the gap is too small", 0.736, 1.90, 0.310, 0.63, false},
		{"1/0161 theater 23 (wrong) not over 12", 0.522, 1.82, 0.378, 1.63, false},
	} {
		v, w := verdict{conf: c.vConf, faceEv: c.vEv}, verdict{conf: c.wConf, faceEv: c.wEv}
		if got := outweighs(v, w); got != c.want {
			t.Errorf("%s: outweighs %v, want %v", c.name, got, c.want)
		}
	}
}

// A sure reading of another face made near a glared die in dim light (its
// true placement moved by up to a tenth of its side, scaled by a tenth)
// never outweighs a reading of its true face made near it: outweighing
// does not let a misreading stand over the true face.
func TestAMisreadingNeverOutweighsTheTrueFace(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	pairs := 0
	eachGlaredDie(t, 20, synth.Options{Light: "dim", Glare: true, JPEGQuality: 85}, func(frame gocv.Mat, _ int, d synth.DieTruth) {
		var right, wrong []verdict
		for _, share := range []float64{0, 0.05, 0.1} {
			for _, k := range []float64{0.9, 1, 1.1} {
				for a := range 4 {
					w := r.classifyAt(frame, movedBy(truePlace(d), share, float64(a)*math.Pi/2).scaled(k))
					switch {
					case r.m.Classes[w.class].Face == d.Face && w.conf >= conflictMin:
						right = append(right, w)
					case r.m.Classes[w.class].Face != d.Face && w.conf >= r.m.Threshold:
						wrong = append(wrong, w)
					}
				}
			}
		}
		for _, w := range wrong {
			for _, u := range right {
				pairs++
				if outweighs(w, u) {
					t.Errorf("%s/%s: %s read at %.2f (evidence %.2f) outweighs the true face read at %.2f (%.2f)",
						d.Kind, d.Face, r.m.Classes[w.class].Face, w.conf, w.faceEv, u.conf, u.faceEv)
				}
			}
		}
	})
	if pairs < 20 {
		t.Errorf("%d pairs of a misreading and a reading of the true face, want 20 or more", pairs)
	}
	t.Logf("%d pairs", pairs)
}

package cv

import (
	"math"
	"testing"

	"tableside/vision/synth"
)

// Glare is fitted where a face's glyph is centred (the read loop fits it
// at each placement inkCentred and alignFace found that is not read
// surely without it): a glared face placed a sixth of its side off its
// die is read surely and rightly more often with its glare fitted at its
// glyph-centred placement than where it was placed.
func TestGlareFitOnTheCentredGlyph(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	off, centred, n := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		frame, truth := renderFrame(t, seed, synth.Options{Glare: true, Background: "plain", Light: "even"})
		for i, d := range truth.Dice {
			if !d.Glare {
				continue
			}
			rc := movedBy(truePlace(d), 1.0/6, float64(i)*2.4)
			v := r.classifyAt(frame, rc)
			if v.conf >= r.m.Threshold || math.IsInf(v.resid, 1) {
				continue
			}
			n++
			if w := r.glareRead(frame, v); w.conf >= r.m.Threshold && r.m.Classes[w.class].Face == d.Face {
				off++
			}
			best := 0
			for _, strips := range []bool{false, true} {
				c, ok := r.inkCentred(frame, rc, v, strips)
				if !ok {
					continue
				}
				u := r.classifyAt(frame, c)
				if u.conf >= r.m.Threshold {
					continue // (read without the glare fit: retryDie's part)
				}
				if w := r.glareRead(frame, u); w.conf >= r.m.Threshold && r.m.Classes[w.class].Face == d.Face {
					best = 1
				}
			}
			centred += best
		}
	}
	t.Logf("%d glared faces placed off: %d read surely and rightly there, %d at their glyph-centred placement", n, off, centred)
	if centred <= off {
		t.Errorf("glare fitted at the glyph-centred placement read %d faces, where placed %d", centred, off)
	}
}

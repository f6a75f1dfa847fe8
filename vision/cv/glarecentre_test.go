package cv

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

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
	eachGlaredDie(t, 12, synth.Options{Glare: true, Background: "plain", Light: "even"}, func(frame gocv.Mat, i int, d synth.DieTruth) {
		rc := movedBy(truePlace(d), 1.0/6, float64(i)*2.4)
		v := r.classifyAt(frame, rc)
		if v.conf >= r.m.Threshold || math.IsInf(v.resid, 1) {
			return
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
	})
	t.Logf("%d glared faces placed off: %d read surely and rightly there, %d at their glyph-centred placement", n, off, centred)
	if centred <= off {
		t.Errorf("glare fitted at the glyph-centred placement read %d faces, where placed %d", centred, off)
	}
}

// eachGlaredDie calls fn with every die under glare (its index in its
// frame) of the frames rendered from seeds 1 to n with options o.
func eachGlaredDie(t *testing.T, n uint64, o synth.Options, fn func(frame gocv.Mat, i int, d synth.DieTruth)) {
	for seed := uint64(1); seed <= n; seed++ {
		frame, truth := renderFrame(t, seed, o)
		for i, d := range truth.Dice {
			if d.Glare {
				fn(frame, i, d)
			}
		}
	}
}

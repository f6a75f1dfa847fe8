package cv

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// A glare fit places its template only to a pixel: a glared face placed
// a twentieth of its side off may fit no template clearly where it lies,
// and glareNear reads it at the placements around. Dice under glare in
// dim light (the spot far brighter than the glyph), placed that far off:
// of those glareRead leaves unsure, glareNear reads some, and never a
// wrong face surely.
func TestGlareNearReadsAGlaredFacePlacedALittleOff(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	gained, wrong, n := 0, 0, 0
	eachGlaredDie(t, 6, synth.Options{Light: "dim", Glare: true, JPEGQuality: 85}, func(frame gocv.Mat, _ int, d synth.DieTruth) {
		for k := range 4 {
			off := movedBy(truePlace(d), 0.05, float64(k)*math.Pi/2)
			v := r.classifyAt(frame, off)
			if v.conf >= r.m.Threshold {
				continue
			}
			alone := r.glareRead(frame, v)
			if alone.conf >= r.m.Threshold {
				continue // (glareNear reads only a die still unsure)
			}
			n++
			near := r.glareNear(frame, off, alone)
			if near.conf < r.m.Threshold {
				continue
			}
			if r.m.Classes[near.class].Face != d.Face {
				wrong++
				t.Errorf("%s/%s placed off: glareNear read %s surely (%.2f)", d.Kind, d.Face, r.m.Classes[near.class].Face, near.conf)
			} else {
				gained++
			}
		}
	})
	t.Logf("%d glared faces placed off that glareRead leaves unsure: glareNear read %d rightly, %d wrongly", n, gained, wrong)
	if gained == 0 {
		t.Errorf("glareNear read none of %d glared faces placed off that glareRead leaves unsure", n)
	}
}

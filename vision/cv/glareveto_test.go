package cv

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// A glare spot on a light glyph looks like ink (a hollow mark filled):
// a die with light ink barely read surely, whose glare fit fits another
// face best, is left unsure (glareVeto). Over glared dice in
// dim light, at their true placement and a twentieth of a side off, the
// veto leaves some wrong readings unsure and hardly any right one.
func TestGlareVetoDoubtsALightGlyphTheGlareFitReadsOtherwise(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	var c doubts
	eachGlaredDie(t, 30, synth.Options{Light: "dim", Glare: true, JPEGQuality: 85}, func(frame gocv.Mat, _ int, d synth.DieTruth) {
		for k := range 5 {
			at := truePlace(d)
			if k > 0 {
				at = movedBy(at, 0.05, float64(k)*math.Pi/2)
			}
			v := r.classifyAt(frame, at)
			if v.conf < r.m.Threshold {
				continue
			}
			c.add(r.m.Classes[v.class].Face == d.Face, r.glareVeto(frame, v).conf < r.m.Threshold)
		}
	})
	t.Logf("vetoed %d of %d wrong sure readings, %d of %d right ones", c.wrongDoubted, c.wrong, c.rightDoubted, c.right)
	if c.wrongDoubted == 0 || c.rightDoubted > c.right/50 {
		t.Errorf("vetoed %d of %d wrong sure readings, %d of %d right ones; want some wrong, at most 2%% right", c.wrongDoubted, c.wrong, c.rightDoubted, c.right)
	}
}

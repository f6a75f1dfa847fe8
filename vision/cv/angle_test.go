package cv

import (
	"math"
	"testing"

	"tableside/vision/synth"
)

// TestEdgeTurnFindsTheFaceAngle: a top face placed at its true centre and
// size but turned by up to ±35° off its die's angle is told how far it is
// turned (within 4° for nine dice in ten), on mats of every kind, under
// every light, with and without tilt and blur.
func TestEdgeTurnFindsTheFaceAngle(t *testing.T) {
	q := newRectifier()
	defer q.Close()
	var errs []float64
	for seed := uint64(1); seed <= 8; seed++ {
		o := synth.Options{Background: synth.Backgrounds[seed%4], Light: synth.Lights[seed%3],
			Tilt: float64(seed%3) * 10, Blur: seed%4 == 1}
		frame, truth := renderFrame(t, seed, o)
		for i, d := range truth.Dice {
			off := float64((i*37+int(seed)*11)%71 - 35) // -35..35 degrees
			r := rect{C: pt{float64(d.X), float64(d.Y)}, W: float64(d.Size), H: float64(d.Size),
				Angle: (d.Angle + off) * math.Pi / 180}
			turn, _ := edgeTurnOf(q.edgePatch(frame, r))
			errs = append(errs, angleErr90(placementOf(r).Angle+turn*180/math.Pi, d.Angle))
		}
	}
	bad := 0
	for _, e := range errs {
		if e > 4 {
			bad++
		}
	}
	t.Logf("%d of %d turned faces more than 4° off after squaring up", bad, len(errs))
	if bad*10 > len(errs) {
		t.Errorf("%d of %d turned faces squared up to more than 4° off their die's angle", bad, len(errs))
	}
}

// TestEdgeTurnOfASquare: the edge patch of a square drawn turned by a
// known angle gives that angle back, with a high coherence; a flat patch
// gives no turn and no coherence.
func TestEdgeTurnOfASquare(t *testing.T) {
	for _, deg := range []float64{-30, -12, 0, 7, 25, 44} {
		p := make([]byte, 3*edgeSize*edgeSize)
		a := deg * math.Pi / 180
		half := float64(edgeSize) / edgeSpan / 2
		for y := 0; y < edgeSize; y++ {
			for x := 0; x < edgeSize; x++ {
				in := 0.0 // share of the pixel inside the square (4×4 samples)
				for s := 0; s < 16; s++ {
					dx := float64(x) + (float64(s%4)+0.5)/4 - edgeSize/2
					dy := float64(y) + (float64(s/4)+0.5)/4 - edgeSize/2
					u, v := dx*math.Cos(a)+dy*math.Sin(a), -dx*math.Sin(a)+dy*math.Cos(a)
					if math.Max(math.Abs(u), math.Abs(v)) < half {
						in += 1.0 / 16
					}
				}
				for c, v := range [3]float64{200, 180, 160} {
					p[3*(y*edgeSize+x)+c] = byte(v * in)
				}
			}
		}
		turn, coh := edgeTurnOf(p)
		if e := angleErr90(turn*180/math.Pi, deg); e > 2 || coh < 0.5 {
			t.Errorf("square turned %v°: got %.1f° (coherence %.2f)", deg, turn*180/math.Pi, coh)
		}
	}
	if turn, coh := edgeTurnOf(make([]byte, 3*edgeSize*edgeSize)); turn != 0 || coh != 0 {
		t.Errorf("flat patch: turn %v, coherence %v", turn, coh)
	}
}

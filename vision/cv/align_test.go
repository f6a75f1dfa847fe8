package cv

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// A face placed off its die (its centre moved by a tenth of its side, its
// size 8% wrong, turned 5°) is moved back by fitting its class's template:
// the aligned placement lies nearer the true one than the placement it
// started from, for most dice.
func TestAlignFaceMovesTowardsTheTruth(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	better, n := 0, 0
	eachReadRightly(t, r, func(i int, d synth.DieTruth, frame gocv.Mat, truth rect, v verdict) {
		a := float64(i) * 2.4
		off := movedBy(truth, 0.1, a)
		k := 1 + 0.08*math.Copysign(1, math.Sin(3*a))
		off.W, off.H = truth.W*k, truth.H*k
		off.Angle += 5 * math.Pi / 180
		got, ok := r.alignFace(frame, off, v.tclass, v.trot)
		n++
		if !ok {
			t.Logf("%s/%s: no fit", d.Kind, d.Face)
			return
		}
		if e0, e1 := placeErr(off, truth), placeErr(got, truth); e1 < e0/2 {
			better++
		} else {
			t.Logf("%s/%s: error %.3f → %.3f", d.Kind, d.Face, e0, e1)
		}
	})
	if n == 0 || better < n*8/10 {
		t.Errorf("alignment halved the placement error of %d of %d dice", better, n)
	}
}

// eachReadRightly calls fn for each test die (the i-th, in frame) read
// as its own face (v) at its true placement.
func eachReadRightly(t *testing.T, r *Reader, fn func(i int, d synth.DieTruth, frame gocv.Mat, truth rect, v verdict)) {
	frame, dice := testDice(t)
	for i, d := range dice {
		truth := truePlace(d)
		if v := r.classifyAt(frame, truth); r.m.Classes[v.class].Face == d.Face {
			fn(i, d, frame, truth, v)
		}
	}
}

// movedBy is rc with its centre moved share of its side towards angle a
// (radians).
func movedBy(rc rect, share, a float64) rect {
	rc.C.X += share * rc.W * math.Cos(a)
	rc.C.Y += share * rc.W * math.Sin(a)
	return rc
}

// placeErr is how far a lies from b: its centre's distance and its side's
// difference as shares of b's side, and its turn (radians, modulo a
// quarter turn), summed.
func placeErr(a, b rect) float64 {
	turn := math.Mod(a.Angle-b.Angle, math.Pi/2)
	if turn > math.Pi/4 {
		turn -= math.Pi / 2
	} else if turn < -math.Pi/4 {
		turn += math.Pi / 2
	}
	return math.Hypot(a.C.X-b.C.X, a.C.Y-b.C.Y)/b.side() + math.Abs(a.side()/b.side()-1) + math.Abs(turn)
}

// fitSimilarity recovers a known shift, scale and turn of a template drawn
// under another light (a gain, negative for light ink, and an offset).
func TestFitSimilarityRecoversTheMove(t *testing.T) {
	tmpl := make([]float32, patchSize*patchSize)
	for v := range patchSize {
		for u := range patchSize {
			// A bar and a ring, smooth-edged (as the templates are).
			x, y := float64(u)+0.5-patchSize/2, float64(v)+0.5-patchSize/2
			bar := smoothEdge(math.Abs(x+12) - 3)
			ring := smoothEdge(math.Abs(math.Hypot(x-6, y-4)-9) - 2.5)
			tmpl[v*patchSize+u] = float32(math.Max(bar*smoothEdge(math.Abs(y)-16), ring))
		}
	}
	for _, c := range []struct {
		want similarity
		gain float64
	}{
		{similarity{tx: 3, ty: -2}, 200},
		{similarity{a: 0.06*math.Cos(0.07) - 1 + math.Cos(0.07), b: 1.06 * math.Sin(0.07), tx: -4, ty: 1}, -150},
		{similarity{a: -0.07, tx: 2, ty: 4}, 120},
	} {
		img := make([]float32, alignSize*alignSize)
		w := c.want
		s := 1 / w.scale()
		ca, sa := math.Cos(-math.Atan2(w.b, 1+w.a)), math.Sin(-math.Atan2(w.b, 1+w.a))
		for Y := range alignSize {
			for X := range alignSize {
				// The template pixel that lands at (X, Y).
				dx, dy := float64(X)-(alignSize/2-0.5)-w.tx, float64(Y)-(alignSize/2-0.5)-w.ty
				x, y := s*(ca*dx-sa*dy), s*(sa*dx+ca*dy)
				tv, _ := bilinear(tmpl, patchSize, x+patchSize/2-0.5, y+patchSize/2-0.5)
				img[Y*alignSize+X] = float32(300 + c.gain*tv)
			}
		}
		got, ok := fitSimilarity(img, tmpl)
		if !ok {
			t.Errorf("%+v: no fit", c.want)
			continue
		}
		if math.Abs(got.tx-w.tx) > 0.3 || math.Abs(got.ty-w.ty) > 0.3 || math.Abs(got.scale()-w.scale()) > 0.01 ||
			math.Abs(math.Atan2(got.b, 1+got.a)-math.Atan2(w.b, 1+w.a)) > 0.01 {
			t.Errorf("fitted %+v, want %+v", got, w)
		}
	}
}

// smoothEdge is 1 inside (d < 0), 0 outside, over about two pixels.
func smoothEdge(d float64) float64 { return 1 / (1 + math.Exp(2*d)) }

// bilinear samples the n×n map v at (x, y) (pixel centres at integers);
// false beyond its edge.
func bilinear(v []float32, n int, x, y float64) (float64, bool) {
	c, ok := cellAt(n, x, y)
	if !ok {
		return 0, false
	}
	return c.of(v, n), true
}

// A face placed a sixth of its side off its die (a tilted die's side
// taken for part of its top) is moved back by centring its glyph's box on
// its template's (inkCentred, as retryDie tries it: with the strips along
// the patch's edge and without): the centre ends within a twentieth of
// the side of the true one, for most dice.
func TestInkCentredMovesBackAFaceOffItsGlyph(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	back, n := 0, 0
	eachReadRightly(t, r, func(i int, d synth.DieTruth, frame gocv.Mat, truth rect, v verdict) {
		off := movedBy(truth, 1.0/6, float64(i)*2.4)
		n++
		e := math.Inf(1)
		for _, strips := range []bool{false, true} {
			got, _ := r.inkCentred(frame, off, v, strips)
			e = math.Min(e, math.Hypot(got.C.X-truth.C.X, got.C.Y-truth.C.Y)/truth.W)
		}
		if e < 0.05 {
			back++
		} else {
			t.Logf("%s/%s: centre %.3f of a side off", d.Kind, d.Face, e)
		}
	})
	if n == 0 || back < n*9/10 {
		t.Errorf("centring the glyph brought back %d of %d faces", back, n)
	}
}

// edgeInk marks a strip of the mat along the patch's edge, not a glyph
// the edge cuts.
func TestEdgeInkMarksStripsNotCutGlyphs(t *testing.T) {
	const n = patchSize
	ink := make([]float32, n*n)
	for y := range n {
		for x := range 6 { // the mat, along the left side
			ink[y*n+x] = 1
		}
	}
	for y := 20; y < 28; y++ { // a glyph's stroke, cut by the right side
		for x := 30; x < n; x++ {
			ink[y*n+x] = 1
		}
	}
	strip := edgeInk(ink)
	if !strip[10*n+2] || !strip[40*n+5] {
		t.Error("the mat's strip is not marked")
	}
	if strip[24*n+40] || strip[24*n+n-1] {
		t.Error("the cut glyph is marked as a strip")
	}
	if x, _, _ := inkCentre(ink, true); math.Abs(x-(30+n-1)/2.0) > 1 {
		t.Errorf("box centre without the strip at x %.1f, want %.1f", x, (30+n-1)/2.0)
	}
}

package cv

import (
	"math"
	"math/rand"
	"testing"
)

// spotPatch is a BGR patch of a light-ink face (white strokes of
// glyphMap on a red body) under a round glare spot of strength s and
// radius r centred at (gx, gy) that blends each colour towards white
// level top.
func spotPatch(gx, gy, s, r, top float64) []byte {
	const n = patchSize
	ik := glyphMap(false, 0, 0, 0)
	p := make([]byte, 3*n*n)
	body, ink := [3]float64{40, 45, 170}, [3]float64{225, 228, 230}
	for i, v := range ik {
		g := s * math.Exp(-(sq(float64(i%n)-gx)+sq(float64(i/n)-gy))/sq(r))
		for c := range 3 {
			x := body[c] + (ink[c]-body[c])*float64(v)
			p[3*i+c] = byte(min(255, x+(top-x)*g))
		}
	}
	return p
}

func TestGlareFitTakesOutSpot(t *testing.T) {
	const n = patchSize
	tmpl := halve(blur3(blur3(glyphMap(false, 0, 0, 0))))
	p := spotPatch(14, 34, 0.95, 8, 255)
	d := glareDataOf(p, polLight)
	plain, _, _ := glareFitResid(d, tmpl, nil, nil)
	res, k, coef := fitSpots(d, tmpl, glareSpots, nil)
	if k < 0 || res > 0.05 || res > plain/4 {
		t.Fatalf("residual %.3f with spot %d, %.3f without: the spot should explain the glare", res, k, plain)
	}
	if s := glareSpots[k]; math.Abs(2*s.cx+1-14) > 4 || math.Abs(2*s.cy+1-34) > 4 {
		t.Errorf("spot at %.0f,%.0f (full resolution), want near 14,34", 2*s.cx+1, 2*s.cy+1)
	}
	f := featureAt(p, polLight)
	g := deglaredBy(p, f, glareClassFit{spot: k, coef: coef}, d, polLight)
	at := func(m []float32, x, y int) float32 { return m[y*n+x] }
	// Body beside the spot's core: inky before, body after.
	if b, a := at(f.ink, 17, 30), at(g.ink, 17, 30); b < 0.3 || a > 0.15 {
		t.Errorf("body by the glare: ink %.2f before, %.2f after (want below 0.15)", b, a)
	}
	if a := at(g.ink, 24, 14); a < 0.7 {
		t.Errorf("stroke away from the glare: ink %.2f (want at least 0.7)", a)
	}
	if !g.glare {
		t.Error("the de-glared feature does not say it had glare")
	}
}

func TestSpotFreeColourTakesOutGlare(t *testing.T) {
	const n = patchSize
	ik := glyphMap(false, 0, 0, 0)
	clean := bodyColour(spotPatch(0, 0, 0, 1, 255), ik, ringMask())
	// A wide spot over the face whitens most of the ring.
	p := spotPatch(24, 14, 0.7, 24, 262)
	g := make([]float32, n*n)
	for i := range g {
		g[i] = float32(math.Exp(-(sq(float64(i%n)-24) + sq(float64(i/n)-14)) / sq(24)))
	}
	glared := bodyColour(p, ik, ringMask())
	got := spotFreeColour(p, ik, g, glared)
	for j := range 2 { // the chroma
		if math.Abs(got[j]-clean[j]) > 0.05 || math.Abs(got[j]-clean[j]) > math.Abs(glared[j]-clean[j])/2 {
			t.Errorf("chroma %d: %.3f without glare, %.3f with, %.3f with the spot taken out", j, clean[j], glared[j], got[j])
		}
	}
}

func TestSeenShareLeavesOutGlaredDifference(t *testing.T) {
	const n = patchSize / 2
	seen := seenMap(glareClassFit{spot: spotAt(9, 9, 3), coef: [4]float64{0, 1, 1, -0.9}})
	mark := func(cx, cy int) []float32 { // a filled 3×3 mark
		v := make([]float32, n*n)
		for y := cy - 1; y <= cy+1; y++ {
			for x := cx - 1; x <= cx+1; x++ {
				v[y*n+x] = 1
			}
		}
		return v
	}
	empty := make([]float32, n*n)
	if s := seenShare(seen, mark(9, 9), empty); s > 0.2 {
		t.Errorf("a mark under the spot's core is %.2f seen, want at most 0.2", s)
	}
	if s := seenShare(seen, mark(17, 17), empty); s < 0.95 {
		t.Errorf("a mark away from the spot is %.2f seen, want at least 0.95", s)
	}
}

// spotAt is the index of the glare spot centred at cx, cy of radius r.
func spotAt(cx, cy, r float64) int {
	for i, s := range glareSpots {
		if s.cx == cx && s.cy == cy && s.r == r {
			return i
		}
	}
	return -1
}

// The sums a template enters with the coarse spots, made once and kept
// (tmplSumsOf, coarseSums), fit as the sums made afresh do: every spot
// list glareFits uses (the coarse spots, one spot, the spots around
// one), each shifted template, to rounding (Σg·t·y is summed in another
// order, over the coarse spots from their kernels' factors in float64,
// not their float32 values: a ten-millionth apart).
func TestGlareFitWithKeptSumsMatchesFresh(t *testing.T) {
	d := glareDataOf(spotPatch(14, 34, 0.95, 8, 255), polLight)
	near := spotsNear(nil, coarseSpots[len(coarseSpots)/2])
	for _, dxy := range [][2]int{{0, 0}, {1, -1}, {-1, 1}} {
		tmpl := make([]float32, (patchSize/2)*(patchSize/2))
		shiftGridTo(tmpl, halve(blur3(blur3(glyphMap(false, 0, 0, 0)))), patchSize/2, dxy[0], dxy[1])
		kept := tmplSumsOf(tmpl)
		for name, spots := range map[string][]glareSpot{"coarse": coarseSpots, "one": coarseSpots[7:8], "near": near, "all": glareSpots} {
			r0, k0, c0 := fitSpots(d, tmpl, spots, nil)
			r1, k1, c1 := fitSpots(d, tmpl, spots, kept)
			if k0 != k1 || math.Abs(r0-r1) > 1e-7 {
				t.Errorf("shift %v, %s spots: spot %d residual %.12f kept, %d %.12f fresh", dxy, name, k1, r1, k0, r0)
			}
			for i := range c0 {
				if math.Abs(c0[i]-c1[i]) > 1e-6*(1+math.Abs(c0[i])) {
					t.Errorf("shift %v, %s spots: coefficient %d %.12f kept, %.12f fresh", dxy, name, i, c1[i], c0[i])
				}
			}
		}
	}
}

// The glare fit's normal equations solved by blocks (templateBlock.solve)
// answer as Gaussian elimination does, for every coarse spot of a glared
// face's fit, and refuse a spot the elimination finds singular.
func TestGlareFitBlockSolveMatchesElimination(t *testing.T) {
	const n = patchSize / 2
	d := glareDataOf(spotPatch(14, 34, 0.95, 8, 255), polLight)
	tmpl := halve(blur3(blur3(glyphMap(false, 0, 0, 0))))
	var st, stt, sty float64
	for y := fitFrom; y < fitTo; y++ {
		for x := fitFrom; x < fitTo; x++ {
			tv := float64(tmpl[y*n+x])
			st, stt, sty = st+tv, stt+tv*tv, sty+tv*float64(d.y[y*n+x])
		}
	}
	tb, ok := templateBlockOf(d.n, st, stt, d.sy, sty)
	if !ok {
		t.Fatal("the template's block is singular")
	}
	solved := 0
	for _, sp := range coarseSpots {
		sg, sgg, sgy := d.spotSums(sp)
		sgt, sgtt, sggt, sggtt, sgty := spotTSums(d, tmpl, sp)
		a := [][]float64{
			{d.n, st, sg, sgt, d.sy},
			{st, stt, sgt, sgtt, sty},
			{sg, sgt, sgg, sggt, sgy},
			{sgt, sgtt, sggt, sggtt, sgty},
		}
		want := make([]float64, 4)
		wantOK := solveLinear(a, want)
		got, gotOK := tb.solve([2][2]float64{{sg, sgt}, {sgt, sgtt}}, [2][2]float64{{sgg, sggt}, {sggt, sggtt}}, [2]float64{sgy, sgty})
		if gotOK != wantOK {
			t.Fatalf("spot %d: solved %v by blocks, %v by elimination", sp.index, gotOK, wantOK)
		}
		if !wantOK {
			continue
		}
		solved++
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-7*(1+math.Abs(want[i])) {
				t.Errorf("spot %d: coefficient %d %.10f by blocks, %.10f by elimination", sp.index, i, got[i], want[i])
			}
		}
	}
	if solved < len(coarseSpots)/2 {
		t.Errorf("only %d of %d spots solved", solved, len(coarseSpots))
	}
	// A spot that adds nothing the template's columns do not (g = 1
	// where t is): singular both ways.
	if _, ok := tb.solve([2][2]float64{{d.n, st}, {st, stt}}, [2][2]float64{{d.n, st}, {st, stt}}, [2]float64{d.sy, sty}); ok {
		t.Error("a spot repeating the template's columns was solved")
	}
}

func TestGlareFitExplainsOnlyGlare(t *testing.T) {
	const n = patchSize
	cross := glyphMap(false, 0, 0, 0)
	marked := append([]float32(nil), cross...) // the cross and two square marks
	for _, c := range [][2]int{{11, 11}, {36, 36}} {
		for y := c[1] - 3; y <= c[1]+3; y++ {
			for x := c[0] - 3; x <= c[0]+3; x++ {
				marked[y*n+x] = 1
			}
		}
	}
	// The marked face under a spot away from the marks.
	p := make([]byte, 3*n*n)
	body, ink := [3]float64{40, 45, 170}, [3]float64{225, 228, 230}
	for i, v := range marked {
		g := 0.9 * math.Exp(-(sq(float64(i%n)-34)+sq(float64(i/n)-12))/sq(7))
		for c := range 3 {
			x := body[c] + (ink[c]-body[c])*float64(v)
			p[3*i+c] = byte(min(255, x+(262-x)*g))
		}
	}
	d := glareDataOf(p, polLight)
	fitOf := func(ik []float32) glareClassFit {
		res, k, coef := fitSpots(d, halve(blur3(blur3(ik))), glareSpots, nil)
		return glareClassFit{resid: res, spot: k, coef: coef}
	}
	if f := fitOf(marked); !f.explains() {
		t.Errorf("the face's own glyph and the glare: residual %.3f, want at most %.2f", f.resid, glareMaxResid)
	}
	if f := fitOf(cross); f.explains() {
		t.Errorf("a glyph without two of the face's marks: residual %.3f, want above %.2f (one spot is not two marks)", f.resid, glareMaxResid)
	}
}

// Glare that hides what tells two faces apart leaves the face in doubt
// (glareSpares) only when the other face fits about as well: a face whose
// fit leaves glareRuledOut times the best fit's residual is ruled out by
// the fit itself (had glare hidden the difference, it would fit as well).
func TestGlareSparesIgnoresFacesTheFitRulesOut(t *testing.T) {
	m := model(t)
	a, b := -1, -1
	for i, c := range m.Classes {
		if c.Kind == "bank" && c.Face == "3" {
			a = i
		}
		if c.Kind == "bank" && c.Face == "5" {
			b = i
		}
	}
	if a < 0 || b < 0 {
		t.Fatal("no Bank 3 or 5 class")
	}
	// A spot over the middle of the face, hiding most of the glyph.
	spot := glareClassFit{class: a, spot: spotAt(11, 11, 6.5), coef: [4]float64{0, 1, 1, -1}, resid: 0.05}
	if spot.spot < 0 {
		t.Fatal("no such glare spot")
	}
	for _, c := range []struct {
		other float64
		want  bool
	}{
		{0.06, false}, // fits about as well: the glare hides the difference
		{glareRuledOut * 0.05 * 1.2, true},
	} {
		fits := []glareClassFit{spot, {class: b, resid: c.other}}
		if got := m.glareSpares(fits, "3"); got != c.want {
			t.Errorf("the other face fitting %.3f against 0.05: spares %v, want %v", c.other, got, c.want)
		}
	}
}

// movedCoarse gives, over the fitted part (all a glare fit reads), the
// template moved there (shiftGridTo): every class, turn and shift.
func TestMovedCoarseIsTemplateToOverTheFit(t *testing.T) {
	const n = patchSize / 2
	m := model(t)
	want := make([]float32, n*n)
	for c := range m.Classes {
		for r := range 4 {
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					shiftGridTo(want, m.coarse[c][r], n, dx, dy)
					got := m.movedCoarse(c, r, dx, dy)
					for y := fitFrom; y < fitTo; y++ {
						for x := fitFrom; x < fitTo; x++ {
							if i := y*n + x; math.Float32bits(got[i]) != math.Float32bits(want[i]) {
								t.Fatalf("class %d turn %d shift %d,%d at %d,%d: %v, want %v", c, r, dx, dy, x, y, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

// spotsNear gives at most maxNear spots (glareFits keeps them on the
// stack), all of them for a spot inside the grid.
func TestSpotsNearFitMaxNear(t *testing.T) {
	most := 0
	for _, s := range glareSpots {
		most = max(most, len(spotsNear(nil, s)))
	}
	if most != maxNear {
		t.Errorf("at most %d spots near one, want maxNear = %d", most, maxNear)
	}
}

// coarseTYs gives, bit for bit, the sums of each coarse spot's column
// made one row at a time (as colSums made them before it made four at
// once), every coarse spot.
func TestCoarseTYsRowByRow(t *testing.T) {
	const n = patchSize / 2
	rng := rand.New(rand.NewSource(5))
	ty := make([]float64, n*n)
	for trial := range 20 {
		for i := range ty {
			ty[i] = rng.NormFloat64() * float64(1+trial)
		}
		var want [maxCoarseCols][n]float64
		for c, col := range coarseCols {
			for y := fitFrom; y < fitTo; y++ {
				var s float64
				for i, w := range col.w {
					s += w * ty[y*n+col.x0+i]
				}
				want[c][y] = s
			}
		}
		got := make([]float64, len(coarseRows))
		coarseTYs(ty, got)
		for k, r := range coarseRows {
			var s float64
			for i, w := range r.w {
				s += w * want[r.col][r.y0+i]
			}
			if math.Float64bits(got[k]) != math.Float64bits(s) {
				t.Fatalf("trial %d spot %d: %v, want %v", trial, k, got[k], s)
			}
		}
	}
}

package cv

import (
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// A face under a glare spot is read again by fitting every likely class's
// template together with a smooth glare field: on the half-resolution
// contrast channel y (the glyph above the body, in the kind's polarity),
//
//	y ≈ o + s·T + p·g + q·g·T
//
// where T is the template and g a round spot exp(-d²/r²): the body level
// moves by p·g and the glyph's contrast by q·g, both smoothly. Glare
// brightens the body (p of the sign of brighter) and weakens the glyph's
// contrast, never turns it over (-1.1·s ≤ q ≤ 0.1·s): the rendered glare
// (a blend towards white) and a camera's (added light, clipped) both fit,
// whatever the white level. The share of y's variance left unexplained
// is the class's residual. The best fit's spot is then taken out of the
// ink map and the face read again (glareRead says when that reading is
// kept).

// glareSpot is one candidate glare spot on the half-resolution grid: its
// values over the box [x0,x1)×[y0,y1) (row-major).
type glareSpot struct {
	x0, y0, x1, y1 int
	g              []float32
	cx, cy, r      float64 // its centre and radius
	index          int     // in glareSpots
}

// Glare spots tried: centres every glareStep half-resolution pixels,
// radii glareRadii (half-resolution pixels), cut where below 1%.
const glareStep = 2

var glareRadii = []float64{2, 3, 4.5, 6.5}

// fitFrom and fitTo bound the half-resolution pixels fitted (the part
// inside the body ring, where a misplaced face shows no mat).
const (
	fitFrom = 2
	fitTo   = patchSize/2 - 2
)

// glareSpots are the candidate spots; coarseSpots those at every other
// centre, the smallest radius left out.
var glareSpots, coarseSpots = func() (all, coarse []glareSpot) {
	const n = patchSize / 2
	for _, r := range glareRadii {
		reach := int(math.Ceil(r * math.Sqrt(portable.Log(100))))
		for cy := 1; cy < n; cy += glareStep {
			for cx := 1; cx < n; cx += glareStep {
				s := glareSpot{x0: max(fitFrom, cx-reach), y0: max(fitFrom, cy-reach), x1: min(fitTo, cx+reach+1), y1: min(fitTo, cy+reach+1),
					cx: float64(cx), cy: float64(cy), r: r}
				if s.x0 >= s.x1 || s.y0 >= s.y1 {
					continue
				}
				for y := s.y0; y < s.y1; y++ {
					for x := s.x0; x < s.x1; x++ {
						d2 := float64((x-cx)*(x-cx) + (y-cy)*(y-cy))
						s.g = append(s.g, float32(portable.Exp(-d2/(r*r))))
					}
				}
				s.index = len(all)
				all = append(all, s)
				if (cx/glareStep)%2 == 0 && (cy/glareStep)%2 == 0 && r != glareRadii[0] {
					coarse = append(coarse, s)
				}
			}
		}
	}
	return all, coarse
}()

// coarseAt is, per spot of glareSpots, its index in coarseSpots (-1:
// not a coarse spot).
var coarseAt = func() []int {
	out := make([]int, len(glareSpots))
	for i := range out {
		out[i] = -1
	}
	for k, s := range coarseSpots {
		out[s.index] = k
	}
	return out
}()

// A coarse spot's kernel is a product of factors, exp(-d²/r²) =
// exp(-dx²/r²)·exp(-dy²/r²): coarseTYs sums Σg·t·y of every coarse spot
// from them, each row once per column (spotCol: a radius and a centre's
// x, its x range and weights), then each spot over its rows (spotRow:
// its column, its y range and weights), a quarter of the work of summing
// every spot apart.
type spotCol struct {
	x0, x1 int
	w      []float64
}

// spotRow: see spotCol.
type spotRow struct {
	col, y0, y1 int
	w           []float64
}

// coarseCols and coarseRows are the coarse spots' factors (coarseRows in
// coarseSpots' order).
var coarseCols, coarseRows = func() (cols []spotCol, rows []spotRow) {
	at := map[[2]float64]int{}
	for _, sp := range coarseSpots {
		key := [2]float64{sp.r, sp.cx}
		c, ok := at[key]
		if !ok {
			col := spotCol{x0: sp.x0, x1: sp.x1}
			for x := sp.x0; x < sp.x1; x++ {
				col.w = append(col.w, portable.Exp(-sq(float64(x)-sp.cx)/(sp.r*sp.r)))
			}
			c = len(cols)
			at[key] = c
			cols = append(cols, col)
		}
		row := spotRow{col: c, y0: sp.y0, y1: sp.y1}
		for y := sp.y0; y < sp.y1; y++ {
			row.w = append(row.w, portable.Exp(-sq(float64(y)-sp.cy)/(sp.r*sp.r)))
		}
		rows = append(rows, row)
	}
	if len(cols) > maxCoarseCols || len(rows) > maxCoarse {
		panic("cv: more coarse glare spots than maxCoarse or maxCoarseCols")
	}
	return cols, rows
}()

// maxCoarse and maxCoarseCols bound the coarse spots and their columns
// (glareFitResid and coarseTYs keep them on the stack).
const maxCoarse, maxCoarseCols = 128, 32

// coarseTYs is spotTY of every coarse spot (in coarseSpots' order) into
// out, by the spots' factors (coarseCols): the same sums to rounding.
func coarseTYs(ty []float64, out []float64) {
	const n = patchSize / 2
	var h [maxCoarseCols][n]float64 // per column, per row (on the stack)
	for c, col := range coarseCols {
		h[c] = colSums(ty, col)
	}
	for k, r := range coarseRows {
		hc := h[r.col][r.y0:r.y1]
		var s float64
		for i, w := range r.w {
			s += w * hc[i]
		}
		out[k] = s
	}
}

// colSums are column col's sums Σw·ty over each fitted row, each summed
// in order, four rows at a time (four sums' latencies overlap; one sum's
// bounds a row alone).
func colSums(ty []float64, col spotCol) (h [patchSize / 2]float64) {
	const n = patchSize / 2
	w := col.w
	y := fitFrom
	for ; y+4 <= fitTo; y += 4 {
		r0 := ty[y*n+col.x0:][:len(w)]
		r1 := ty[(y+1)*n+col.x0:][:len(w)]
		r2 := ty[(y+2)*n+col.x0:][:len(w)]
		r3 := ty[(y+3)*n+col.x0:][:len(w)]
		var s0, s1, s2, s3 float64
		for i, wi := range w {
			s0 += wi * r0[i]
			s1 += wi * r1[i]
			s2 += wi * r2[i]
			s3 += wi * r3[i]
		}
		h[y], h[y+1], h[y+2], h[y+3] = s0, s1, s2, s3
	}
	for ; y < fitTo; y++ {
		row := ty[y*n+col.x0:][:len(w)]
		var s float64
		for i, wi := range w {
			s += wi * row[i]
		}
		h[y] = s
	}
	return h
}

// glareData is the half-resolution contrast channel of a patch at one
// polarity, brighter up (bright) or down.
type glareData struct {
	y []float32
	// spots keeps, per spot of glareSpots, its sums that no template
	// enters (see spotSums); nil: none kept.
	spots  []spotSums
	bright float32 // +1: y rises with brightness, -1: falls
	// base sums over the fitted part: count, Σy, Σy².
	n, sy, syy float64
	// mean and sd: y is (-channel - mean) / sd; raw the unsmoothed
	// channel at full resolution.
	mean, sd float64
	raw      []float32
}

// glareDataOf is the half-resolution channel of BGR patch p at polarity
// pol, the glyph above the body, standardised.
func glareDataOf(p []byte, pol int) glareData {
	x, _ := contrastChannel(p, pol)
	var b [patchSize * patchSize]float32
	blurTwiceTo(b[:], x)
	c := halve(b[:])
	d := glareData{y: c, bright: -1, spots: make([]spotSums, len(glareSpots))}
	if pol == polLight {
		d.bright = 1
	}
	const n = patchSize / 2
	var s, ss float64
	k := 0
	for y := fitFrom; y < fitTo; y++ {
		for x := fitFrom; x < fitTo; x++ {
			v := -float64(c[y*n+x])
			s += v
			ss += v * v
			k++
		}
	}
	mean := s / float64(k)
	sd := math.Sqrt(math.Max(ss/float64(k)-mean*mean, 1e-9))
	for i := range c {
		c[i] = float32((-float64(c[i]) - mean) / sd)
	}
	d.n, d.sy, d.syy, d.mean, d.sd, d.raw = float64(k), 0, float64(k), mean, sd, x
	return d
}

// glareFitResid is the share of d's variance template t (half
// resolution) leaves unexplained with the best of spots (and none), the
// spot (-1: none) and the fit's coefficients o, s, p, q. ts, when not
// nil, holds t's sums with the coarse spots (coarseSums). Each spot's
// equations are solved by blocks (templateBlock).
func glareFitResid(d glareData, t []float32, spots []glareSpot, ts *tmplSums) (float64, int, [4]float64) {
	var ty [(patchSize / 2) * (patchSize / 2)]float64 // (ts given)
	st, stt, sty := fitSums(d, t, ts, &ty)
	// No spot: y ≈ o + s·T.
	best, at, coef := 1.0, -1, [4]float64{}
	if vt := stt - st*st/d.n; vt > 1e-6 {
		cov := sty - st*d.sy/d.n
		if s := cov / vt; s > 0 {
			best, coef = 1-cov*cov/vt/d.syy, [4]float64{(d.sy - s*st) / d.n, s, 0, 0}
		}
	}
	tb, ok := templateBlockOf(d.n, st, stt, d.sy, sty)
	if !ok { // (a flat template: no spot helps)
		return best, at, coef
	}
	var tysBuf [maxCoarse]float64
	var tys []float64 // every coarse spot's Σg·t·y (spots the coarse ones, ts given)
	if ts != nil && len(spots) == len(coarseSpots) && &spots[0] == &coarseSpots[0] {
		tys = tysBuf[:len(coarseSpots)]
		coarseTYs(ty[:], tys)
	}
	for k, sp := range spots {
		sg, sgg, sgy := d.spotSums(sp)
		var sgt, sgtt, sggt, sggtt, sgty float64
		if c := coarseAt[sp.index]; ts != nil && c >= 0 {
			sgt, sgtt, sggt, sggtt = ts.spots[c][0], ts.spots[c][1], ts.spots[c][2], ts.spots[c][3]
			if tys != nil {
				sgty = tys[c]
			} else {
				sgty = spotTY(ty[:], sp)
			}
		} else {
			sgt, sgtt, sggt, sggtt, sgty = spotTSums(d, t, sp)
		}
		b, ok := tb.solve([2][2]float64{{sg, sgt}, {sgt, sgtt}}, [2][2]float64{{sgg, sggt}, {sggt, sggtt}}, [2]float64{sgy, sgty})
		if !ok || b[1] <= 0 || b[2]*float64(d.bright) < 0 || b[3] < -1.1*b[1] || b[3] > 0.1*b[1] {
			continue
		}
		rhs := [4]float64{d.sy, sty, sgy, sgty}
		expl := 0.0
		for i := range b {
			expl += b[i] * rhs[i]
		}
		if r := 1 - expl/d.syy; r < best {
			best, at, coef = r, k, b
		}
	}
	return best, at, coef
}

// fitSums are the sums of a glare fit over the fitted part that no spot
// enters: Σt, Σt² (ts's when given) and Σt·y; with ts, t·y at each pixel
// too, into ty (spotTY sums it).
func fitSums(d glareData, t []float32, ts *tmplSums, ty *[(patchSize / 2) * (patchSize / 2)]float64) (st, stt, sty float64) {
	const n = patchSize / 2
	if ts != nil {
		for y := fitFrom; y < fitTo; y++ {
			for x := fitFrom; x < fitTo; x++ {
				i := y*n + x
				ty[i] = float64(t[i]) * float64(d.y[i])
				sty += ty[i]
			}
		}
		return ts.st, ts.stt, sty
	}
	for y := fitFrom; y < fitTo; y++ {
		for x := fitFrom; x < fitTo; x++ {
			i := y*n + x
			tv, yv := float64(t[i]), float64(d.y[i])
			st += tv
			stt += tv * tv
			sty += tv * yv
		}
	}
	return st, stt, sty
}

// templateBlock is the part of a glare fit's normal equations that no
// spot enters: the template's block P = (n, st; st, stt) inverted, and
// P⁻¹ times its right-hand side (sy, sty). Solving each spot's equations
// by blocks from it (solve) takes a fifth less time than eliminating.
type templateBlock struct {
	inv [2][2]float64
	u   [2]float64
}

// templateBlockOf is the template block of the sums given; false when P
// is singular (a flat template).
func templateBlockOf(n, st, stt, sy, sty float64) (templateBlock, bool) {
	det := n*stt - st*st
	if math.Abs(det) < 1e-9*n*stt {
		return templateBlock{}, false
	}
	var tb templateBlock
	tb.inv = [2][2]float64{{stt / det, -st / det}, {-st / det, n / det}}
	tb.u = [2]float64{tb.inv[0][0]*sy + tb.inv[0][1]*sty, tb.inv[1][0]*sy + tb.inv[1][1]*sty}
	return tb, true
}

// solve solves the fit's normal equations with one spot by blocks: q the
// block the spot and the template share (symmetric), r the spot's own,
// y2 the spot's right-hand side. The spot's two unknowns come from the
// Schur complement of the template's block; the answer is o, s, p, q
// (see glareFitResid), false when the spot's complement is singular.
func (tb templateBlock) solve(q, r [2][2]float64, y2 [2]float64) ([4]float64, bool) {
	pi := tb.inv
	m := [2][2]float64{
		{pi[0][0]*q[0][0] + pi[0][1]*q[1][0], pi[0][0]*q[0][1] + pi[0][1]*q[1][1]},
		{pi[1][0]*q[0][0] + pi[1][1]*q[1][0], pi[1][0]*q[0][1] + pi[1][1]*q[1][1]},
	}
	s00 := r[0][0] - (q[0][0]*m[0][0] + q[1][0]*m[1][0])
	s01 := r[0][1] - (q[0][0]*m[0][1] + q[1][0]*m[1][1])
	s10 := r[1][0] - (q[0][1]*m[0][0] + q[1][1]*m[1][0])
	s11 := r[1][1] - (q[0][1]*m[0][1] + q[1][1]*m[1][1])
	det := s00*s11 - s01*s10
	if p := math.Max(math.Abs(s00), math.Abs(s10)); p < 1e-9 || math.Abs(det) < 1e-9*p {
		return [4]float64{}, false
	}
	z0 := y2[0] - (q[0][0]*tb.u[0] + q[1][0]*tb.u[1])
	z1 := y2[1] - (q[0][1]*tb.u[0] + q[1][1]*tb.u[1])
	pp := (s11*z0 - s01*z1) / det
	qq := (s00*z1 - s10*z0) / det
	o := tb.u[0] - (m[0][0]*pp + m[0][1]*qq)
	sl := tb.u[1] - (m[1][0]*pp + m[1][1]*qq)
	return [4]float64{o, sl, pp, qq}, true
}

// spotTSums are the sums of spot sp's fit to d that template t enters:
// Σg·t, Σg·t², Σg²·t, Σg²·t² and Σg·t·y.
func spotTSums(d glareData, t []float32, sp glareSpot) (sgt, sgtt, sggt, sggtt, sgty float64) {
	const n = patchSize / 2
	j := 0
	w := sp.x1 - sp.x0
	for y := sp.y0; y < sp.y1; y++ {
		row, tr, gr := d.y[y*n+sp.x0:y*n+sp.x1], t[y*n+sp.x0:y*n+sp.x1], sp.g[j:j+w]
		j += w
		for x, g32 := range gr {
			g, tv, yv := float64(g32), float64(tr[x]), float64(row[x])
			gt := g * tv
			sgt += gt
			sgtt += gt * tv
			sggt += g * gt
			sggtt += gt * gt
			sgty += gt * yv
		}
	}
	return
}

// spotTY is Σg·t·y of spotTSums alone, from ty (t·y at each
// half-resolution pixel), summed in four interleaved parts (a sum's
// latency, not its work, bounds a single one).
func spotTY(ty []float64, sp glareSpot) float64 {
	const n = patchSize / 2
	var s0, s1, s2, s3 float64
	j := 0
	w := sp.x1 - sp.x0
	for y := sp.y0; y < sp.y1; y++ {
		row, gr := ty[y*n+sp.x0:y*n+sp.x1], sp.g[j:j+w]
		j += w
		x := 0
		for ; x+4 <= len(gr); x += 4 {
			s0 += float64(gr[x]) * row[x]
			s1 += float64(gr[x+1]) * row[x+1]
			s2 += float64(gr[x+2]) * row[x+2]
			s3 += float64(gr[x+3]) * row[x+3]
		}
		for ; x < len(gr); x++ {
			s0 += float64(gr[x]) * row[x]
		}
	}
	return (s0 + s1) + (s2 + s3)
}

// tmplSums are the sums of a glare fit that only its template and the
// coarse spots enter: Σt and Σt² over the fitted part, and per coarse
// spot Σg·t, Σg·t², Σg²·t and Σg²·t² (as spotTSums sums them). Every
// glare fit fits a class at the same turns and shifts with the coarse
// spots, face after face: the model keeps them (coarseSums).
type tmplSums struct {
	st, stt float64
	spots   [][4]float64
}

// tmplSumsOf are template t's sums.
func tmplSumsOf(t []float32) *tmplSums {
	const n = patchSize / 2
	ts := &tmplSums{spots: make([][4]float64, len(coarseSpots))}
	for y := fitFrom; y < fitTo; y++ {
		for x := fitFrom; x < fitTo; x++ {
			tv := float64(t[y*n+x])
			ts.st += tv
			ts.stt += tv * tv
		}
	}
	var none glareData // (its Σg·t·y is not kept)
	none.y = make([]float32, len(t))
	for k, sp := range coarseSpots {
		sgt, sgtt, sggt, sggtt, _ := spotTSums(none, t, sp)
		ts.spots[k] = [4]float64{sgt, sgtt, sggt, sggtt}
	}
	return ts
}

// coarseSums are tmplSumsOf(t), t the half-resolution template of f's
// class at f's turn and shift (each within one pixel): made once for the
// model and kept, atomically, as readers may share a model (at most 36
// per class, 3.5 kB each).
func (m *Model) coarseSums(f glareClassFit, t []float32) *tmplSums {
	i := (4*f.class+f.rot)*9 + 3*(f.dy+1) + f.dx + 1
	if i >= len(m.glareSums) || f.dx < -1 || f.dx > 1 || f.dy < -1 || f.dy > 1 { // (a model not prepared)
		return tmplSumsOf(t)
	}
	if ts := m.glareSums[i].Load(); ts != nil {
		return ts
	}
	ts := tmplSumsOf(t)
	m.glareSums[i].Store(ts)
	return ts
}

// spotSums are the sums of spot sp's fit to d that no template enters:
// Σg, Σg² and Σg·y over the spot, each summed in the order glareFitResid
// sums the others. Placing the glare fits the classes at many turns and
// shifts with the same spots: they are made once per spot and kept in
// d.spots.
type spotSums struct {
	sg, sgg, sgy float64
	known        bool
}

func (d glareData) spotSums(sp glareSpot) (sg, sgg, sgy float64) {
	var keep *spotSums
	if i := sp.index; i < len(d.spots) && len(sp.g) > 0 && &glareSpots[i].g[0] == &sp.g[0] {
		if keep = &d.spots[i]; keep.known {
			return keep.sg, keep.sgg, keep.sgy
		}
	}
	const n = patchSize / 2
	j := 0
	w := sp.x1 - sp.x0
	for y := sp.y0; y < sp.y1; y++ {
		row, gr := d.y[y*n+sp.x0:y*n+sp.x1], sp.g[j:j+w]
		j += w
		for x, g32 := range gr {
			g, yv := float64(g32), float64(row[x])
			sg += g
			sgg += g * g
			sgy += g * yv
		}
	}
	if keep != nil {
		*keep = spotSums{sg: sg, sgg: sgg, sgy: sgy, known: true}
	}
	return sg, sgg, sgy
}

// glareClassFit is one class fitted with glare: its residual at its best
// turn and shift (half-resolution pixels).
type glareClassFit struct {
	class, rot, dx, dy int
	resid              float64
	spot               int        // in glareSpots (-1: none)
	coef               [4]float64 // o, s, p, q
}

// glareFits fits the classes cs (likeliest first) to patch p: the first
// at turn (every turn when allTurns) and every shift with the coarse
// spots, which places the glare; every class at the turn and shift that
// fits best with that spot, then with the coarse spots; the best few
// again with the spots around their best one.
func (m *Model) glareFits(p []byte, cs []int, turn int) []glareClassFit {
	data := map[int]glareData{}
	dataOf := func(c int) glareData {
		pol := m.polarity(c)
		d, ok := data[pol]
		if !ok {
			d = glareDataOf(p, pol)
			data[pol] = d
		}
		return d
	}
	first := m.placeGlare(dataOf(cs[0]), cs[0], coarseSpots, turn)
	var spot []glareSpot
	if first.spot >= 0 {
		spot = []glareSpot{glareSpots[first.spot]}
	}
	out := []glareClassFit{first}
	for _, c := range cs[1:] {
		d := dataOf(c)
		f := m.placeGlare(d, c, spot, allTurns)
		t := f.template(m)
		f.resid, f.spot, f.coef = fitSpots(d, t, coarseSpots, m.coarseSums(f, t))
		out = append(out, f)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].resid < out[b].resid })
	var near [maxNear]glareSpot // (on the stack)
	for i := range out[:min(len(out), glareRefine)] {
		f := &out[i]
		if f.spot < 0 {
			continue
		}
		t := f.template(m)
		if res, k, coef := fitSpots(dataOf(f.class), t, spotsNear(near[:0], glareSpots[f.spot]), m.coarseSums(*f, t)); res < f.resid {
			f.resid, f.spot, f.coef = res, k, coef
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].resid < out[b].resid })
	return out
}

// fitSpots is glareFitResid with the spot given as its index in
// glareSpots.
func fitSpots(d glareData, t []float32, spots []glareSpot, ts *tmplSums) (float64, int, [4]float64) {
	res, k, coef := glareFitResid(d, t, spots, ts)
	if k >= 0 {
		k = spots[k].index
	}
	return res, k, coef
}

// placeGlare fits class c at turn (every turn when allTurns) and every
// shift with spots, the best kept.
func (m *Model) placeGlare(d glareData, c int, spots []glareSpot, turn int) glareClassFit {
	best := glareClassFit{class: c, resid: math.Inf(1), spot: -1}
	for r := range m.coarse[c] {
		if turn != allTurns && r != turn {
			continue
		}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				f := glareClassFit{class: c, rot: r, dx: dx, dy: dy}
				tf := f.template(m)
				if res, k, coef := fitSpots(d, tf, spots, m.coarseSums(f, tf)); res < best.resid {
					f.resid, f.spot, f.coef = res, k, coef
					best = f
				}
			}
		}
	}
	return best
}

// allTurns: placeGlare and glareFits fit a class at every turn.
const allTurns = -1

// movedCoarse is class c's half-resolution template at turn r moved by
// dx, dy (each within one pixel), a view of the model's, not a copy: over
// the fitted part (fitFrom to fitTo), all a glare fit and seenShare read
// of it, it holds the template moved (shiftGridTo); beyond, where the
// moved template holds zeros, the view holds its rows' neighbours or the
// frame's zeros (framed).
func (m *Model) movedCoarse(c, r, dx, dy int) []float32 {
	const n = patchSize / 2
	at := n + 1 - dy*n - dx
	return m.coarseFramed[c][r][at : at+n*n : at+n*n]
}

// framed is the n×n map v in a frame of n+1 zeros before and after it,
// one backing array (unframed is v's part of it).
func framed(v []float32, n int) []float32 {
	buf := make([]float32, n*n+2*(n+1))
	copy(buf[n+1:], v[:n*n])
	return buf
}

// unframed is the map framed holds.
func unframed(buf []float32, n int) []float32 {
	return buf[n+1 : n+1+n*n : n+1+n*n]
}

// template is the fit's class's half-resolution template at its turn and
// shift (movedCoarse: a view of the model's, right over the fitted part).
func (f glareClassFit) template(m *Model) []float32 {
	return m.movedCoarse(f.class, f.rot, f.dx, f.dy)
}

// spotsNear appends to out the spots of every radius centred within
// glareStep of s.
func spotsNear(out []glareSpot, s glareSpot) []glareSpot {
	for _, o := range glareSpots {
		if math.Abs(o.cx-s.cx) <= glareStep && math.Abs(o.cy-s.cy) <= glareStep {
			out = append(out, o)
		}
	}
	return out
}

// maxNear: spotsNear gives at most this many spots (three centres each
// way, every radius).
const maxNear = 9 * 4

// glareRefine: how many best classes are fitted again with the spots
// around their best one.
const glareRefine = 4

// deglaredBy is the feature of patch p (first read as f) with the glare
// fit takes out: the ink map (y - o - p·g) / (s + q·g) at full
// resolution, each pixel weighed by the share of the glyph's contrast
// left there (s + q·g)/s, 0 below glareSeen.
func deglaredBy(p []byte, f feature, fit glareClassFit, d glareData, pol int) feature {
	const n = patchSize
	o, s, pp, q := fit.coef[0], fit.coef[1], fit.coef[2], fit.coef[3]
	ik := make([]float32, n*n)
	w := make([]float32, n*n)
	h := make([]float32, n*n)
	var sp glareSpot
	if fit.spot >= 0 {
		sp = glareSpots[fit.spot]
	}
	for i, x := range d.raw {
		g := 0.0
		if fit.spot >= 0 {
			dx := (float64(i%n)+0.5)/2 - (sp.cx + 0.5)
			dy := (float64(i/n)+0.5)/2 - (sp.cy + 0.5)
			g = portable.Exp(-(dx*dx + dy*dy) / (sp.r * sp.r))
		}
		y := (-float64(x) - d.mean) / d.sd
		c := s + q*g
		h[i] = float32(g)
		if k := c / s; k >= glareSeen {
			w[i] = float32(min(1, k))
			ik[i] = float32(min(inkHi, max(inkLo, (y-o-pp*g)/c)))
		}
	}
	g := feature{col: spotFreeColour(p, ik, h, f.col), pol: pol, under: f.under}
	inkFeature(nil, &g, ik, w)
	return g
}

// spotFreeColour is the colour feature of patch p without the glare spot
// g (unit strength): each channel of the ring's body pixels (ink map ik
// below 0.3) and the brightness of the ink pixels (above 0.6) are fitted
// as a level plus a multiple of g, the level kept (what the pixel shows
// where the spot is 0, whatever the light's white level); clipped pixels
// are left out. col when the body shows too few pixels.
func spotFreeColour(p []byte, ik, g []float32, col [numCol]float64) [numCol]float64 {
	ring := ringMask()
	var body, ink [4]lineFit // B, G, R, brightness
	for i, x := range ik {
		q := p[3*i : 3*i+3 : 3*i+3]
		if q[0] >= clipLevel || q[1] >= clipLevel || q[2] >= clipLevel {
			continue
		}
		gi := float64(g[i])
		switch {
		case x > 0.6:
			ink[3].add(gi, float64(q[0])+float64(q[1])+float64(q[2]))
		case ring[i] && x < 0.3 && x > glareInk:
			for c := range 3 {
				body[c].add(gi, float64(q[c]))
			}
			body[3].add(gi, float64(q[0])+float64(q[1])+float64(q[2]))
		}
	}
	if body[0].n < minBodyPixels || ink[3].n < minBodyPixels/4 {
		return col
	}
	b, gr, r := body[0].level(), body[1].level(), body[2].level()
	lr, lbg := portable.Log((max(0, r)+4)/(max(0, gr)+4)), portable.Log((max(0, b)+4)/(max(0, gr)+4))
	return [numCol]float64{lr + lbg, lr - lbg, portable.Log((max(0, body[3].level()) + 12) / (max(0, ink[3].level()) + 12))}
}

// clipLevel: a channel this bright may be clipped.
const clipLevel = 250

// lineFit fits y = a + b·x by least squares.
type lineFit struct {
	n                int
	sx, sy, sxx, sxy float64
}

func (l *lineFit) add(x, y float64) {
	l.n++
	l.sx += x
	l.sy += y
	l.sxx += x * x
	l.sxy += x * y
}

// level is a, the fit at x = 0 (the mean of y when x hardly varies).
func (l *lineFit) level() float64 {
	n := float64(l.n)
	v := l.sxx - l.sx*l.sx/n
	if v < 1e-3*n {
		return l.sy / n
	}
	b := (l.sxy - l.sx*l.sy/n) / v
	return (l.sy - b*l.sx) / n
}

// glareSeen: where glare leaves less than this share of the glyph's
// contrast, the face is hidden.
const glareSeen = 0.35

// glareRead reads again, with glare fitted, the die read unsure as v:
// the likeliest glareClasses classes by the discriminant (of the kinds
// its colour allows) are fitted at v's placement, the best fit's glare
// is taken out (deglaredBy) and the face read again (at v's polarity
// when glare flipped the face's contrast: glareFeature; when it may
// have, the likeliest classes of the other polarity are fitted too:
// withOtherPolarity). The new reading replaces v when it is sure by
// glareSure times the threshold (and flippedSure, when flipped); the
// fits decide its face (the best fit reads it and every other face's
// fits glareRatio times worse) or the glare the best other face's fit sees,
// taken out, reads that face too; and the glare leaves seen what tells
// it from the other faces fitted (glareSpares). Its kind may be in
// doubt, as any reading's.
func (r *Reader) glareRead(frame gocv.Mat, v verdict) verdict {
	g := r.glareReadingOf(frame, v)
	if !g.sure {
		return v
	}
	w := g.w // (made die v's: at its placement and try)
	w.at, w.try = v.at, v.try
	return w
}

// glareReadingOf is glareReadAt's reading of die v, kept for the frame
// being read (the same placement is glare read again and again: first,
// in its last checks, at each retry).
func (r *Reader) glareReadingOf(frame gocv.Mat, v verdict) glareReading {
	if !r.reading {
		w, sure := r.glareReadAt(frame, v)
		return glareReading{w: w, sure: sure}
	}
	k := glareKey{at: v.at, m: r.m, inf: math.IsInf(v.resid, 1)}
	if !k.inf {
		k.pol = r.m.polarity(v.class)
	}
	if i := slices.IndexFunc(r.glareReads, func(g glareReading) bool { return g.key == k }); i >= 0 {
		return r.glareReads[i]
	}
	w, sure := r.glareReadAt(frame, v)
	r.glareReads = append(r.glareReads, glareReading{key: k, w: w, sure: sure})
	return r.glareReads[len(r.glareReads)-1]
}

// glareKey is what glareRead's reading depends on besides the frame: the
// placement, the model (byElimination reads without some kinds), and
// the polarity the die was read at (glareFeature), unless nothing fitted.
type glareKey struct {
	at  rect
	m   *Model
	pol int
	inf bool
}

// glareReading is a glare reading (glareReadingOf).
type glareReading struct {
	key  glareKey
	w    verdict
	sure bool // w replaces the die's reading
}

// glareReadAt is glareRead without the kept readings: the reading, and
// whether it replaces v.
func (r *Reader) glareReadAt(frame gocv.Mat, v verdict) (verdict, bool) {
	p := r.q.patch(frame, v.at)
	f, flipped := r.glareFeature(p, v)
	fits, ok := r.m.likeliestGlareFits(p, f)
	if ok && !flipped && r.m.mayBeFlipped(f) {
		fits, f, flipped = r.m.withOtherPolarity(p, f, fits)
	}
	if !ok || !fits[0].explains() {
		return v, false
	}
	w := r.m.deglaredRead(p, f, fits[0])
	if w.conf < glareSure*r.m.Threshold || flipped && !r.m.flippedSure(w, fits) {
		return v, false
	}
	face := r.m.Classes[w.class].Face
	decided := r.m.Classes[fits[0].class].Face == face
	if o, ok := r.m.rivalFit(fits); ok {
		// It must fit clearly worse, or its glare taken out read w's
		// face too.
		decided = decided && o.resid >= glareRatio*fits[0].resid
		if !decided && r.m.Classes[r.m.deglaredRead(p, f, o).class].Face != face {
			return v, false
		}
	}
	if !r.m.glareSpares(fits, face) {
		return v, false
	}
	return w, true
}

// glareFeature is the feature glareRead ranks and reads patch p (read
// as v) by: the patch's, or, when glare flipped the face's contrast
// (classifyAt read it at the other polarity: v's kind has it), the
// feature at v's polarity, and true. (Ranked at the polarity the patch
// shows, the face's own class may not be among those fitted.)
func (r *Reader) glareFeature(p []byte, v verdict) (feature, bool) {
	f := featureOf(p)
	if pol := r.m.polarity(v.class); !math.IsInf(v.resid, 1) && pol != f.pol {
		return featureAt(p, pol), true
	}
	return f, false
}

// withOtherPolarity adds to fits, the glare fits of patch p read as f,
// the flippedClasses likeliest classes of the other polarity (ranked at
// it), when glare may have flipped the face's contrast (mayBeFlipped: a
// spot brighter than a dark glyph makes the patch show light ink); the
// class that fitted best at f places the glare (at the turn it fitted
// at), and all are fitted again at it. When a class of the other
// polarity fits best, the face is read at that polarity, flipped.
func (m *Model) withOtherPolarity(p []byte, f feature, fits []glareClassFit) ([]glareClassFit, feature, bool) {
	g := featureAt(p, -f.pol)
	ranked, _, ok := m.rankedClasses(g)
	if !ok {
		return fits, f, false
	}
	var cs []int
	for _, o := range fits {
		cs = append(cs, o.class)
	}
	added := 0
	for _, i := range ranked {
		if added < flippedClasses && m.polarity(i) == g.pol && !slices.Contains(cs, i) {
			cs = append(cs, i)
			added++
		}
	}
	fits = m.glareFits(p, cs, fits[0].rot)
	if m.polarity(fits[0].class) == g.pol {
		return fits, g, true
	}
	return fits, f, false
}

// flippedSure tells whether glareRead's reading w of a face whose
// contrast glare flipped (fits: its glare fits) may be sure. Its
// polarity is a guess too, so it must be sure by flippedGlareSure times
// the threshold, or its face decided by the fits flippedGlareRatio times
// over (the best fit reads it, and the best fit of another face fits
// that many times worse).
func (m *Model) flippedSure(w verdict, fits []glareClassFit) bool {
	if w.conf >= flippedGlareSure*m.Threshold {
		return true
	}
	if m.Classes[w.class].Face != m.Classes[fits[0].class].Face {
		return false
	}
	o, ok := m.rivalFit(fits)
	return !ok || o.resid >= flippedGlareRatio*fits[0].resid
}

// rivalFit is the best fit of fits (best first) of another face than the
// best's; false when none is.
func (m *Model) rivalFit(fits []glareClassFit) (glareClassFit, bool) {
	face := m.Classes[fits[0].class].Face
	for _, o := range fits[1:] {
		if m.Classes[o.class].Face != face {
			return o, true
		}
	}
	return glareClassFit{}, false
}

// likeliestGlareFits fits the glare of patch p (read as f) with the
// glareClasses classes its scores find likeliest, best fit first, the
// glare placed by the likeliest at the turn the scores read it at; false
// when none is likely.
func (m *Model) likeliestGlareFits(p []byte, f feature) ([]glareClassFit, bool) {
	cs, turn, ok := m.rankedClasses(f)
	if !ok {
		return nil, false
	}
	return m.glareFits(p, cs[:min(len(cs), glareClasses)], turn), true
}

// rankedClasses are the classes the scores of face f keep (of the kinds
// its colour allows), likeliest first, and the turn the likeliest is read
// at; false when they keep none.
func (m *Model) rankedClasses(f feature) ([]int, int, bool) {
	fs := m.score(f.desc, f.col)
	if fs.class < 0 {
		return nil, 0, false
	}
	var cs []int
	for i := range m.Classes {
		if !math.IsInf(fs.g[i], -1) {
			cs = append(cs, i)
		}
	}
	// (Stable: of classes scored alike the first comes first, as score
	// picks it, so the likeliest is fs.class.)
	sort.SliceStable(cs, func(a, b int) bool { return fs.g[cs[a]] > fs.g[cs[b]] })
	return cs, fs.rot, true
}

// glareSpares tells whether the glare of the best fit leaves seen at
// least glareSeenShare of what tells face apart from every other face
// fitted that the fit does not rule out (glareRuledOut; seenShare of
// face's fitted template and the other face's at the same turn and
// shift): glare that hides a mark's inside hides whether it is filled.
func (m *Model) glareSpares(fits []glareClassFit, face string) bool {
	i := slices.IndexFunc(fits, func(f glareClassFit) bool { return m.Classes[f.class].Face == face })
	if i < 0 {
		return false
	}
	seen := seenMap(fits[0])
	a := fits[i].template(m)
	for _, o := range fits {
		if m.Classes[o.class].Face == face || o.resid > glareRuledOut*fits[0].resid {
			continue
		}
		b := glareClassFit{class: o.class, rot: fits[i].rot, dx: fits[i].dx, dy: fits[i].dy}.template(m)
		if seenShare(seen, a, b) < glareSeenShare {
			return false
		}
	}
	return true
}

// seenShare is the share of the squared difference of half-resolution
// templates a and b over the fitted part that the glare leaves seen
// (each pixel weighed by the square of the share of contrast seen left
// there: a mark's inside half seen is hardly told).
func seenShare(seen []float64, a, b []float32) float64 {
	var all, vis float64
	for y := fitFrom; y < fitTo; y++ {
		for x := fitFrom; x < fitTo; x++ {
			j := y*(patchSize/2) + x
			d := float64(a[j]-b[j]) * float64(a[j]-b[j])
			all += d
			vis += d * seen[j] * seen[j]
		}
	}
	if all == 0 {
		return 1
	}
	return vis / all
}

// seenMap is the share of the glyph's contrast fit's glare leaves at each
// half-resolution pixel (0 below glareSeen).
func seenMap(fit glareClassFit) []float64 {
	const n = patchSize / 2
	out := make([]float64, n*n)
	for i := range out {
		out[i] = 1
	}
	if fit.spot < 0 {
		return out
	}
	sp := glareSpots[fit.spot]
	j := 0
	for y := sp.y0; y < sp.y1; y++ {
		for x := sp.x0; x < sp.x1; x++ {
			k := min(1, 1+fit.coef[3]/fit.coef[1]*float64(sp.g[j]))
			if k < glareSeen {
				k = 0
			}
			out[y*n+x] = k
			j++
		}
	}
	return out
}

// glareSeenShare: see glareSpares. A face whose fit leaves glareRuledOut
// times the best fit's residual is ruled out by the fit (what tells it
// apart is seen, or it would fit as well).
const (
	glareSeenShare = 0.4
	glareRuledOut  = 2.0
)

// explains tells whether the fit leaves at most glareMaxResid of the
// face's variance unexplained (a spot that fits only part of what the
// face shows, a mark taken for glare, is no glare to take out).
func (f glareClassFit) explains() bool { return f.resid <= glareMaxResid }

// deglaredRead classifies patch p (first read as f) with fit's glare
// taken out.
func (m *Model) deglaredRead(p []byte, f feature, fit glareClassFit) verdict {
	pol := m.polarity(fit.class)
	return m.classify(deglaredBy(p, f, fit, glareDataOf(p, pol), pol))
}

// glareSure and glareRatio: see glareRead; flippedGlareSure and
// flippedGlareRatio: see flippedSure; glareMaxResid: the most of the
// face's variance the best fit may leave unexplained. (Of the 42 flipped
// faces' glare readings sure by glareSure on the twelve bench sets, the
// 2 wrong ones were sure by 1.04 and 1.24 times the threshold, their
// faces decided 1.34 and 1.39 times over.)
const (
	glareMaxResid     = 0.2
	glareSure         = 1.0
	glareRatio        = 1.3
	flippedGlareSure  = 1.3
	flippedGlareRatio = 1.5
)

// glareClasses: how many classes glareRead fits; flippedClasses: how
// many of the other polarity withOtherPolarity adds (on the bench sets,
// adding 8 read a Trick "?" surely as mechanical; 2 read half the dice 4
// do).
const (
	glareClasses   = 8
	flippedClasses = glareClasses / 2
)

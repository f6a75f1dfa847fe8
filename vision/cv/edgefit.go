package cv

import (
	"math"

	"gocv.io/x/gocv"
)

// Fitting a top face to its edges: the top face of a black die on a dark
// mat, or of a die whose glare fills part of its outline, may be placed a
// sixth of its side off, turned or sized wrongly, as it is placed from
// its body colour. Its outline still shows as edges: two pairs of
// parallel lines about a side apart. edgeRect finds the rectangle whose
// sides run along the strongest such pairs near a placement.
const (
	fitSize = 72  // the fit's patch is fitSize² pixels...
	fitSpan = 1.8 // ...covering this many expected sides about the placement
	// The rectangle is looked for turned up to fitTurn (radians) either
	// way in steps of fitStep, its centre within fitShift of a side of
	// the placement's, its sides fitSmall to fitLarge times the expected.
	fitTurn  = math.Pi / 4
	fitStep  = 1.5 * math.Pi / 180
	fitShift = 0.3
	fitSmall = 0.85
	fitLarge = 1.2
	// An edge pixel votes for the turns within fitTol (radians) of its
	// own direction.
	fitTol = 6 * math.Pi / 180
	// An edge weaker than fitNoise times the patch's median strength is
	// noise (the mat's grain, the sensor's); one fitFull times it or
	// stronger counts fully, so that a glyph's sharp edges outweigh a
	// dark die's faint outline by their length only.
	fitNoise = 1.5
	fitFull  = 4.0
)

// fitAspects: the rectangles fitted, by the most their sides may differ
// (a ratio): a square first, then one foreshortened as a camera tilted
// by 30° sees a face (its sides differ by up to 1/cos 30° ≈ 1.15) where
// the frame's foreshortening (rect.Squash) was not found.
var fitAspects = []float64{1, 1.15}

// edgePix is one pixel's edge: where it lies (patch pixels from the
// patch's centre), its normal's direction modulo a half turn (radians,
// 0..π) and its strength.
type edgePix struct {
	x, y, dir, m float64
}

// edgeRect fits a rectangle to the edges about the face placed at rc,
// whose side is expected to be side, its sides differing by at most the
// ratio aspect: the rectangle (rc's foreshortening kept), or false when
// the patch shows no edges.
func (q *rectifier) edgeRect(frame gocv.Mat, rc rect, side, aspect float64) (rect, bool) {
	area := rc
	area.W, area.H = fitSpan*side, fitSpan*side
	warpSquare(frame, &q.fit, area.corners(1), fitSize, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
	p, err := q.fit.DataPtrUint8()
	if err != nil {
		return rc, false
	}
	px := fitSpan * side / fitSize // frame pixels per patch pixel
	turn, u, v, w, h, ok := fitRect(edgesOf(p, fitSize), side/px, aspect)
	if !ok {
		return rc, false
	}
	ux, uy := math.Cos(rc.Angle), math.Sin(rc.Angle)
	dx, dy := rc.squashed((u*ux-v*uy)*px, (u*uy+v*ux)*px)
	out := rc
	out.C = pt{rc.C.X + dx, rc.C.Y + dy}
	out.W, out.H = w*px, h*px
	out.Angle += turn
	return out, true
}

// edgeRectAt is edgeRect expecting the frame's die side at rc (sizeAt),
// or false when the frame has no size model.
func (q *rectifier) edgeRectAt(frame gocv.Mat, rc rect, aspect float64) (rect, bool) {
	if q.sizeAt == nil {
		return rc, false
	}
	return q.edgeRect(frame, rc, q.sizeAt(rc.C.X, rc.C.Y), aspect)
}

// edgesOf lists the edges of an n×n BGR patch: at each inner pixel, the
// structure tensor of its channels' gradients summed (a die as bright as
// its mat but of another colour shows its edges), its main direction and
// strength.
func edgesOf(p []byte, n int) []edgePix {
	es := make([]edgePix, 0, n*n)
	c := float64(n) / 2 // (pixel i's centre lies at i: warpSquare)
	for y := 1; y < n-1; y++ {
		for x := 1; x < n-1; x++ {
			var jxx, jxy, jyy float64
			for ch := 0; ch < 3; ch++ {
				gx, gy := sobelAt(p, 3*(y*n+x)+ch, 3*n)
				jxx, jxy, jyy = jxx+gx*gx, jxy+gx*gy, jyy+gy*gy
			}
			l := (jxx+jyy)/2 + math.Sqrt(sq((jxx-jyy)/2)+jxy*jxy)
			if l <= 0 {
				continue
			}
			dir := math.Mod(0.5*math.Atan2(2*jxy, jxx-jyy)+2*math.Pi, math.Pi)
			es = append(es, edgePix{x: float64(x) - c, y: float64(y) - c, dir: dir, m: math.Sqrt(l)})
		}
	}
	return es
}

// fitRect finds the rectangle whose outline the edges es support best,
// its sides within fitSmall..fitLarge of side (patch pixels) and
// differing by at most the ratio aspect: its turn, centre and sides. For
// each turn, every edge running along a side of the turned rectangle
// votes for where that side lies (a histogram for each of its two axes);
// the best rectangle is the pair of votes on each axis, about a side
// apart, that weighs most.
func fitRect(es []edgePix, side, aspect float64) (turn, u, v, w, hh float64, ok bool) {
	nt := int(math.Round(2 * fitTurn / fitStep))
	bins := 2*int(math.Ceil(0.75*fitSize)) + 1
	mid := bins / 2
	hs := make([]float64, 2*nt*bins) // (one allocation for every histogram)
	h := make([][2][]float64, nt)
	for i := range h {
		h[i] = [2][]float64{hs[2*i*bins : (2*i+1)*bins], hs[(2*i+1)*bins : (2*i+2)*bins]}
	}
	ms := make([]float64, len(es))
	for i, e := range es {
		ms[i] = e.m
	}
	noise := median(ms)
	cs, ss := make([]float64, nt), make([]float64, nt)
	for i := range cs {
		cs[i], ss[i] = math.Cos(-fitTurn+float64(i)*fitStep), math.Sin(-fitTurn+float64(i)*fitStep)
	}
	for _, e := range es {
		if e.m < fitNoise*noise {
			continue
		}
		m := math.Min(1, e.m/(fitFull*noise))
		// The turns within fitTol of the edge's direction, a quarter turn
		// apart being the same (one past each end: sideOf decides).
		r := e.dir
		if r >= math.Pi/2 {
			r -= math.Pi / 2
		}
		for _, c := range [2]float64{r, r - math.Pi/2} {
			from := max(0, int(math.Floor((c-fitTol+fitTurn)/fitStep)))
			to := min(nt-1, int(math.Ceil((c+fitTol+fitTurn)/fitStep)))
			for i := from; i <= to; i++ {
				axis, dev := sideOf(e.dir, -fitTurn+float64(i)*fitStep)
				if dev > fitTol {
					continue
				}
				w := m * (1 - dev/fitTol)
				if axis == 0 {
					vote(h[i][0], e.x*cs[i]+e.y*ss[i]+float64(mid), w)
				} else {
					vote(h[i][1], -e.x*ss[i]+e.y*cs[i]+float64(mid), w)
				}
			}
		}
	}
	best := 0.0
	lo, hi := int(math.Floor(fitSmall*side)), int(math.Ceil(fitLarge*side))
	reach := fitShift * side
	sa, ca := make([]float64, hi+1), make([]float64, hi+1)
	sb, cb := make([]float64, hi+1), make([]float64, hi+1)
	a, b := make([]float64, bins), make([]float64, bins)
	for i := range h {
		smooth(a, h[i][0])
		smooth(b, h[i][1])
		for k := lo; k <= hi; k++ {
			sa[k], ca[k] = bestPair(a, k, mid, reach)
			sb[k], cb[k] = bestPair(b, k, mid, reach)
		}
		for ka := lo; ka <= hi; ka++ {
			for kb := lo; kb <= hi; kb++ {
				if float64(max(ka, kb)) > aspect*float64(min(ka, kb)) || sa[ka]+sb[kb] <= best {
					continue
				}
				best = sa[ka] + sb[kb]
				turn, w, hh = -fitTurn+float64(i)*fitStep, float64(ka), float64(kb)
				pu, pv := ca[ka]-float64(mid), cb[kb]-float64(mid)
				ct, st := math.Cos(turn), math.Sin(turn)
				u, v = pu*ct-pv*st, pu*st+pv*ct
			}
		}
	}
	return turn, u, v, w, hh, best > 0
}

// sideOf says along which axis of a rectangle turned by t an edge whose
// normal runs at dir lies across (0: its normal along the x axis, a side
// at some u; 1: along y), and how far its normal is turned off that
// axis (radians, 0..π/4).
func sideOf(dir, t float64) (axis int, dev float64) {
	d := dir - t // (dir 0..π, t within ±π/4)
	if d < 0 {
		d += math.Pi
	} else if d >= math.Pi {
		d -= math.Pi
	}
	if d > math.Pi/2 {
		d -= math.Pi
	}
	dev = math.Abs(d)
	if dev > math.Pi/4 {
		return 1, math.Pi/2 - dev
	}
	return 0, dev
}

// vote adds w to the histogram h at x, shared linearly between its two
// nearest bins.
func vote(h []float64, x, w float64) {
	i := int(math.Floor(x))
	f := x - float64(i)
	if i >= 0 && i < len(h) {
		h[i] += w * (1 - f)
	}
	if i+1 >= 0 && i+1 < len(h) {
		h[i+1] += w * f
	}
}

// smooth writes into out (len(h)) h convolved with [1 2 1]/4.
func smooth(out, h []float64) {
	for i := range h {
		s := 2 * h[i]
		if i > 0 {
			s += h[i-1]
		}
		if i+1 < len(h) {
			s += h[i+1]
		}
		out[i] = s / 4
	}
}

// bestPair is the largest sum h[j]+h[j+k] whose middle lies within reach
// of mid, and that middle.
func bestPair(h []float64, k, mid int, reach float64) (float64, float64) {
	best, at := 0.0, float64(mid)
	from := max(0, int(math.Floor(float64(mid)-reach-float64(k)/2)))
	for j := from; j+k < len(h); j++ {
		c := float64(j) + float64(k)/2
		if c-float64(mid) > reach {
			break
		}
		if math.Abs(c-float64(mid)) > reach {
			continue
		}
		if s := h[j] + h[j+k]; s > best {
			best, at = s, c
		}
	}
	return best, at
}

// A die read again where its edges place it (edgeRead) is kept when read
// at least edgeSure, fitting within edgeResid (its glyph where its
// template wants it: the edges may be a neighbour's), and leaving the
// frame's foreground at most edgeLeave more than its first placement did
// (the edges of the mat's pattern or of a shadow).
const (
	edgeSure  = 0.7
	edgeResid = 0.04
	edgeLeave = 0.15
)

// edgeRead reads the die placed at rc again where its top face's edges
// place it (edgeRect, its side the frame's at that point): the
// placement and reading, or false when they are not kept.
func (r *Reader) edgeRead(frame gocv.Mat, rc rect) (rect, verdict, bool) {
	first := -1.0 // rc's foreground share, once needed
	for _, aspect := range fitAspects {
		e, ok := r.q.edgeRectAt(frame, rc, aspect)
		if !ok {
			continue
		}
		w := r.classifyDie(frame, e, nil)
		if w.conf < edgeSure || w.resid > edgeResid {
			continue
		}
		if first < 0 {
			first = r.q.foregroundShare(rc)
		}
		if r.q.foregroundShare(e) < first-edgeLeave {
			continue
		}
		return e, w, true
	}
	return rc, verdict{}, false
}

// A die read surely but below edgeDoubt is read again where its top
// face's edges place it (edgeCheck). (At 0.75 the check took 6% of a
// read, against 1.5%, and doubted no other die of the bench sets.)
const edgeDoubt = 0.65

// edgeCheck leaves v unsure when, read surely below edgeDoubt, the die
// reads another face surely where its top face's edges place it, fitting
// at least as well (a Bank X placed an eighth off its angle, its arms a
// +, reads 4).
func (r *Reader) edgeCheck(frame gocv.Mat, v verdict) verdict {
	if v.conf < r.m.Threshold || v.conf >= edgeDoubt {
		return v
	}
	e, ok := r.q.edgeRectAt(frame, v.at, fitAspects[0])
	if !ok {
		return v
	}
	w := r.checkAt(frame, e)
	if w.conf >= r.m.Threshold && r.m.Classes[w.class].Face != r.m.Classes[v.class].Face && w.resid <= v.resid {
		r.doubt(&v, "edges:"+r.m.Classes[w.class].Face)
	}
	return v
}

// foregroundShare is the share of the face placed at r (its inner
// fgInner) that the frame's foreground covers (1 without a mask).
func (q *rectifier) foregroundShare(r rect) float64 {
	const n = 16
	m := q.warpMask(r, fgInner, n)
	if m == nil {
		return 1
	}
	on := 0
	for _, b := range m {
		if b != 0 {
			on++
		}
	}
	return float64(on) / (n * n)
}

// fgInner: see foregroundShare.
const fgInner = 0.9

package cv

import (
	"math"
	"slices"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// Aligning a face to its template: a die not read surely may be placed a
// little off (its centre a tenth of its side away, its size a few percent
// wrong: the retries move it by one of these at a time). The template of
// the class it was read as is fitted to the face by Gauss-Newton over a
// similarity (shift, scale, turn) and the light (a gain of either sign and
// an offset, so light and dark ink alike), each pixel weighed down by how
// far it lies from the fit (a glare spot, a neighbour's glyph). The
// template's square, moved so, is a placement retryDie tries.

// Alignment window: the face's inner part (faceInner of its side, the
// template's extent) is sampled alignScale larger, on alignSize² pixels.
const (
	alignSize  = 64
	alignScale = float64(alignSize) / patchSize
	alignIters = 12
	// alignShift and alignScaleMax bound the fit (template pixels, and
	// the scale either way): farther is another die or no fit.
	alignShift    = 8.0
	alignScaleMax = 1.2
)

// alignFace fits class c's template at turn rot to the face placed at rc:
// the placement that fits, and false when the fit fails or leaves its
// bounds.
func (r *Reader) alignFace(frame gocv.Mat, rc rect, c, rot int) (rect, bool) {
	wide := rc
	wide.W, wide.H = rc.W*alignScale, rc.H*alignScale
	warpSquare(frame, &r.q.big, wide.corners(faceInner), alignSize, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
	p, err := r.q.big.DataPtrUint8()
	if err != nil {
		return rc, false
	}
	img := boxBlur(boxBlur(greyOf(p), alignSize), alignSize)
	w, ok := fitSimilarity(img, r.m.rot[c][rot])
	if !ok {
		return rc, false
	}
	return w.placement(rc), true
}

// greyOf is a BGR patch's brightness.
func greyOf(p []byte) []float32 {
	out := make([]float32, len(p)/3)
	for i := range out {
		out[i] = float32(p[3*i]) + float32(p[3*i+1]) + float32(p[3*i+2])
	}
	return out
}

// boxBlur is a 3×3 mean of the n×n map v (clamped at the edges).
func boxBlur(v []float32, n int) []float32 {
	out := make([]float32, n*n)
	for y := range n {
		for x := range n {
			var s float32
			for dy := -1; dy <= 1; dy++ {
				yy := min(n-1, max(0, y+dy))
				for dx := -1; dx <= 1; dx++ {
					s += v[yy*n+min(n-1, max(0, x+dx))]
				}
			}
			out[y*n+x] = s / 9
		}
	}
	return out
}

// similarity maps a template pixel's offset (x, y) from the template's
// centre to (1+a)x - by + tx, bx + (1+a)y + ty from the window's centre.
type similarity struct{ a, b, tx, ty float64 }

func (s similarity) scale() float64 { return portable.Hypot(1+s.a, s.b) }

// placement is rc moved as s moves the template's square (s in template
// pixels; the window's axes are rc's).
func (s similarity) placement(rc rect) rect {
	k := rc.W * faceInner / patchSize // frame pixels per template pixel, along W
	kh := rc.H * faceInner / patchSize
	ux, uy := math.Cos(rc.Angle), math.Sin(rc.Angle)
	dx, dy := rc.squashed(s.tx*k*ux-s.ty*kh*uy, s.tx*k*uy+s.ty*kh*ux)
	out := rc
	out.C = pt{rc.C.X + dx, rc.C.Y + dy}
	out.W, out.H = rc.W*s.scale(), rc.H*s.scale()
	out.Angle = rc.Angle + math.Atan2(s.b, 1+s.a)
	return out
}

// fitSimilarity fits template t (patchSize², its centre on the window's)
// to the alignSize² image img: img(s(x)) ≈ g·t(x) + o, by Gauss-Newton
// with weights that halve a pixel's pull beyond twice the median error.
//
// (A sample's three maps are read at one place, and the median error is
// selected, not sorted.)
func fitSimilarity(img, t []float32) (similarity, bool) {
	const n = alignSize
	var s similarity
	g, o := lightOf(img, t)
	gx, gy := gradients(img, n)
	img, gx, gy = img[:n*n], gx[:n*n], gy[:n*n]
	k := math.Inf(1)
	var errBuf [patchSize * patchSize]float64 // (on the stack)
	for it := 0; it < alignIters; it++ {
		var a normalEq
		errs := errBuf[:0]
		nan := false
		for v := range patchSize {
			for u := range patchSize {
				x0, y0 := float64(u)+0.5-patchSize/2, float64(v)+0.5-patchSize/2
				X := (1+s.a)*x0 - s.b*y0 + s.tx + alignSize/2 - 0.5
				Y := s.b*x0 + (1+s.a)*y0 + s.ty + alignSize/2 - 0.5
				c, ok := cellAt(n, X, Y) // (img, gx and gy sampled at one place)
				if !ok || c.i+n+1 >= len(img) {
					continue
				}
				iv, ix, iy := c.of(img, n), c.of(gx, n), c.of(gy, n)
				tv := float64(t[v*patchSize+u])
				e := iv - g*tv - o
				ae := math.Abs(e)
				nan = nan || ae != ae
				errs = append(errs, ae)
				w := 1.0
				if ae > k {
					w = k / ae
				}
				a.add(ix*x0+iy*y0, -ix*y0+iy*x0, ix, iy, tv, w, e)
			}
		}
		if len(errs) < len(t)/2 {
			return s, false
		}
		if nan { // (the sort orders NaNs first)
			slices.Sort(errs)
			k = 2 * math.Max(errs[len(errs)/2], 1)
		} else {
			k = 2 * math.Max(quickselect(errs, len(errs)/2), 1)
		}
		if !gaussNewtonStep(a.full(), &s, &g, &o) {
			return s, false
		}
	}
	return s, math.Abs(g) > 0
}

// normalEq holds the normal equations of fitSimilarity's least squares,
// their matrix's upper triangle row by row (it is symmetric), then the
// right-hand side.
type normalEq [21 + 6]float64

// add adds one pixel to the normal equations: its row of the Jacobian
// (the move's four columns j0..j3, then the template tv and 1 for the
// light), weighed by w, and its error e. (Unrolled: as loops over the
// triangle, the fit takes a quarter longer.)
func (a *normalEq) add(j0, j1, j2, j3, tv, w, e float64) {
	w0, w1, w2, w3, w4 := w*j0, w*j1, w*j2, w*j3, w*tv
	a[0] += w0 * j0
	a[1] += w0 * j1
	a[2] += w0 * j2
	a[3] += w0 * j3
	a[4] += w0 * tv
	a[5] += w0
	a[6] += w1 * j1
	a[7] += w1 * j2
	a[8] += w1 * j3
	a[9] += w1 * tv
	a[10] += w1
	a[11] += w2 * j2
	a[12] += w2 * j3
	a[13] += w2 * tv
	a[14] += w2
	a[15] += w3 * j3
	a[16] += w3 * tv
	a[17] += w3
	a[18] += w4 * tv
	a[19] += w4
	a[20] += w
	a[21] -= w0 * e
	a[22] -= w1 * e
	a[23] -= w2 * e
	a[24] -= w3 * e
	a[25] -= w4 * e
	a[26] -= w * e
}

// full is the augmented matrix of the normal equations.
func (a *normalEq) full() *[6][7]float64 {
	var m [6][7]float64
	k := 0
	for r := range 6 {
		for c := r; c < 6; c++ {
			m[r][c], m[c][r] = a[k], a[k]
			k++
		}
		m[r][6] = a[21+r]
	}
	return &m
}

// gaussNewtonStep solves the normal equations a and moves s and the
// light's gain g and offset o by the step; false when a is singular or
// the move leaves the fit's bounds.
func gaussNewtonStep(a *[6][7]float64, s *similarity, g, o *float64) bool {
	var d [6]float64
	if !solveLinear([][]float64{a[0][:], a[1][:], a[2][:], a[3][:], a[4][:], a[5][:]}, d[:]) {
		return false
	}
	// (the light's columns are the template and 1, not their
	// negatives: its gain and offset move by -d[4], -d[5])
	s.a, s.b, s.tx, s.ty = s.a+d[0], s.b+d[1], s.tx+d[2], s.ty+d[3]
	*g, *o = *g-d[4], *o-d[5]
	return math.Abs(s.tx) <= alignShift && math.Abs(s.ty) <= alignShift && s.scale() <= alignScaleMax && s.scale() >= 1/alignScaleMax
}

// gradients are the central differences of the n×n map v along x and y.
func gradients(v []float32, n int) (gx, gy []float32) {
	gx, gy = make([]float32, n*n), make([]float32, n*n)
	for y := range n {
		for x := range n {
			gx[y*n+x] = (v[y*n+min(n-1, x+1)] - v[y*n+max(0, x-1)]) / 2
			gy[y*n+x] = (v[min(n-1, y+1)*n+x] - v[max(0, y-1)*n+x]) / 2
		}
	}
	return gx, gy
}

// cell is where a point falls in an n×n map: the index of the pixel at
// its cell's top left and the point's place within the cell.
type cell struct {
	i      int
	fx, fy float64
}

// cellAt is the cell of (x, y) in an n×n map (pixel centres at
// integers); false beyond its edge.
func cellAt(n int, x, y float64) (cell, bool) {
	if x < 0 || y < 0 || x > float64(n-1) || y > float64(n-1) {
		return cell{}, false
	}
	x0, y0 := min(int(x), n-2), min(int(y), n-2)
	return cell{y0*n + x0, x - float64(x0), y - float64(y0)}, true
}

// of is the n×n map v sampled bilinearly at the cell's point.
func (c cell) of(v []float32, n int) float64 {
	top := float64(v[c.i])*(1-c.fx) + float64(v[c.i+1])*c.fx
	bot := float64(v[c.i+n])*(1-c.fx) + float64(v[c.i+n+1])*c.fx
	return top*(1-c.fy) + bot*c.fy
}

// lightOf fits img ≈ g·t + o over the template's square unmoved (least
// squares).
func lightOf(img, t []float32) (g, o float64) {
	var n, st, stt, si, sti float64
	const off = (alignSize - patchSize) / 2
	for v := range patchSize {
		for u := range patchSize {
			tv, iv := float64(t[v*patchSize+u]), float64(img[(v+off)*alignSize+u+off])
			n++
			st += tv
			stt += tv * tv
			si += iv
			sti += tv * iv
		}
	}
	if d := stt - st*st/n; d > 1e-9 {
		g = (sti - st*si/n) / d
	}
	return g, (si - g*st) / n
}

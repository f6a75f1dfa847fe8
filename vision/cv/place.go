package cv

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// Top-face refinement: a found blob holds the die's top face, the sides the
// camera sees and some shadow. The top face is the part of the body colour
// (sides are the same colour, darker by at least a third); its glyph lies
// inside it.
const (
	refineSize  = 64
	refineGrow  = 1.15 // the blob's rectangle is grown by this to be warped
	topDarkest  = 0.84 // top-face pixels: brightness over the body's...
	topLightest = 1.60
	topChroma   = 0.10 // ...and chroma distance at most this (more in the dark)
)

// refine finds the top face of the die in the blob r; it returns r
// unchanged and false when it cannot.
func (q *rectifier) refine(frame gocv.Mat, r rect) (rect, bool) {
	out, _, ok := q.refineShape(r, q.view(frame, r))
	return out, ok
}

// blobView is a die's blob seen in the refine patch: the masks of its
// candidate body colours (each of the two colour groups of the face's
// centre), cleared outside the frame's foreground.
type blobView struct {
	masks [][]byte
	dark  bool // a mask was told from the mat by brightness (view)
}

// view warps blob r into the refine patch and computes its body masks,
// cleared outside the frame's foreground. Where the foreground leaves out
// a body darker than the mat about the die (a black die on a dark mat:
// only its glyph differs from the mat), the body is told from the mat by
// brightness instead.
func (q *rectifier) view(frame gocv.Mat, r rect) blobView {
	p := q.warpBlob(frame, r)
	fg := q.warpForeground(r)
	mat, matOK := matAround(frame, r)
	var v blobView
	for _, body := range bodiesOf(p, refineSize) {
		hi, dark := lightestBelow(body, mat)
		var m []byte
		if dark && matOK && fg != nil {
			m = topMask(p, body, hi)
			square := q.squareTop(m)
			if !square {
				// The sides' thin rims may join the mat to the top face.
				m = openBy(m, darkOpen)
				square = q.squareTop(m)
			}
			if !square {
				// Or pieces of the sides or mat lie apart beside it.
				m = largestPart(m)
				square = q.squareTop(m)
			}
			if middleShare(m, fg) >= fgMiddle || !square {
				m = nil
			} else {
				v.dark = true
			}
		}
		if m == nil {
			m = topMask(p, body, topLightest)
			if fg != nil {
				clipTo(m, fg)
			}
		}
		v.masks = append(v.masks, m)
	}
	return v
}

// squareTop: the refine mask m (opened) holds a square top face that
// fills at least solidFill of its square.
func (q *rectifier) squareTop(m []byte) bool {
	var buf [refineSize * refineSize]byte
	open3(buf[:], m)
	t, _, ok := q.topHull(buf[:])
	return ok && fillOf(buf[:], t) >= solidFill
}

// darkOpen: a top face told from the mat by brightness whose mask does
// not give a square is opened by a square of 2·darkOpen+1 refine pixels.
const darkOpen = 2

// openBy is the opening of a refine mask by a square of 2r+1 pixels
// (OpenCV's: pixels outside the patch neither erode nor dilate), as a new
// mask.
func openBy(m []byte, r int) []byte {
	src, err := gocv.NewMatFromBytes(refineSize, refineSize, gocv.MatTypeCV8UC1, m)
	if err != nil {
		return m
	}
	defer src.Close()
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(2*r+1, 2*r+1))
	defer k.Close()
	dst := gocv.NewMat()
	defer dst.Close()
	gocv.MorphologyEx(src, &dst, gocv.MorphOpen, k)
	return dst.ToBytes()
}

// largestPart keeps the largest blob of a refine mask (its holes kept).
func largestPart(m []byte) []byte {
	tm, err := gocv.NewMatFromBytes(refineSize, refineSize, gocv.MatTypeCV8UC1, m)
	if err != nil {
		return m
	}
	defer tm.Close()
	cs := gocv.FindContours(tm, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	best, bestA := -1, 0.0
	for i := 0; i < cs.Size(); i++ {
		if a := gocv.ContourArea(cs.At(i)); a > bestA {
			best, bestA = i, a
		}
	}
	out := make([]byte, len(m))
	if best < 0 {
		return out
	}
	one := gocv.NewMatWithSize(refineSize, refineSize, gocv.MatTypeCV8UC1)
	defer one.Close()
	gocv.DrawContours(&one, cs, best, colorWhite, -1)
	p, _ := one.DataPtrUint8()
	for i := range out {
		out[i] = m[i] & p[i]
	}
	return out
}

// fgMiddle: a body whose pixels in the middle of its refine patch lie
// less than this share in the foreground is left out of it.
const fgMiddle = 0.5

// middleShare is the share of the pixels of the central half of a refine
// mask m that are set in fg.
func middleShare(m, fg []byte) float64 {
	const n = refineSize
	on, in := 0, 0
	for y := n / 4; y < n*3/4; y++ {
		for x := n / 4; x < n*3/4; x++ {
			if m[y*n+x] != 0 {
				on++
				if fg[y*n+x] != 0 {
					in++
				}
			}
		}
	}
	if on == 0 {
		return 1
	}
	return float64(in) / float64(on)
}

// A body at least matDarker times darker than the mat about its die is
// told from the mat by brightness: its top face's pixels are darker than
// the geometric mean of the two.
const matDarker = 1.2

// lightestBelow is the top mask's brightness bound (over the body's) for
// a body under a mat of brightness mat (B+G+R): topLightest, or below
// the mat (at most the geometric mean of the two, at least matMargin
// below the mat) when the body is the darker by matDarker (dark true).
func lightestBelow(body [3]float64, mat float64) (float64, bool) {
	b := body[0] + body[1] + body[2] + 6
	k := (mat + 6) / b
	if k < matDarker {
		return topLightest, false
	}
	return math.Min(topLightest, math.Max(math.Sqrt(k), k/matMargin)), true
}

// matMargin: the top mask of a body darker than the mat stops at least
// this factor below the mat's brightness (the body's pure colour may be
// its darkest part's, the top face lighter).
const matMargin = 1.15

// matAround is the brightness (B+G+R) of the mat about blob r in frame:
// the median of samples on two rings just outside the blob (a neighbour
// or the die's shadow fills less than half of them); false when too few
// samples fall inside the frame.
func matAround(frame gocv.Mat, r rect) (float64, bool) {
	if frame.Type() != gocv.MatTypeCV8UC3 || !frame.IsContinuous() {
		return 0, false
	}
	p, err := frame.DataPtrUint8()
	if err != nil {
		return 0, false
	}
	w, h := frame.Cols(), frame.Rows()
	const n = 48
	var vs []float64
	for _, k := range []float64{0.85, 1.05} {
		rad := k * r.side()
		for i := 0; i < n; i++ {
			a := 2 * math.Pi * float64(i) / n
			x, y := int(r.C.X+rad*math.Cos(a)), int(r.C.Y+rad*math.Sin(a))
			if x < 0 || y < 0 || x >= w || y >= h {
				continue
			}
			j := 3 * (y*w + x)
			vs = append(vs, float64(p[j])+float64(p[j+1])+float64(p[j+2]))
		}
	}
	if len(vs) < n/2 {
		return 0, false
	}
	return median(vs), true
}

// A top face found in a body group's mask fills its square. One filled
// less than ringFill and wider by more than ringWider than one filled at
// least solidFill found in the other group's mask is a ring around it: in
// dim light the dark glyph's colour is also the colour of the die's sides
// and shadow, which surround the top face. (In even light the dark group
// may give a thin ring hugging the top face's edge, wider by less.)
const (
	ringFill  = 0.45
	solidFill = 0.5
	ringWider = 1.15
)

// ringAround tells whether a top face (fill f, side s) is a ring around
// one found in the other group's mask (fill of, side os).
func ringAround(f, s, of, os float64) bool {
	return f < ringFill && of >= solidFill && s > ringWider*os
}

// refineShape finds the top face in a blob's view: the body group giving
// the larger square top face wins (the glyph may be larger than the
// body), unless that face is a ring around the other. It also gives the
// top face's shape tensor in frame pixels (its second moments over the
// square root of their determinant: the unit matrix for a square face
// seen from above).
func (q *rectifier) refineShape(r rect, v blobView) (rect, [3]float64, bool) {
	var t rect
	var hull []pt
	found, fill := false, 0.0
	var buf [refineSize * refineSize]byte
	for _, m := range v.masks {
		open3(buf[:], m)
		c, h, ok := q.topHull(buf[:])
		if !ok {
			continue
		}
		f := fillOf(buf[:], c)
		larger := c.W*c.H > t.W*t.H && !ringAround(f, c.side(), fill, t.side())
		if !found || larger || ringAround(fill, t.side(), f, c.side()) {
			t, hull, found, fill = c, h, true, f
		}
	}
	if !found {
		return r, [3]float64{}, false
	}
	out := fromRefine(r, t)
	if out.W > r.W*1.05 || out.H > r.H*1.05 {
		return r, [3]float64{}, false
	}
	sh, ok := shapeOf(r, hull)
	if !ok {
		return r, [3]float64{}, false
	}
	return out, sh, true
}

// fillOf is the share of the refine patch's pixels inside the rectangle t
// (refine patch pixels) that are set in the mask m.
func fillOf(m []byte, t rect) float64 {
	co, si := math.Cos(t.Angle), math.Sin(t.Angle)
	var in, on int
	for y := 0; y < refineSize; y++ {
		for x := 0; x < refineSize; x++ {
			dx, dy := float64(x)+0.5-t.C.X, float64(y)+0.5-t.C.Y
			if math.Abs(dx*co+dy*si) > t.W/2 || math.Abs(dy*co-dx*si) > t.H/2 {
				continue
			}
			in++
			if m[y*refineSize+x] != 0 {
				on++
			}
		}
	}
	if in == 0 {
		return 0
	}
	return float64(on) / float64(in)
}

// shapeOf is the shape tensor (xx, xy, yy) in frame pixels of a polygon
// in the refine patch of blob r: its second moments about its centroid
// over the square root of their determinant.
func shapeOf(r rect, poly []pt) ([3]float64, bool) {
	var a, cx, cy, ixx, ixy, iyy float64
	for i, p := range poly {
		o := poly[(i+1)%len(poly)]
		c := p.X*o.Y - o.X*p.Y
		a += c / 2
		cx += (p.X + o.X) * c / 6
		cy += (p.Y + o.Y) * c / 6
		ixx += (p.X*p.X + p.X*o.X + o.X*o.X) * c / 12
		iyy += (p.Y*p.Y + p.Y*o.Y + o.Y*o.Y) * c / 12
		ixy += (p.X*o.Y + 2*p.X*p.Y + 2*o.X*o.Y + o.X*p.Y) * c / 24
	}
	if math.Abs(a) < 1 {
		return [3]float64{}, false
	}
	cx, cy = cx/a, cy/a
	m := [3]float64{ixx/a - cx*cx, ixy/a - cx*cy, iyy/a - cy*cy}
	// To frame pixels: L = R(angle)·diag(gw, gh)/refineSize; L m Lᵀ.
	sx, sy := r.W*refineGrow/refineSize, r.H*refineGrow/refineSize
	co, si := math.Cos(r.Angle), math.Sin(r.Angle)
	l := [4]float64{co * sx, -si * sy, si * sx, co * sy}
	// L m: rows of L times m (m symmetric: [[m0 m1][m1 m2]]).
	p00, p01 := l[0]*m[0]+l[1]*m[1], l[0]*m[1]+l[1]*m[2]
	p10, p11 := l[2]*m[0]+l[3]*m[1], l[2]*m[1]+l[3]*m[2]
	f := [3]float64{p00*l[0] + p01*l[1], p00*l[2] + p01*l[3], p10*l[2] + p11*l[3]}
	det := f[0]*f[2] - f[1]*f[1]
	if det <= 0 {
		return [3]float64{}, false
	}
	d := math.Sqrt(det)
	return [3]float64{f[0] / d, f[1] / d, f[2] / d}, true
}

// The frame's foreshortening is measured on at least minSquashDice top
// faces; one of a factor above maxSquash is none (a camera seeing the
// table from above: small dice measure down to 0.95 there).
const (
	minSquashDice = 3
	maxSquash     = 0.965
)

// foreshorten gives the top face r (a square of angle r.Angle in the
// frame) the frame's foreshortening k along dir: its angle becomes the
// one its foreshortened edge has in the frame.
func foreshorten(r rect, k, dir float64) rect {
	s := r
	s.Squash, s.SquashDir = 1/k, dir
	ux, uy := s.squashed(math.Cos(r.Angle), math.Sin(r.Angle)) // the edge before foreshortening
	s.Squash = k
	s.Angle = math.Atan2(uy, ux)
	return s
}

// squashOf gives the mean of shape tensors as the foreshortening of a
// square: the ratio k ≤ 1 of its short axis to its long one and the
// direction of the short axis (radians).
func squashOf(ts [][3]float64) (k, dir float64) {
	var m [3]float64
	for _, t := range ts {
		for j := range m {
			m[j] += t[j] / float64(len(ts))
		}
	}
	tr, det := m[0]+m[2], m[0]*m[2]-m[1]*m[1]
	disc := math.Sqrt(math.Max(0, tr*tr/4-det))
	l1, l2 := tr/2+disc, tr/2-disc
	if l1 <= 0 || l2 <= 0 {
		return 1, 0
	}
	// The short axis: eigenvector of l2.
	dir = 0.5 * math.Atan2(2*m[1], m[0]-m[2]) // long axis
	return math.Sqrt(l2 / l1), dir + math.Pi/2
}

// fromRefine maps a rectangle t in the refine patch of blob r back to
// frame pixels: patch (u,v) in [0,refineSize]² spans the grown blob.
func fromRefine(r, t rect) rect {
	ux, uy := math.Cos(r.Angle), math.Sin(r.Angle)
	vx, vy := -uy, ux
	gw, gh := r.W*refineGrow, r.H*refineGrow
	du := (t.C.X/refineSize - 0.5) * gw
	dv := (t.C.Y/refineSize - 0.5) * gh
	return rect{
		C:     pt{r.C.X + du*ux + dv*vx, r.C.Y + du*uy + dv*vy},
		W:     t.W / refineSize * gw,
		H:     t.H / refineSize * gh,
		Angle: r.Angle + t.Angle,
	}
}

// place puts a square top face of the given side where it covers the most
// of the die's body colour inside blob r (the plateau's middle when several
// places cover all of it).
func (q *rectifier) place(r rect, v blobView, side float64) (rect, bool) {
	kw := int(math.Round(side / (r.W * refineGrow) * refineSize))
	kh := int(math.Round(side / (r.H * refineGrow) * refineSize))
	if kw < 4 || kh < 4 || kw > refineSize || kh > refineSize {
		return r, false
	}
	var best rect
	bestF := -1.0
	for _, m := range v.masks {
		c, f := bestSquare(m, kw, kh)
		if f > bestF {
			best, bestF = c, f
		}
	}
	if bestF < 0.3 {
		return r, false
	}
	out := fromRefine(r, best)
	out.W, out.H = side, side
	return out, true
}

// bestSquare finds the kw×kh window of a refine mask holding the most mask
// pixels; it returns the window (centre of the plateau of windows within 3%
// of the best) and the share of the window the best one fills.
func bestSquare(m []byte, kw, kh int) (rect, float64) {
	const n = refineSize
	var integ [(n + 1) * (n + 1)]int32
	for y := 0; y < n; y++ {
		var row int32
		for x := 0; x < n; x++ {
			if m[y*n+x] != 0 {
				row++
			}
			integ[(y+1)*(n+1)+x+1] = integ[y*(n+1)+x+1] + row
		}
	}
	sum := func(x, y int) int32 {
		return integ[(y+kh)*(n+1)+x+kw] - integ[y*(n+1)+x+kw] - integ[(y+kh)*(n+1)+x] + integ[y*(n+1)+x]
	}
	var top int32
	for y := 0; y+kh <= n; y++ {
		for x := 0; x+kw <= n; x++ {
			top = max(top, sum(x, y))
		}
	}
	if top == 0 {
		return rect{}, 0
	}
	var sx, sy, cnt float64
	for y := 0; y+kh <= n; y++ {
		for x := 0; x+kw <= n; x++ {
			if float64(sum(x, y)) >= 0.97*float64(top) {
				sx += float64(x)
				sy += float64(y)
				cnt++
			}
		}
	}
	c := pt{sx/cnt + float64(kw)/2, sy/cnt + float64(kh)/2}
	return rect{C: c, W: float64(kw), H: float64(kh)}, float64(top) / float64(kw*kh)
}

// warpBlob warps the grown blob r to the refine patch (blurred BGR bytes,
// valid until the next warp).
func (q *rectifier) warpBlob(frame gocv.Mat, r rect) []byte {
	warpSquare(frame, &q.big, r.corners(refineGrow), refineSize, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
	gocv.GaussianBlur(q.big, &q.small, image.Pt(3, 3), 0.8, 0.8, gocv.BorderReplicate)
	p, _ := q.small.DataPtrUint8()
	return p
}

// open3 is the morphological opening of a refine mask by a 3×3 square
// (as OpenCV's: the border neither erodes nor dilates), written to dst.
// A refine mask row is 64 pixels: one bit each of a uint64.
func open3(dst, m []byte) {
	const n = refineSize
	var _ [n - 64]struct{}     // refineSize must be 64...
	var _ [64 - n]struct{}     // ...exactly
	var rows, er [n + 2]uint64 // one row of margin above and below
	m, dst = m[:n*n], dst[:n*n]
	for y := 0; y < n; y++ {
		var r uint64
		for x, v := range m[y*n : y*n+n] {
			if v != 0 {
				r |= 1 << x
			}
		}
		rows[y+1] = r & (r<<1 | 1) & (r>>1 | 1<<63) // eroded along the row
	}
	rows[0], rows[n+1] = ^uint64(0), ^uint64(0)
	for y := 1; y <= n; y++ {
		er[y] = rows[y-1] & rows[y] & rows[y+1]
	}
	for y := 1; y <= n; y++ {
		r := er[y]
		rows[y] = r | r<<1 | r>>1 // dilated along the row
	}
	rows[0], rows[n+1] = 0, 0
	for y := 0; y < n; y++ {
		r := rows[y] | rows[y+1] | rows[y+2]
		out := dst[y*n : y*n+n]
		for x := range out {
			out[x] = byte(-(r >> x & 1)) // 0 or 255
		}
	}
}

// maxAspect: a top face found longer than this is no square (a strongly
// tilted camera foreshortens the faces near the frame's edge to 0.7).
const maxAspect = 1.5

// topHull is the square top face in an opened top mask of the refine
// patch, with its hull (refine patch pixels).
func (q *rectifier) topHull(mask []byte) (rect, []pt, bool) {
	tm, _ := gocv.NewMatFromBytes(refineSize, refineSize, gocv.MatTypeCV8UC1, mask)
	defer tm.Close()
	cs := gocv.FindContours(tm, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	// The glyph may cut the body's colour into pieces (bars reaching the
	// face's edges): the top face is the hull of the pieces of some size.
	var areas []float64
	bestA := 0.0
	for i := 0; i < cs.Size(); i++ {
		a := gocv.ContourArea(cs.At(i))
		areas = append(areas, a)
		bestA = math.Max(bestA, a)
	}
	if bestA == 0 {
		return rect{}, nil, false
	}
	var pts []image.Point
	for i, a := range areas {
		if a >= 0.1*bestA {
			pts = append(pts, cs.At(i).ToPoints()...)
		}
	}
	hull := convexHull(pts)
	t := minAreaRect(hull)
	side := t.side() / refineSize             // in units of the grown blob rectangle
	maxSide := 1.05 / refineGrow * refineSize // not wider than the blob
	if side < 0.45 || t.W/t.H > maxAspect || t.H/t.W > maxAspect || t.W > maxSide || t.H > maxSide {
		return rect{}, nil, false
	}
	return t, hull, true
}

// warpForeground warps the frame's foreground mask over blob r's refine
// patch (valid until the next warp); nil without a mask.
func (q *rectifier) warpForeground(r rect) []byte {
	return q.warpMask(r, refineGrow, refineSize)
}

// warpMask warps the frame's foreground mask over the square of r's
// corners at grow into an n×n patch (valid until the next warp); nil
// without a mask.
func (q *rectifier) warpMask(r rect, grow float64, n int) []byte {
	if q.mask.Ptr() == nil || q.mask.Empty() {
		return nil
	}
	c := r.corners(grow)
	for i := range c { // to the mask's pixels
		c[i] = pt{c[i].X*q.scale - 0.5, c[i].Y*q.scale - 0.5}
	}
	warpSquare(q.mask, &q.warped, c, n, gocv.InterpolationNearestNeighbor, gocv.BorderConstant, color.RGBA{})
	m, _ := q.warped.DataPtrUint8()
	return m[:n*n]
}

// clipTo clears the top-mask pixels outside the foreground fg (a pale die
// on a pale mat: the mat has the body's colour).
func clipTo(mask, fg []byte) {
	for i := range mask {
		if fg[i] == 0 {
			mask[i] = 0
		}
	}
}

// refineAll places every die's top face. The side of a top face is taken
// from all the dice whose top face was found (a plane over the frame, as
// perspective makes far dice smaller); every die then gets a square of
// that side (placeSquare).
func (q *rectifier) refineAll(frame gocv.Mat, fs []found) {
	var xs, ys, ss []float64
	var shapes [][3]float64
	q.sizeAt = nil
	ok := make([]bool, len(fs))
	blobs := make([]rect, len(fs))
	views := make([]blobView, len(fs))
	for i := range fs {
		blobs[i] = fs[i].r
		views[i] = q.view(frame, fs[i].r)
		var sh [3]float64
		fs[i].r, sh, ok[i] = q.refineShape(fs[i].r, views[i])
		if ok[i] {
			fs[i].top = fs[i].r // (glyphPlaced)
		}
		// A top face told from the mat by brightness is not measured as
		// the others are: it does not move the frame's size and shape.
		if ok[i] && !views[i].dark {
			xs, ys, ss = append(xs, fs[i].r.C.X), append(ys, fs[i].r.C.Y), append(ss, fs[i].r.side())
			shapes = append(shapes, sh)
		}
	}
	if len(ss) == 0 {
		return
	}
	size := sizeModel(xs, ys, ss)
	q.sizeAt = size
	for i := range fs {
		s := size(fs[i].r.C.X, fs[i].r.C.Y)
		fs[i].r = q.placeSquare(blobs[i], views[i], fs[i].r, s)
	}
	if k, dir := squashOf(shapes); len(shapes) >= minSquashDice && k < maxSquash {
		for i := range fs {
			fs[i].r = foreshorten(fs[i].r, k, dir)
		}
	}
}

// placeSquare places a square top face of side s in blob b (view v; t is
// the top face found on its own, or the blob): where it covers the most
// of the die's body colour, else at t's centre.
func (q *rectifier) placeSquare(b rect, v blobView, t rect, s float64) rect {
	if p, placed := q.place(b, v, s); placed {
		return p
	}
	t.W, t.H = s, s
	return t
}

// sizeGate: a top face whose side lies farther than this share from the
// frame's median side does not take part in the first fit of its size
// plane. In two bench sets (4,400 dice) 98% of the dice's true sides lie
// within 0.80 to 1.28 of their frame's median; seed 1001's frame 56 has a
// Dark Alley top face found at 0.49 of it, at the frame's edge, which drew
// the plane down by a quarter at a die beside it.
const sizeGate = 0.35

// sizeModel fits the die side over the frame as a plane s = a + b·x + c·y
// (perspective makes far dice smaller), or the median with few dice.
func sizeModel(xs, ys, ss []float64) func(x, y float64) float64 {
	med := median(append([]float64(nil), ss...))
	flat := func(float64, float64) float64 { return med }
	if len(ss) < 5 {
		return flat
	}
	// Least squares over the sides within sizeGate of the median (all,
	// when fewer than 5 are), then again without the sides more than 10%
	// off that fit (top faces found too large or too small).
	keep := make([]bool, len(ss))
	gated := 0
	for i, s := range ss {
		keep[i] = math.Abs(s/med-1) <= sizeGate
		if keep[i] {
			gated++
		}
	}
	if gated < 5 {
		for i := range keep {
			keep[i] = true
		}
	}
	var coef [3]float64
	for pass := 0; pass < 2; pass++ {
		c, ok := fitPlane(xs, ys, ss, keep)
		if !ok {
			return flat
		}
		coef = c
		n := 0
		for i := range ss {
			keep[i] = math.Abs(c[0]+c[1]*xs[i]+c[2]*ys[i]-ss[i]) <= 0.1*ss[i]
			if keep[i] {
				n++
			}
		}
		if n < 4 {
			break
		}
	}
	return func(x, y float64) float64 {
		s := coef[0] + coef[1]*x + coef[2]*y
		return math.Max(0.7*med, math.Min(1.4*med, s))
	}
}

// fitPlane is the least-squares plane s = a + b·x + c·y over the kept points.
func fitPlane(xs, ys, ss []float64, keep []bool) ([3]float64, bool) {
	var m [3][4]float64
	for i := range ss {
		if !keep[i] {
			continue
		}
		v := [3]float64{1, xs[i], ys[i]}
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				m[a][b] += v[a] * v[b]
			}
			m[a][3] += v[a] * ss[i]
		}
	}
	var c [3]float64
	ok := solveLinear([][]float64{m[0][:], m[1][:], m[2][:]}, c[:])
	return c, ok
}

// topMask marks the pixels of a refine patch that have the body's colour
// (the median colour of the patch's central part), at most lightest times
// its brightness.
func topMask(p []byte, body [3]float64, lightest float64) []byte {
	const n = refineSize

	bsum := body[0] + body[1] + body[2] + 6
	useChroma := bsum > 120
	// Chroma is noisier in the dark: the tolerance grows there.
	tol := topChroma * math.Max(1, 600/bsum)
	// Without divisions: sum/bsum within [topDarkest, topLightest], and
	// Σ|(q+2)/sum − (b+2)/bsum| ≤ tol as Σ|(q+2) − sum·(b+2)/bsum| ≤ tol·sum.
	lo, hi := topDarkest*bsum, lightest*bsum
	var bc [3]float64
	for c := range bc {
		bc[c] = (body[c] + 2) / bsum
	}
	mask := make([]byte, n*n)
	p = p[:3*n*n]
	for i := range mask {
		q := p[3*i : 3*i+3 : 3*i+3]
		q0, q1, q2 := float64(q[0])+2, float64(q[1])+2, float64(q[2])+2
		sum := q0 + q1 + q2
		if sum < lo || sum > hi {
			continue
		}
		if useChroma && math.Abs(q0-bc[0]*sum)+math.Abs(q1-bc[1]*sum)+math.Abs(q2-bc[2]*sum) > tol*sum {
			continue
		}
		mask[i] = 255
	}
	return mask
}

// bodiesOf gives the candidate body colours of a die patch (n×n BGR, n at
// most refineSize): the central half is split by brightness (Otsu) into two
// groups, body and glyph, either of which may be the body; each group's
// pure colour (B, G, R).
func bodiesOf(p []byte, n int) [][3]float64 {
	const maxPix = refineSize * refineSize / 4
	var lum [maxPix]int16
	var idx [maxPix]int32
	var hist [766]int
	np := 0
	for y := n / 4; y < n*3/4; y++ {
		for x := n / 4; x < n*3/4; x++ {
			i := 3 * (y*n + x)
			l := int(p[i]) + int(p[i+1]) + int(p[i+2])
			lum[np], idx[np] = int16(l), int32(i)
			hist[l]++
			np++
		}
	}
	t := otsu(hist[:], np)
	var count [2]int
	var sum [2][3]float64
	for k := 0; k < np; k++ {
		g := 0
		if int(lum[k]) > t {
			g = 1
		}
		i := idx[k]
		count[g]++
		for c := 0; c < 3; c++ {
			sum[g][c] += float64(p[int(i)+c])
		}
	}
	var mean [2][3]float64
	for g := range sum {
		for c := 0; c < 3; c++ {
			mean[g][c] = sum[g][c] / math.Max(1, float64(count[g]))
		}
	}
	var out [][3]float64
	for g := 0; g < 2; g++ {
		if count[g] >= np/8 {
			out = append(out, pureColour(p, lum[:np], idx[:np], t, g, mean[1-g]))
		}
	}
	return out
}

// pureColour is the median colour of the pixels of group g (brightness
// above t: 1, else 0; pixel offsets idx into p) that lie between the 50th
// and 80th percentile of distance from the other group's mean: blurred
// edge pixels between body and glyph are mixed colours, and the farthest
// few may be glare.
func pureColour(p []byte, lum []int16, idx []int32, t, g int, other [3]float64) [3]float64 {
	const maxPix = refineSize * refineSize / 4
	var d, sorted [maxPix]float64
	var mine [maxPix]int32
	n := 0
	for k, l := range lum {
		if (int(l) > t) != (g == 1) {
			continue
		}
		i := int(idx[k])
		var dd float64
		for c := 0; c < 3; c++ {
			x := float64(p[i+c]) - other[c]
			dd += x * x
		}
		d[n], mine[n] = dd, int32(i)
		n++
	}
	copy(sorted[:n], d[:n])
	lo := quickselect(sorted[:n], n/2)
	hi := quickselect(sorted[:n], n*4/5)
	var hist [3][256]int32
	m := 0
	for k := 0; k < n; k++ {
		if d[k] >= lo && d[k] <= hi {
			i := int(mine[k])
			hist[0][p[i]]++
			hist[1][p[i+1]]++
			hist[2][p[i+2]]++
			m++
		}
	}
	// The median of m values is the (m/2)-th smallest, as median does.
	var out [3]float64
	for c := 0; c < 3; c++ {
		out[c] = float64(kthOf(hist[c][:], m/2))
	}
	return out
}

// kthOf is the k-th smallest (from 0) of the values counted in hist.
func kthOf(hist []int32, k int) int {
	acc := 0
	for v, c := range hist {
		acc += int(c)
		if acc > k {
			return v
		}
	}
	return 0
}

// mainAxis is the unit colour direction of largest spread of the BGR
// pixels p, by power iteration from grey.
func mainAxis(p []byte) [3]float64 {
	// The sums of bytes are whole numbers far below 2⁵³: summed as
	// integers they are the float64 sums exactly.
	var sum [3]int
	np := len(p) / 3
	p = p[:3*np]
	for i := 0; i+2 < len(p); i += 3 {
		sum[0] += int(p[i])
		sum[1] += int(p[i+1])
		sum[2] += int(p[i+2])
	}
	var mean [3]float64
	for c := range mean {
		mean[c] = float64(sum[c]) / float64(np)
	}
	// cov is symmetric, each pair's products summed in the same order
	// either way round (d[a]·d[b] is d[b]·d[a]): the six sums above the
	// diagonal are made, and mirrored.
	var c00, c01, c02, c11, c12, c22 float64
	for i := 0; i+2 < len(p); i += 3 {
		d0, d1, d2 := float64(p[i])-mean[0], float64(p[i+1])-mean[1], float64(p[i+2])-mean[2]
		c00 += d0 * d0
		c01 += d0 * d1
		c02 += d0 * d2
		c11 += d1 * d1
		c12 += d1 * d2
		c22 += d2 * d2
	}
	return principalAxis([3][3]float64{{c00, c01, c02}, {c01, c11, c12}, {c02, c12, c22}})
}

// principalAxis is the unit eigenvector of the largest eigenvalue of a
// colour covariance cov, by power iteration from the luma weights.
func principalAxis(cov [3][3]float64) [3]float64 {
	v := [3]float64{0.114, 0.587, 0.299}
	for it := 0; it < 8; it++ {
		var w [3]float64
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				w[a] += cov[a][b] * v[b]
			}
		}
		norm := math.Sqrt(w[0]*w[0] + w[1]*w[1] + w[2]*w[2])
		if norm < 1e-9 {
			break
		}
		for a := range v {
			v[a] = w[a] / norm
		}
	}
	return v
}

// otsu is the threshold that best splits a histogram in two.
func otsu(hist []int, n int) int {
	var sum float64
	for v, c := range hist {
		sum += float64(v * c)
	}
	var sumB, wB float64
	best, bestV := 0, -1.0
	for v, c := range hist {
		wB += float64(c)
		if wB == 0 {
			continue
		}
		wF := float64(n) - wB
		if wF == 0 {
			break
		}
		sumB += float64(v * c)
		mB, mF := sumB/wB, (sum-sumB)/wF
		if bv := wB * wF * (mB - mF) * (mB - mF); bv > bestV {
			best, bestV = v, bv
		}
	}
	return best
}

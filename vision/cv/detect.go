package cv

import (
	"image"
	"image/color"
	"math"
	"runtime"
	"slices"
	"sort"
	"unsafe"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// workWidth is the width dice are searched at (frames are shrunk to it).
const workWidth = 640

// found is one die found in a frame, in full-frame pixels.
type found struct {
	r     rect
	solid bool // found by its body, not only by its glyph
	big   bool // cut out of a blob of more than maxDice dice's area (a heap's parts: mostly inkless)
	top   rect // the top face found in the blob on its own (refineShape; zero: none)
}

// maxDice: dice touch in twos and threes, seldom in larger heaps; a
// larger blob holds some mat (a light band of wood), unless most of its
// parts show ink (mostlyInked).
const maxDice = 4

// mostlyInked says whether at least half of the parts rs cut out of a
// heap show ink (raw): a heap of dice, not a band of mat cut up; its
// parts without ink (a glyph blurred or glared away) are then dice by
// their face's contrast, as a die on its own is.
func mostlyInked(raw gocv.Mat, rs []rect) bool {
	inked := 0
	for _, r := range rs {
		if hasInk(raw, r) {
			inked++
		}
	}
	return 2*inked >= len(rs)
}

// detectMask finds the dice in a BGR frame (detector.find) and returns
// them with a copy of the foreground mask (at the work size; the caller
// closes it) and the work scale (work pixels per frame pixel).
func detectMask(frame gocv.Mat) ([]found, gocv.Mat, float64) {
	d := newDetector()
	defer d.Close()
	fs, mask, scale := d.find(frame)
	return fs, mask.Clone(), scale
}

// detector finds dice, keeping its buffers from frame to frame (one
// goroutine at a time).
type detector struct {
	work, small, med, bg         gocv.Mat // BGR
	score, smooth, fg            gocv.Mat // 8-bit maps and masks
	opened, closed, mask         gocv.Mat
	soft, hi, lo, raw, inkClosed gocv.Mat // ink
	contrast                     gocv.Mat
	ink                          gocv.Mat
	e5, e9, r3, r5, r9           gocv.Mat // kernels: ellipses, rectangles
	outer                        []blob   // the mask's blobs
	scale                        float64  // work pixels per frame pixel
	level                        byte     // the foreground's score level (threshold)
}

func newDetector() *detector {
	d := &detector{}
	for _, m := range d.mats() {
		*m = gocv.NewMat()
	}
	for _, k := range []struct {
		m     *gocv.Mat
		shape gocv.MorphShape
		n     int
	}{{&d.e5, gocv.MorphEllipse, 5}, {&d.e9, gocv.MorphEllipse, 9},
		{&d.r3, gocv.MorphRect, 3}, {&d.r5, gocv.MorphRect, 5}, {&d.r9, gocv.MorphRect, 9}} {
		*k.m = gocv.GetStructuringElement(k.shape, image.Pt(k.n, k.n))
	}
	return d
}

func (d *detector) mats() []*gocv.Mat {
	return []*gocv.Mat{&d.work, &d.small, &d.med, &d.bg, &d.score, &d.smooth, &d.fg, &d.opened, &d.closed, &d.mask, &d.soft, &d.hi, &d.lo, &d.contrast, &d.raw, &d.inkClosed, &d.ink}
}

// Close frees the detector's buffers.
func (d *detector) Close() {
	for _, m := range d.mats() {
		m.Close()
	}
	for _, m := range []*gocv.Mat{&d.e5, &d.e9, &d.r3, &d.r5, &d.r9} {
		m.Close()
	}
}

// find finds the dice in a BGR frame: it shrinks the frame to the work
// size, estimates the mat (a large median of a further shrunk copy, so
// uneven light is part of the mat), marks pixels that differ from the mat
// in colour or much in brightness (soft shadows only darken a little) or
// carry a glyph's contrast, and fits a rotated square to every blob: the
// die size is a plane over the frame (perspective), blobs of touching dice
// are split, a die is cut out of what is joined to it (a dark die's glyph
// then found apart), and a blob is kept if it holds a glyph (ink, or the
// spread of brightness of a blurred one). The mask it returns (work size)
// is the detector's, valid until the next find.
func (d *detector) find(frame gocv.Mat) ([]found, gocv.Mat, float64) {
	// At most workWidth wide, and at least halved: noise averages out.
	scale := math.Min(0.5, float64(workWidth)/float64(frame.Cols()))
	d.scale = scale
	ws := image.Pt(int(math.Round(float64(frame.Cols())*scale)), int(math.Round(float64(frame.Rows())*scale)))
	gocv.Resize(frame, &d.work, ws, 0, 0, gocv.InterpolationArea)
	d.background()
	d.inkMask()
	d.foreground()
	d.unband()
	var out []found
	for _, f := range blobs(d.work, d.mask, d.ink, d.raw, d.outer) {
		if isDie(d.work, d.raw, f) {
			out = append(out, f)
		}
	}
	for i := range out {
		r := &out[i].r
		r.C.X = (r.C.X + 0.5) / scale
		r.C.Y = (r.C.Y + 0.5) / scale
		r.W /= scale
		r.H /= scale
	}
	return out, d.mask, scale
}

// isDie: a die's blob holds a glyph (raw ink), or is one whose glyph is
// blurred away, unless it was cut out of a heap too large for dice (parts
// of a light band of a mat are not dice).
func isDie(work, raw gocv.Mat, f found) bool {
	return hasInk(raw, f.r) || (!f.big && squarish(f.r) && faceContrast(work, f.r) >= minFaceContrast)
}

// background estimates the mat under the dice (d.bg): a median over
// about a fifth of the frame's width on an eighth-size copy, scaled back.
func (d *detector) background() {
	w, h := d.work.Cols(), d.work.Rows()
	ss := image.Pt(w/8, h/8)
	gocv.Resize(d.work, &d.small, ss, 0, 0, gocv.InterpolationArea)
	gocv.MedianBlur(d.small, &d.med, ss.X/3|1)
	gocv.Resize(d.med, &d.bg, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
}

// smoothScore writes into score the score map of work against the mat
// colours bg (scoreMap), and into smooth that map box-filtered over 5×5
// pixels.
func smoothScore(work, bg gocv.Mat, score, smooth *gocv.Mat) {
	w, h := work.Cols(), work.Rows()
	ensure(score, h, w, gocv.MatTypeCV8UC1)
	sp, _ := score.DataPtrUint8()
	scoreMap(work, bg, sp[:w*h])
	gocv.BoxFilter(*score, smooth, -1, image.Pt(5, 5))
}

// scoreMap gives every work pixel a score for how much it differs from the
// mat: the log brightness ratio (darkening only beyond fgShadow: soft
// shadows only darken) or the chroma difference (weighted down in the
// dark, where chroma is noise), ×100, clipped to 255.
func scoreMap(work, bg gocv.Mat, m []byte) {
	wp, _ := work.DataPtrUint8()
	bp, _ := bg.DataPtrUint8()
	n := len(m)
	wp, bp = wp[:3*n], bp[:3*n]
	const shadow = int32(fgShadow * 100)
	lt, it, wt := &logTab100, &invTab, &chromaWeight
	for i := range m {
		w := wp[3*i : 3*i+3 : 3*i+3]
		b := bp[3*i : 3*i+3 : 3*i+3]
		p0, p1, p2 := int32(w[0]), int32(w[1]), int32(w[2])
		q0, q1, q2 := int32(b[0]), int32(b[1]), int32(b[2])
		si, sb := p0+p1+p2+6, q0+q1+q2+6
		lr := lt[si&tabMask] - lt[sb&tabMask]
		// Cast shadows darken the mat by up to half: only darker counts
		// (branch-free: max(lr, -lr-shadow, 0)).
		s := max(lr, -lr-shadow, 0)
		if lo := min(si, sb); lo > 45 {
			num := abs32i((p0+2)*sb-(q0+2)*si) + abs32i((p1+2)*sb-(q1+2)*si) + abs32i((p2+2)*sb-(q2+2)*si)
			c := int32(float32(num) * it[si&tabMask] * it[sb&tabMask] * wt[lo&tabMask])
			s = max(s, c)
		}
		m[i] = byte(min(255, s))
	}
}

// The tables are indexed by a sum of 3 bytes plus 6 (at most 771), masked
// by tabMask so that no index needs a bounds check.
const tabMask = 1023

// logTab100[v] = 100·log(v), rounded.
var logTab100 = func() [tabMask + 1]int32 {
	var t [tabMask + 1]int32
	for v := 1; v < len(t); v++ {
		t[v] = int32(math.Round(100 * portable.Log(float64(v))))
	}
	return t
}()

// abs32i is |x|, branch-free (signs of noise are unpredictable).
func abs32i(x int32) int32 {
	m := x >> 31
	return (x ^ m) - m
}

const (
	fgShadow     = 0.7 // log(2)
	fgChromaGain = 3.0
)

// chromaWeight[v] weighs the chroma difference ×100 by the darker
// brightness sum v (chroma is noise in the dark): fgChromaGain·100·min(v/150, 1).
var chromaWeight = func() [tabMask + 1]float32 {
	var t [tabMask + 1]float32
	for v := range t {
		t[v] = 100 * fgChromaGain * min(float32(v)/150, 1)
	}
	return t
}()

// invTab[v] = 1/v.
var invTab = func() [tabMask + 1]float32 {
	var t [tabMask + 1]float32
	for v := 1; v < len(t); v++ {
		t[v] = 1 / float32(v)
	}
	return t
}()

// threshold picks the foreground level of a score map: well above the
// mat's own spread (median + 6 MAD), never below fgMin.
func threshold(m []byte) byte {
	var hist [256]int
	for _, v := range m {
		hist[v]++
	}
	med := quantile(hist[:], len(m), 0.5)
	var dev [256]int
	for v, c := range hist {
		d := v - med
		if d < 0 {
			d = -d
		}
		dev[d] += c
	}
	mad := quantile(dev[:], len(m), 0.5)
	t := float64(med) + fgMADs*1.48*float64(mad)
	return byte(math.Max(fgMin, math.Min(t, 60)))
}

const (
	fgMin  = 8
	fgMADs = 5
)

func quantile(hist []int, n int, q float64) int {
	k := int(q * float64(n))
	acc := 0
	for v, c := range hist {
		acc += c
		if acc > k {
			return v
		}
	}
	return len(hist) - 1
}

// foreground marks the pixels of the work image that are not mat
// (d.mask): the score map is smoothed, thresholded, cleaned by a
// morphological open and close, the ink added, holes filled.
func (d *detector) foreground() {
	smoothScore(d.work, d.bg, &d.score, &d.smooth)
	sm, _ := d.smooth.DataPtrUint8()
	t := threshold(sm)
	d.level = t
	gocv.Threshold(d.smooth, &d.fg, float32(t)-0.5, 255, gocv.ThresholdBinary)
	gocv.MorphologyEx(d.fg, &d.opened, gocv.MorphOpen, d.e9)
	gocv.BitwiseOr(d.opened, d.ink, &d.opened)
	gocv.MorphologyEx(d.opened, &d.closed, gocv.MorphClose, d.e5)
	d.fillHoles()
}

// ensure makes m a rows×cols Mat of type t (its data undefined).
func ensure(m *gocv.Mat, rows, cols int, t gocv.MatType) {
	if m.Rows() == rows && m.Cols() == cols && m.Type() == t {
		return
	}
	m.Close()
	*m = gocv.NewMatWithSize(rows, cols, t)
}

// Ink contrast: a die's glyph stands out from its body far more than the
// grain of a mat, even where the body is as dark or light as the mat.
const (
	inkContrast = 0.30 // (max-min)/(max+min+inkOffset) over 3×3 (inkMask hard-codes 3/10)
	inkOffset   = 50
)

// inkMask marks the glyphs: pixels of strong relative local contrast
// (d.raw), and those joined into solid patches and cleared of thin lines
// (d.ink).
func (d *detector) inkMask() {
	gocv.GaussianBlur(d.work, &d.soft, image.Pt(3, 3), 0.8, 0.8, gocv.BorderReplicate)
	gocv.Dilate(d.soft, &d.hi, d.r3)
	gocv.Erode(d.soft, &d.lo, d.r3)
	// h-l > inkContrast·(h+l+inkOffset) in integers (inkContrast = 3/10):
	// 7h − 13l − 3·inkOffset > 0, saturated to bytes, in any channel
	// (white marks on a yellow die stand out in blue only).
	gocv.AddWeighted(d.hi, 7, d.lo, -13, -3*inkOffset, &d.contrast)

	chans := gocv.Split(d.contrast)
	gocv.BitwiseOr(chans[0], chans[1], &chans[0])
	gocv.BitwiseOr(chans[0], chans[2], &chans[0])
	gocv.Threshold(chans[0], &d.raw, 0, 255, gocv.ThresholdBinary)
	for _, c := range chans {
		c.Close()
	}
	gocv.MorphologyEx(d.raw, &d.inkClosed, gocv.MorphClose, d.r9)
	gocv.MorphologyEx(d.inkClosed, &d.ink, gocv.MorphOpen, d.r5)
}

// fillHoles fills every outer contour of d.closed into d.mask; the
// contours of at least a glyph's area are the mask's blobs (d.outer).
func (d *detector) fillHoles() {
	cs := gocv.FindContours(d.closed, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	d.outer = blobsOf(cs, float64(d.closed.Cols()*d.closed.Cols())/8000) // a glyph of 7 px at 640
	ensure(&d.mask, d.closed.Rows(), d.closed.Cols(), gocv.MatTypeCV8UC1)
	d.mask.SetTo(gocv.NewScalar(0, 0, 0, 0))
	gocv.DrawContours(&d.mask, cs, -1, colorWhite, -1)
}

// blobs fits rotated squares to the mask's blobs bs, in work pixels (raw:
// the ink before it is joined into patches).
func blobs(work, mask, ink, raw gocv.Mat, bs []blob) []found {
	side := dieSides(bs)
	var out []found
	var glyphs []blob
	for _, b := range bs {
		s := side(b.r.C)
		switch {
		case b.area < 0.35*s*s:
			glyphs = append(glyphs, b)
		case b.area > 1.5*s*s:
			rs := split(work, mask, b.pts, s)
			big := b.area > maxDice*s*s && !mostlyInked(raw, rs)
			for _, r := range rs {
				out = append(out, found{r: r, solid: true, big: big})
			}
			if b.area <= maxDice*s*s { // a heap larger holds a mat's grain
				glyphs = append(glyphs, leftoverInk(mask, ink, b.pts, rs, s)...)
			}
		case math.Max(b.r.W, b.r.H) > trimLong*s:
			bodies, rest := trim(work, mask, ink, b.pts, s)
			for _, r := range bodies {
				out = append(out, found{r: r, solid: true, big: b.area > maxDice*s*s})
			}
			glyphs = append(glyphs, rest...)
		default:
			out = append(out, found{r: b.r, solid: true})
		}
	}
	// A die as dark or light as the mat shows only its glyph: a die of the
	// frame's size is assumed around a glyph that no die holds, centred on
	// the ink about it that no die holds (a glyph may be in pieces, some
	// joined to a neighbour's blob), the largest glyphs first; a blob
	// without ink (a shadow's line) is no glyph and claims nothing. A
	// glyph stands glyphApart of a side from every die found, or
	// glyphApartCut when it was cut out of its neighbours' blob (their
	// squares, enlarged, were cut out of it already: a dark die touching
	// two others; or trim cut their bodies out of it: a dark die touching
	// one).
	sort.SliceStable(glyphs, func(i, j int) bool { return glyphs[i].area > glyphs[j].area })
	solid := len(out)
	for _, g := range glyphs {
		s := side(g.r.C)
		apart := glyphApart * s
		if g.cut {
			apart = glyphApartCut * s
		}
		if g.area < 0.04*s*s || g.r.W > 1.2*s || g.r.H > 1.2*s || near(out, g.r.C, apart) {
			continue
		}
		cs := []pt{g.r.C}
		// A glyph's box is centred on its die; its ink centroid is not
		// (a 6's loop), so the centroid is taken only when the glyph is a
		// piece of one, far from it.
		if c := freeInkCentre(raw, out[:solid], g.r.C, s); portable.Hypot(c.X-g.r.C.X, c.Y-g.r.C.Y) > glyphPiece*s {
			cs = []pt{c, g.r.C}
		}
		for _, c := range cs {
			r := rect{C: c, W: s, H: s}
			if !near(out, c, apart) && isDie(work, raw, found{r: r}) {
				r.Angle = edgeAngle(work, c, s)
				out = append(out, found{r: r})
				break
			}
		}
	}
	return out
}

// glyphPiece: a glyph blob whose nearby free ink is centred this many die
// sides away is only a piece of a glyph.
const glyphPiece = 0.2

// See blobs.
const (
	glyphApart    = 0.8
	glyphApartCut = 0.7
)

// freeInkCentre is the centroid of the raw ink within 0.55 s of c (work
// pixels) outside the dice fs, refined once; c itself with little ink.
func freeInkCentre(raw gocv.Mat, fs []found, c pt, s float64) pt {
	p, _ := raw.DataPtrUint8()
	w, h := raw.Cols(), raw.Rows()
	rad := 0.55 * s
	for range 2 {
		var sx, sy float64
		n := 0
		for y := max(0, int(c.Y-rad)); y <= min(h-1, int(c.Y+rad)); y++ {
			for x := max(0, int(c.X-rad)); x <= min(w-1, int(c.X+rad)); x++ {
				dx, dy := float64(x)-c.X, float64(y)-c.Y
				if p[y*w+x] == 0 || dx*dx+dy*dy > rad*rad || inDie(fs, pt{float64(x), float64(y)}) {
					continue
				}
				sx += float64(x)
				sy += float64(y)
				n++
			}
		}
		if n < 6 {
			return c
		}
		c = pt{sx / float64(n), sy / float64(n)}
	}
	return c
}

// inDie: p lies within one of the dice fs.
func inDie(fs []found, p pt) bool {
	for _, f := range fs {
		r := f.r
		ux, uy := math.Cos(r.Angle), math.Sin(r.Angle)
		dx, dy := p.X-r.C.X, p.Y-r.C.Y
		if math.Abs(dx*ux+dy*uy) <= r.W/2 && math.Abs(-dx*uy+dy*ux) <= r.H/2 {
			return true
		}
	}
	return false
}

// blob is one outer contour of a mask: its fitted rectangle, area and
// points.
type blob struct {
	r    rect
	area float64
	pts  []image.Point
	cut  bool // ink left over once dice were cut out of a blob (inkBlobs)
}

// contourBlobs gives the outer contours of a mask of at least minArea
// pixels.
func contourBlobs(mask gocv.Mat, minArea float64) []blob {
	cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	return blobsOf(cs, minArea)
}

// blobsOf gives the contours of cs of at least minArea pixels.
func blobsOf(cs gocv.PointsVector, minArea float64) []blob {
	var bs []blob
	for i := 0; i < cs.Size(); i++ {
		pv := cs.At(i)
		a := gocv.ContourArea(pv)
		if a < minArea {
			continue
		}
		pts := pv.ToPoints()
		bs = append(bs, blob{r: minAreaRect(convexHull(pts)), area: a, pts: pts})
	}
	return bs
}

// trimLong: a blob longer than this many die sides (but not of two dice's
// area) is a die with something joined to it.
const trimLong = 1.3

// trim cuts the die bodies out of a blob longer than a die: an opening by
// a disc half a die wide keeps the bodies and drops what is thinner (the
// glyph of a die as dark as the mat, a side, a shadow); a body still
// longer than a die is two dice side by side, split. The ink left outside
// the bodies (blobs of it) may be the glyphs of dice the mask does not
// show: cut out of the blob, they are marked cut (a body left a little
// long by what joined it lies nearer its neighbour's glyph than a body
// standing apart would).
func trim(work, mask, ink gocv.Mat, contour []image.Point, s float64) ([]rect, []blob) {
	bb, one, dist := blobDistance(mask, contour, gocv.DistanceMask3)
	defer one.Close()
	defer dist.Close()
	core := gocv.NewMat()
	defer core.Close()
	r := 0.25 * s
	gocv.Threshold(dist, &core, float32(r), 255, gocv.ThresholdBinary)
	core.ConvertTo(&core, gocv.MatTypeCV8UC1)
	k := int(2*r) | 1
	disc := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(k, k))
	defer disc.Close()
	opened := gocv.NewMat()
	defer opened.Close()
	gocv.Dilate(core, &opened, disc)
	var bodies []rect
	for _, b := range contourBlobs(opened, 0.3*s*s) {
		b.r.C.X += float64(bb.Min.X)
		b.r.C.Y += float64(bb.Min.Y)
		if math.Max(b.r.W, b.r.H) <= trimLong*s {
			bodies = append(bodies, b.r)
			continue
		}
		for k := range b.pts {
			b.pts[k] = b.pts[k].Add(bb.Min)
		}
		bodies = append(bodies, split(work, mask, b.pts, s)...)
	}
	if len(bodies) == 0 {
		return []rect{minAreaRect(convexHull(contour))}, nil
	}
	// What is left, a little away from the bodies, where there is ink.
	k5 := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(5, 5))
	defer k5.Close()
	gocv.Dilate(opened, &opened, k5)
	rest := gocv.NewMat()
	defer rest.Close()
	gocv.Subtract(one, opened, &rest)
	return bodies, inkBlobs(rest, ink, bb, 0.03*s*s)
}

// leftoverInk gives the blobs of ink of the blob of contour that lie
// outside the dice rs cut out of it (a little enlarged), marked cut: the
// glyph of a die as dark as the mat joined to its neighbours' blob.
func leftoverInk(mask, ink gocv.Mat, contour []image.Point, rs []rect, s float64) []blob {
	bb := boundsOf(contour).Inset(-2).Intersect(image.Rect(0, 0, mask.Cols(), mask.Rows()))
	one := fillBlob(contour, bb)
	defer one.Close()
	// One die at a time: where two drawn at once overlap, FillPoly leaves
	// a hole.
	for _, r := range rs {
		var q []image.Point
		for _, c := range r.corners(1.15) {
			q = append(q, image.Pt(int(math.Round(c.X))-bb.Min.X, int(math.Round(c.Y))-bb.Min.Y))
		}
		fillPoly(&one, q, color.RGBA{})
	}
	return inkBlobs(one, ink, bb, 0.04*s*s)
}

// inkBlobs gives the blobs of ink within the mask m of the region bb of
// the frame (m is that region's size, and is overwritten), of at least
// minArea, in frame coordinates, marked cut (what is left of a blob once
// dice are cut out of it: trim, leftoverInk).
func inkBlobs(m, ink gocv.Mat, bb image.Rectangle, minArea float64) []blob {
	inkHere := ink.Region(bb)
	defer inkHere.Close()
	gocv.BitwiseAnd(m, inkHere, &m)
	bs := contourBlobs(m, minArea)
	for i := range bs {
		bs[i].r.C.X += float64(bb.Min.X)
		bs[i].r.C.Y += float64(bb.Min.Y)
		bs[i].cut = true
		for k := range bs[i].pts {
			bs[i].pts[k] = bs[i].pts[k].Add(bb.Min)
		}
	}
	return bs
}

// fillBlob draws the blob of a contour into a new mask of the box bb.
func fillBlob(contour []image.Point, bb image.Rectangle) gocv.Mat {
	one := gocv.NewMatWithSize(bb.Dy(), bb.Dx(), gocv.MatTypeCV8UC1)
	shifted := make([]image.Point, len(contour))
	for i, p := range contour {
		shifted[i] = p.Sub(bb.Min)
	}
	fillPoly(&one, shifted, colorWhite)
	return one
}

// fillPoly fills the polygon ps in m with colour c.
func fillPoly(m *gocv.Mat, ps []image.Point, c color.RGBA) {
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{ps})
	defer pv.Close()
	gocv.FillPoly(m, pv, c)
}

// minFaceContrast: a die's glyph spreads the brightness of its face's
// middle far more than a mat's grain does, even blurred (dice 0.34 and
// more, mat blobs 0.18 at most on the rendered sets).
const minFaceContrast = 0.26

// squarish: a die's blob is about square (not a side or a shadow seen
// alone, long and thin).
func squarish(r rect) bool {
	return math.Min(r.W, r.H) >= 0.6*math.Max(r.W, r.H)
}

// faceContrast is (p97−p3)/(p97+p3+150) of the brightness (B+G+R) in the
// middle of blob r (the work image): a blurred thin glyph (a "?") has too
// little local contrast for the ink mask, but still spreads the face's
// brightness.
func faceContrast(work gocv.Mat, r rect) float64 {
	p, _ := work.DataPtrUint8()
	w, h := work.Cols(), work.Rows()
	d := 0.3 * r.side()
	var hist [766]int
	n := 0
	for y := max(0, int(r.C.Y-d)); y <= min(h-1, int(r.C.Y+d)); y++ {
		row := p[3*(y*w) : 3*(y*w+w)]
		for x := max(0, int(r.C.X-d)); x <= min(w-1, int(r.C.X+d)); x++ {
			hist[int(row[3*x])+int(row[3*x+1])+int(row[3*x+2])]++
			n++
		}
	}
	if n < 16 {
		return 0
	}
	lo := quantile(hist[:], n, 0.03)
	hi := quantile(hist[:], n, 0.97)
	return float64(hi-lo) / float64(hi+lo+150)
}

// inkCentre is the centroid of the raw ink of the last frame found
// within the disc inscribed in blob b (frame pixels); false with little
// ink.
func (d *detector) inkCentre(b rect) (pt, bool) {
	p, _ := d.raw.DataPtrUint8()
	w, h := d.raw.Cols(), d.raw.Rows()
	k := d.scale
	cx, cy := b.C.X*k-0.5, b.C.Y*k-0.5
	rad := 0.45 * math.Min(b.W, b.H) * k
	var sx, sy float64
	n := 0
	for y := max(0, int(cy-rad)); y <= min(h-1, int(cy+rad)); y++ {
		for x := max(0, int(cx-rad)); x <= min(w-1, int(cx+rad)); x++ {
			dx, dy := float64(x)-cx, float64(y)-cy
			if p[y*w+x] != 0 && dx*dx+dy*dy <= rad*rad {
				sx += float64(x)
				sy += float64(y)
				n++
			}
		}
	}
	if n < 6 {
		return pt{}, false
	}
	return pt{(sx/float64(n) + 0.5) / k, (sy/float64(n) + 0.5) / k}, true
}

// hasInk: every die face has a glyph; a blob without one is mat.
func hasInk(ink gocv.Mat, r rect) bool {
	p, _ := ink.DataPtrUint8()
	w, h := ink.Cols(), ink.Rows()
	d := 0.3 * r.side()
	n := 0
	for y := max(0, int(r.C.Y-d)); y <= min(h-1, int(r.C.Y+d)); y++ {
		for x := max(0, int(r.C.X-d)); x <= min(w-1, int(r.C.X+d)); x++ {
			if p[y*w+x] != 0 {
				n++
			}
		}
	}
	return n >= 6 && float64(n) >= 0.05*(2*d+1)*(2*d+1)
}

func near(fs []found, p pt, d float64) bool {
	for _, f := range fs {
		if portable.Hypot(f.r.C.X-p.X, f.r.C.Y-p.Y) < d {
			return true
		}
	}
	return false
}

// edgeAngle is the dominant edge direction (modulo 90°) in the s×s window
// around c: gradient angles are averaged as vectors at 4× their angle.
func edgeAngle(work gocv.Mat, c pt, s float64) float64 {
	p, _ := work.DataPtrUint8()
	w, h := work.Cols(), work.Rows()
	lum := func(x, y int) float64 {
		i := 3 * (y*w + x)
		return float64(p[i]) + float64(p[i+1]) + float64(p[i+2])
	}
	x0, x1 := max(1, int(c.X-s/2)), min(w-2, int(c.X+s/2))
	y0, y1 := max(1, int(c.Y-s/2)), min(h-2, int(c.Y+s/2))
	var sc, ss float64
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			gx := lum(x+1, y) - lum(x-1, y)
			gy := lum(x, y+1) - lum(x, y-1)
			m := gx*gx + gy*gy
			if m == 0 {
				continue
			}
			a := 4 * math.Atan2(gy, gx)
			sc += m * math.Cos(a)
			ss += m * math.Sin(a)
		}
	}
	return math.Atan2(ss, sc) / 4
}

// dieSides estimates the side of a die's blob over the frame from the
// blobs that look like one square die (about square, filling their
// rectangle): a plane over the frame (perspective makes far dice smaller),
// or the largest blob's side if none looks like a die.
func dieSides(bs []blob) func(pt) float64 {
	var xs, ys, ss []float64
	var big float64
	for _, b := range bs {
		big = math.Max(big, b.area)
		asp := b.r.W / b.r.H
		if asp > 0.75 && asp < 1.33 && b.area > 0.8*b.r.W*b.r.H {
			xs, ys, ss = append(xs, b.r.C.X), append(ys, b.r.C.Y), append(ss, math.Sqrt(b.area))
		}
	}
	if len(ss) == 0 {
		s := shortSide(bs, big)
		return func(pt) float64 { return s }
	}
	xs, ys, ss = oneDieSides(xs, ys, ss)
	f := sizeModel(xs, ys, ss)
	return func(p pt) float64 { return f(p.X, p.Y) }
}

// oneDieSides leaves out of the sides ss (at xs, ys) those more than
// heapSide times the median: a square heap of four dice looks like one
// die twice as large.
func oneDieSides(xs, ys, ss []float64) ([]float64, []float64, []float64) {
	med := median(slices.Clone(ss))
	var kx, ky, ks []float64
	for i, s := range ss {
		if s <= heapSide*med {
			kx, ky, ks = append(kx, xs[i]), append(ky, ys[i]), append(ks, s)
		}
	}
	return kx, ky, ks
}

// heapSide: see oneDieSides.
const heapSide = 1.6

// shortSide is the side of a die when no blob looks like one: the median
// of the blobs' shorter sides (dice touching in a row are a die wide),
// blobs smaller than an eighth of the largest (area big) left out (glyphs
// of dice as dark as the mat, pieces); the largest's side when fewer
// than two are left (one die, a shadow making it long).
func shortSide(bs []blob, big float64) float64 {
	var short []float64
	for _, b := range bs {
		if b.area >= big/8 {
			short = append(short, math.Min(b.r.W, b.r.H))
		}
	}
	if len(short) < 2 {
		return math.Sqrt(big)
	}
	slices.Sort(short)
	return short[len(short)/2]
}

// blobDistance fills the blob of contour (within mask's size) and computes
// each of its pixels' distance to the blob's edge. The caller closes one
// (the filled blob, of bb's size) and dist.
func blobDistance(mask gocv.Mat, contour []image.Point, m gocv.DistanceTransformMasks) (bb image.Rectangle, one, dist gocv.Mat) {
	bb = boundsOf(contour).Inset(-2).Intersect(image.Rect(0, 0, mask.Cols(), mask.Rows()))
	one = fillBlob(contour, bb)
	dist = gocv.NewMat()
	labels := gocv.NewMat()
	defer labels.Close()
	gocv.DistanceTransform(one, &dist, &labels, gocv.DistL2, m, gocv.DistanceLabelCComp)
	return bb, one, dist
}

// split separates a blob of touching dice of side s: every deep point of
// the blob (a local maximum of the distance to its edge, at least a third of
// a die deep) seeds one die, a watershed on the picture grows the seeds to
// the edges between the dice, and a square is fitted to every part (a part
// still a row of dice long is cut).
func split(work, mask gocv.Mat, contour []image.Point, s float64) []rect {
	bb, one, dist := blobDistance(mask, contour, gocv.DistanceMask5)
	defer one.Close()
	defer dist.Close()
	seeds := peaks(dist, s)
	if len(seeds) < 2 {
		return cutRow(minAreaRect(convexHull(contour)), s)
	}
	parts := watershed(work.Region(bb), one, seeds, s)
	var out []rect
	for _, ps := range parts {
		if len(ps) < 3 {
			continue
		}
		r := minAreaRect(convexHull(ps))
		r.C.X += float64(bb.Min.X)
		r.C.Y += float64(bb.Min.Y)
		out = append(out, cutRow(r, s)...)
	}
	return out
}

// peaks finds the local maxima of a distance map at least s/3 deep, the
// deepest first, no two closer than 0.6 s.
func peaks(dist gocv.Mat, s float64) []image.Point {
	d, _ := dist.DataPtrFloat32()
	w, h := dist.Cols(), dist.Rows()
	type pk struct {
		p image.Point
		v float32
	}
	var cand []pk
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			v := d[y*w+x]
			if float64(v) < s/3 {
				continue
			}
			if v >= d[y*w+x-1] && v >= d[y*w+x+1] && v >= d[(y-1)*w+x] && v >= d[(y+1)*w+x] {
				cand = append(cand, pk{image.Pt(x, y), v})
			}
		}
	}
	sort.Slice(cand, func(i, j int) bool { return cand[i].v > cand[j].v })
	var out []image.Point
	minD := 0.6 * s
	for _, c := range cand {
		ok := true
		for _, o := range out {
			if portable.Hypot(float64(c.p.X-o.X), float64(c.p.Y-o.Y)) < minD {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, c.p)
		}
	}
	return out
}

// seedRadius: a seed covers the middle of its die (its glyph's edges must
// not stop the flood), in die sides.
const seedRadius = 0.28

// watershed grows the seeds over the blob one (picture region img) and
// returns the points of each seed's part.
func watershed(img, one gocv.Mat, seeds []image.Point, s float64) [][]image.Point {
	defer img.Close()
	w, h := one.Cols(), one.Rows()
	mk := make([]int32, w*h)
	op, _ := one.DataPtrUint8()
	for i, v := range op {
		if v == 0 {
			mk[i] = 1
		}
	}
	r := int(math.Max(1, seedRadius*s))
	for k, p := range seeds {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				x, y := p.X+dx, p.Y+dy
				if x >= 0 && y >= 0 && x < w && y < h && op[y*w+x] != 0 && mk[y*w+x] == 0 && dx*dx+dy*dy <= r*r {
					mk[y*w+x] = int32(k + 2)
				}
			}
		}
	}
	bytes := unsafe.Slice((*byte)(unsafe.Pointer(&mk[0])), 4*len(mk))
	markers, _ := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV32SC1, bytes)
	defer markers.Close()
	pic := img.Clone()
	defer pic.Close()
	gocv.Watershed(pic, &markers)
	// Each part is returned by its boundary pixels (enough for its hull)
	// and its pixel count.
	parts := make([][]image.Point, len(seeds))
	counts := make([]int, len(seeds))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			l := mk[y*w+x]
			if k := int(l) - 2; k >= 0 && k < len(seeds) && op[y*w+x] != 0 {
				counts[k]++
				if x == 0 || y == 0 || x == w-1 || y == h-1 || mk[y*w+x-1] != l || mk[y*w+x+1] != l || mk[(y-1)*w+x] != l || mk[(y+1)*w+x] != l {
					parts[k] = append(parts[k], image.Pt(x, y))
				}
			}
		}
	}
	for k := range parts {
		if float64(counts[k]) < 0.3*s*s {
			parts[k] = nil
		}
	}
	runtime.KeepAlive(mk)
	return parts
}

// cutRow cuts a rectangle k dice long into k squares.
func cutRow(r rect, s float64) []rect {
	if r.H > r.W {
		r.W, r.H = r.H, r.W
		r.Angle += math.Pi / 2
	}
	k := int(math.Round(r.W / s))
	if k < 2 {
		return []rect{r}
	}
	ux, uy := math.Cos(r.Angle), math.Sin(r.Angle)
	step := r.W / float64(k)
	out := make([]rect, 0, k)
	for i := 0; i < k; i++ {
		off := (float64(i)+0.5)*step - r.W/2
		out = append(out, rect{C: pt{r.C.X + off*ux, r.C.Y + off*uy}, W: step, H: r.H, Angle: r.Angle})
	}
	return out
}

func boundsOf(ps []image.Point) image.Rectangle {
	b := image.Rectangle{Min: ps[0], Max: ps[0].Add(image.Pt(1, 1))}
	for _, p := range ps[1:] {
		b = b.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
	}
	return b
}

// inkSpots are the boxes of the glyph patches of the last frame found
// (d.ink) outside the faces taken (frame pixels), in frame pixels, each
// turned as the edges about it run (edgeAngle, side s(centre)).
func (d *detector) inkSpots(taken []rect, s func(pt) float64) []rect {
	free := d.outside(d.ink, taken)
	defer free.Close()
	cs := gocv.FindContours(free, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	var out []rect
	for i := range cs.Size() {
		b := gocv.BoundingRect(cs.At(i))
		c := pt{(float64(b.Min.X+b.Max.X)/2 + 0.5) / d.scale, (float64(b.Min.Y+b.Max.Y)/2 + 0.5) / d.scale}
		side := s(c)
		r := rect{C: c, W: float64(b.Dx()) / d.scale, H: float64(b.Dy()) / d.scale}
		if r.W > spotSide*side || r.H > spotSide*side || r.W*r.H < spotArea*side*side {
			continue
		}
		r.Angle = edgeAngle(d.work, pt{c.X * d.scale, c.Y * d.scale}, side*d.scale)
		out = append(out, r)
	}
	return out
}

// outside is a copy of the work-size mask m cleared inside the faces
// taken (frame pixels); the caller closes it.
func (d *detector) outside(m gocv.Mat, taken []rect) gocv.Mat {
	free := m.Clone()
	for _, t := range taken {
		var ps []image.Point
		for _, c := range t.corners(1) {
			ps = append(ps, image.Pt(int(c.X*d.scale), int(c.Y*d.scale)))
		}
		fillPoly(&free, ps, color.RGBA{})
	}
	return free
}

// bodySpots are the deep points of the foreground of the last frame found
// (d.mask) outside the faces taken (frame pixels), each a square of side
// s(centre) turned as the edges about it run. The distance to the edge of
// a compact heap of dice peaks between its dice, not in them, so split
// may seed fewer dice than the heap holds; with the faces read taken out,
// a die left unseeded is a region at least a third of a side deep (see
// peaks, at the side at the frame's middle), its neighbours' sides too
// thin to be one. A point deeper than bodyDeep sides lies in something
// larger than a die (a card, a board), not read.
func (d *detector) bodySpots(taken []rect, s func(pt) float64) []rect {
	free := d.outside(d.mask, taken)
	defer free.Close()
	dist, labels := gocv.NewMat(), gocv.NewMat()
	defer dist.Close()
	defer labels.Close()
	gocv.DistanceTransform(free, &dist, &labels, gocv.DistL2, gocv.DistanceMask5, gocv.DistanceLabelCComp)
	mid := pt{float64(free.Cols()) / 2 / d.scale, float64(free.Rows()) / 2 / d.scale}
	var out []rect
	for _, p := range peaks(dist, s(mid)*d.scale) {
		c := pt{(float64(p.X) + 0.5) / d.scale, (float64(p.Y) + 0.5) / d.scale}
		side := s(c)
		if float64(dist.GetFloatAt(p.Y, p.X)) > bodyDeep*side*d.scale {
			continue
		}
		out = append(out, rect{C: c, W: side, H: side, Angle: edgeAngle(d.work, pt{c.X * d.scale, c.Y * d.scale}, side*d.scale)})
	}
	return out
}

// bodyDeep: a die's body, its sides and all, is at most about 1.4 sides
// wide; the deep points of the dice bodySpots found lie 0.45–0.58 of a
// side deep.
const bodyDeep = 0.75

// spotArea: a glyph patch whose box is smaller than this share of a
// die's face is a piece of one, or grain; spotSide: one longer than this
// many sides holds more than one die's glyph (a Turn Setup die's marks
// fill its face, and its edges on a mat of another shade join them).
const spotArea, spotSide = 0.04, 1.4

// minBand: a blob of more dice's area than this whose parts mostly show
// no ink is a band of mat (see unband); a heap of dice is smaller (a heap
// of three dice, two of them blurred, is 4.25 dice's area).
const minBand = 8

// unband takes the dice out of the bands of mat in the mask's blobs: a
// blob larger than minBand dice whose parts mostly show no ink is a light
// band of a mat (wood's grain) with any dice on it joined; the dice on it
// stand out from the band's own colour as the foreground stands out from
// the mat (bandBlobs). The band's blob is replaced in d.outer and d.mask
// by the blobs standing out of it (none: it is left as it is). (A blob
// that large but mostly inked is split again by blobs: few are.)
func (d *detector) unband() {
	side := dieSides(d.outer)
	var out []blob
	for _, b := range d.outer {
		s := side(b.r.C)
		if b.area <= minBand*s*s || mostlyInked(d.raw, split(d.work, d.mask, b.pts, s)) {
			out = append(out, b)
			continue
		}
		sub := d.bandBlobs(b)
		if len(sub) == 0 {
			out = append(out, b)
			continue
		}
		fillPoly(&d.mask, b.pts, color.RGBA{})
		for _, c := range sub {
			fillPoly(&d.mask, c.pts, colorWhite)
		}
		out = append(out, sub...)
	}
	d.outer = out
}

// bandBlobs are the blobs inside blob b of the pixels that stand out from
// b's median colour by the foreground's level (scored and smoothed as
// foreground scores the frame against the mat), opened and closed as the
// foreground is.
func (d *detector) bandBlobs(b blob) []blob {
	bb := boundsOf(b.pts).Intersect(image.Rect(0, 0, d.work.Cols(), d.work.Rows()))
	one := fillBlob(b.pts, bb)
	defer one.Close()
	reg := d.work.Region(bb)
	patch := reg.Clone()
	reg.Close()
	defer patch.Close()
	bg := gocv.NewMatWithSizeFromScalar(medianColour(patch, one), bb.Dy(), bb.Dx(), gocv.MatTypeCV8UC3)
	defer bg.Close()
	score, m := gocv.NewMat(), gocv.NewMat()
	defer score.Close()
	defer m.Close()
	smoothScore(patch, bg, &score, &m)
	gocv.Threshold(m, &m, float32(d.level)-0.5, 255, gocv.ThresholdBinary)
	gocv.BitwiseAnd(m, one, &m)
	gocv.MorphologyEx(m, &m, gocv.MorphOpen, d.e9)
	ink := d.ink.Region(bb)
	gocv.BitwiseOr(m, ink, &m)
	ink.Close()
	gocv.BitwiseAnd(m, one, &m)
	gocv.MorphologyEx(m, &m, gocv.MorphClose, d.e5)
	bs := contourBlobs(m, float64(d.work.Cols()*d.work.Cols())/8000)
	for i := range bs {
		for j := range bs[i].pts {
			bs[i].pts[j] = bs[i].pts[j].Add(bb.Min)
		}
		bs[i].r.C.X += float64(bb.Min.X)
		bs[i].r.C.Y += float64(bb.Min.Y)
	}
	return bs
}

// medianColour is the median of each channel of BGR patch p over the
// pixels set in mask one.
func medianColour(p, one gocv.Mat) gocv.Scalar {
	pp, _ := p.DataPtrUint8()
	op, _ := one.DataPtrUint8()
	var hist [3][256]int
	n := 0
	for i, v := range op {
		if v == 0 {
			continue
		}
		n++
		for c := range 3 {
			hist[c][pp[3*i+c]]++
		}
	}
	var med [3]float64
	for c := range 3 {
		med[c] = float64(quantile(hist[c][:], n, 0.5))
	}
	return gocv.NewScalar(med[0], med[1], med[2], 0)
}

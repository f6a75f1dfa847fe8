package cv

import (
	"image"
	"math"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// Patch geometry: a die's face is rectified to patchSize² pixels covering
// faceInner of its side (the rounded corners and edges left out).
const (
	patchSize = 48
	faceInner = 0.95
	// ringFrom: the body ring (for the body colour) is the part of the patch
	// at least this far from the centre (fraction of the half side).
	ringFrom = 0.875
)

// numCol is the length of a colour feature: the body's log chroma
// log(rb/g²) (which a warm or cool light hardly moves) and log(r/b), and its
// log brightness over the ink's.
const numCol = 3

// feature is what the classifier sees of one die.
type feature struct {
	// ink is the ink map of the face, patchSize²: 0 where the body shows,
	// 1 where the glyph does (from the body and ink levels of the patch's
	// contrast channel, so light level and contrast drop out), smoothed.
	ink    []float32
	coarse []float32 // ink at half resolution
	// pad and cpad are ink and coarse with a margin of body (0) around, so
	// that shifted copies can be compared with a template.
	pad, cpad []float32
	// wpad weighs the pixels of pad: 0 where a glare spot hides the face
	// (brighter than the body, and around), 1 elsewhere; glare tells
	// whether there is any.
	wpad  []float32
	glare bool
	// glareShare is the share of the inner part that glare hides.
	glareShare float64
	pol        int // polDark or polLight
	// under is the share of the inner part at least -inkLo of the
	// contrast beyond the body on the other side than the glyph (the
	// glyph itself when glare flipped the contrast).
	under float64
	col   [numCol]float64
	// desc is what the linear classifier reads: the ink map averaged over
	// descCell² blocks (descN² values).
	desc []float32
	// memo keeps the template distances of the classify call reading
	// the feature (nil: none kept).
	memo *distMemo
}

// Descriptor geometry: the ink map averaged over descCell×descCell blocks.
const (
	descCell = 4
	descN    = patchSize / descCell
	descDim  = descN * descN
)

// descriptorOf averages an ink map over blocks.
func descriptorOf(ink []float32) []float32 {
	return descriptorOfTo(make([]float32, descDim), ink)
}

// descriptorOfTo is descriptorOf into out (zeroed), which it returns.
func descriptorOfTo(out, ink []float32) []float32 {
	const n = patchSize
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			out[(y/descCell)*descN+x/descCell] += ink[y*n+x]
		}
	}
	for i := range out {
		out[i] /= descCell * descCell
	}
	return out
}

// rotGrid returns the n×n grid v turned k quarter turns (as rotations does).
func rotGrid[T any](v []T, n, k int) []T {
	out := v
	for ; k > 0; k-- {
		prev := out
		out = make([]T, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				out[x*n+(n-1-y)] = prev[y*n+x]
			}
		}
	}
	return out
}

// descPerm[r] maps a descriptor turned r quarter turns to the original:
// rotGrid(d, descN, r)[i] == d[descPerm[r][i]].
var descPerm = func() (p [4][]int) {
	id := make([]int, descDim)
	for i := range id {
		id[i] = i
	}
	for r := range p {
		p[r] = rotGrid(id, descN, r)
	}
	return p
}()

// Ink map settings: the ink level is the inkPctPer1000‰ quantile of the contrast
// channel (the body's is the ring's median); values are clipped to
// [inkLo, inkHi] so glare and deep shadows weigh little.
const (
	inkPctPer1000 = 50
	inkLo         = -0.2
	inkHi         = 1.2
)

// rectifier warps dice faces out of a frame, reusing its buffers.
type rectifier struct {
	big, small gocv.Mat
	// mask is the frame's foreground mask at scale work pixels per frame
	// pixel (empty: none); the top face lies inside it.
	mask, warped gocv.Mat
	scale        float64
	edges        gocv.Mat // the edge patch (edgePatch)
	fit          gocv.Mat // the edge fit's patch (edgeRect)
	// sizeAt is the frame's die side at a point (refineAll; nil: none).
	sizeAt func(x, y float64) float64
}

func newRectifier() *rectifier {
	return &rectifier{big: gocv.NewMat(), small: gocv.NewMat(), warped: gocv.NewMat(), edges: gocv.NewMat(), fit: gocv.NewMat()}
}

func (q *rectifier) Close() {
	q.big.Close()
	q.small.Close()
	q.warped.Close()
	q.edges.Close()
	q.fit.Close()
}

// useMask sets the foreground mask of the frame being read (owned by the
// caller, valid while the frame is read).
func (q *rectifier) useMask(mask gocv.Mat, scale float64) {
	q.mask, q.scale = mask, scale
}

// patch returns the rectified face of die r in frame (BGR bytes, patchSize²),
// valid until the next call.
func (q *rectifier) patch(frame gocv.Mat, r rect) []byte {
	const big = 2 * patchSize
	warpSquare(frame, &q.big, r.corners(faceInner), big, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
	gocv.Resize(q.big, &q.small, image.Pt(patchSize, patchSize), 0, 0, gocv.InterpolationArea)
	p, _ := q.small.DataPtrUint8()
	return p
}

// Polarity of a face: which side of its body's brightness the glyph lies.
const (
	polAuto  = 0  // as the patch shows it (the heavier tail)
	polDark  = 1  // dark ink on a light body
	polLight = -1 // light ink on a dark body
)

// featureOf computes the feature of a BGR patch, its polarity as the
// patch shows it.
func featureOf(p []byte) feature { return featureAt(p, polAuto) }

// featureAt computes the feature of a BGR patch at polarity pol (polAuto:
// as the patch shows it).
func featureAt(p []byte, pol int) feature {
	f, _ := featureInk(nil, p, pol)
	return f
}

// clampInk is min(inkHi, max(inkLo, v)) for a v that is no NaN (inkLo
// < 0 < inkHi, so a zero keeps its sign either way), by compares: the
// builtins must order NaNs and signed zeros, at several instructions a
// pixel.
func clampInk(v float32) float32 {
	if v < inkLo {
		return inkLo
	}
	if v > inkHi {
		return inkHi
	}
	return v
}

// featureInk is featureAt, with the unsmoothed ink map it came from.
// The body's and the ink's levels are the face's, not local fields: a
// local body level (an upper envelope of the channel, a closing wider
// than the strokes, with the contrast taken near the glyph) does not
// pay. Under glare a dark glyph keeps almost no contrast where the spot
// fades it (those pixels are weighed out anyway), and on a light glyph
// a glare spot is a bright blob of a mark's size that no envelope tells
// from a filled mark (glarefit.go tells them apart with the templates);
// taught, the local map hollows filled marks and hides a misplaced
// face's rim.
//
// Its maps come from sl (nil: fresh ones).
func featureInk(sl *floatSlab, p []byte, pol int) (feature, []float32) {
	const n = patchSize * patchSize
	var xs [patchSize * patchSize]float32 // (on the stack)
	pol = contrastChannelTo(xs[:], p, pol)
	x := xs[:]
	ring, inner := ringMask(), innerMask()
	// Levels to a grey level: histograms of the channel (within ±442).
	const off = 443
	var hr, ha [2 * off]int32
	nr, na := 0, 0
	for i, in := range ring {
		b := min(2*off-1, max(0, int(x[i]+off)))
		if inner[i] {
			ha[b]++
			na++
		}
		if in {
			hr[b]++
			nr++
		}
	}
	body := histMedian(hr[:], nr) - off
	ink := histQuantile(ha[:], na*inkPctPer1000/1000) - off
	ik := sl.get(n)
	under := 0
	if d := body - ink; d > 4 {
		k := float32(1 / d)
		for i := range ik {
			ik[i] = clampInk((float32(body) - x[i]) * k)
			if inner[i] && ik[i] == inkLo {
				under++
			}
		}
	}
	f := feature{col: bodyColour(p, ik, ring), pol: pol, under: float64(under) / float64(na)}
	inkFeature(sl, &f, ik, nil)
	return f, ik
}

// inkFeature fills f's maps (from sl) from the unsmoothed ink map ik; w
// (nil: from glareWeightsTo) weighs its pixels.
func inkFeature(sl *floatSlab, f *feature, ik, w []float32) {
	inner := innerMask()
	na := 0
	for _, in := range inner {
		if in {
			na++
		}
	}
	const n, h = patchSize, patchSize / 2
	f.ink = sl.get(n * n)
	blurTwiceTo(f.ink, ik)
	f.coarse = halveTo(sl.get(h*h), f.ink)
	f.pad = paddedTo(sl.get((n+2*padFine)*(n+2*padFine)), f.ink, n, padFine)
	f.cpad = paddedTo(sl.get((h+2*padCoarse)*(h+2*padCoarse)), f.coarse, h, padCoarse)
	if w == nil {
		var ws [patchSize * patchSize]float32 // (on the stack: wpad keeps it)
		w = ws[:]
		f.glare = glareWeightsTo(w, ik)
	} else {
		f.glare = true
	}
	f.wpad = paddedTo(sl.get((n+2*padFine)*(n+2*padFine)), w, n, padFine)
	if f.glare {
		hid := 0
		for i, x := range w {
			if inner[i] && x == 0 {
				hid++
			}
		}
		f.glareShare = float64(hid) / float64(na)
	}
	var b [n * n]float32
	blurTwiceTo(b[:], f.ink)
	f.desc = descriptorOfTo(sl.get(descDim), b[:])
}

// deglared is the feature of a face with light ink whose glare (a smooth
// bright spot that looks like ink there) is taken out: the glare is what
// an opening of the ink map by a square wider than a glyph's strokes
// and most of its marks leaves (a smaller one takes a Turn Setup die's
// marks for glare), the ink map is rescaled as if the glare blended every pixel
// towards the glyph's level, and pixels where glare is strong weigh 0.
// ok is false when no part of the face looks like glare.
//
// Its maps come from sl (nil: fresh ones).
func deglared(sl *floatSlab, p []byte, f feature, ik []float32) (g feature, ok bool) {
	const n = patchSize
	var eroded [n * n]float32 // (on the stack)
	rankFilterTo(eroded[:], ik, glareOpen, false)
	h := sl.get(n * n)
	rankFilterTo(h, eroded[:], glareOpen, true)
	out := sl.get(n * n)
	w := sl.get(n * n)
	for i := range w {
		w[i] = 1
	}
	for i, x := range ik {
		gl := min(inkHi, max(0, h[i]))
		if gl >= glareFlat {
			ok = true
			y, x0 := i/n, i%n
			for v := max(0, y-1); v <= min(n-1, y+1); v++ {
				for u := max(0, x0-1); u <= min(n-1, x0+1); u++ {
					w[v*n+u] = 0
				}
			}
		}
		if gl < 0.9*inkHi {
			out[i] = (x - gl) / (1 - gl/inkHi)
		}
	}
	if !ok {
		return f, false
	}
	q, ok := glyphLevel(out, w)
	if !ok {
		return f, false
	}
	for i := range out {
		out[i] = min(inkHi, max(inkLo, out[i]/q))
	}
	g = feature{col: glareFreeColour(p, ik, h, f.col), pol: f.pol, under: f.under}
	inkFeature(sl, &g, out, w)
	return g, true
}

// glyphLevel is the ink level of the de-glared map out where glare does
// not hide it (weight w 1): its inkPctPer1000‰ inkiest pixel; ok is false
// when glare hides most of the face or no glyph shows.
func glyphLevel(out, w []float32) (q float32, ok bool) {
	inner := innerMask()
	var buf [patchSize * patchSize]float32 // (on the stack)
	seen := buf[:0]
	for i, in := range inner {
		if in && w[i] == 1 {
			seen = append(seen, out[i])
		}
	}
	if len(seen) < len(inner)/4 {
		return 0, false
	}
	// The quantile's value, not the order: selected, not sorted (a zero's
	// sign may differ, and a zero is no glyph level either way).
	q = quickselect(seen, len(seen)-1-len(seen)*inkPctPer1000/1000)
	return q, q >= glareMinInk
}

// glareFreeColour is the body colour of patch p (ink map ik) from the
// pixels glare (its estimate h) leaves untouched; col when too few are.
func glareFreeColour(p []byte, ik, h []float32, col [numCol]float64) [numCol]float64 {
	cm := make([]float32, len(ik))
	ring := ringMask()
	body := 0
	for i, x := range ik {
		cm[i] = x
		if h[i] > glareTint {
			cm[i] = 0.45 // neither body nor ink
		} else if ring[i] && x < 0.3 && x > glareInk {
			body++
		}
	}
	if body < minBodyPixels {
		return col
	}
	return bodyColour(p, cm, ring)
}

// glareTint: glare this strong tints a pixel; minBodyPixels: the fewest
// body pixels a colour is taken from.
const (
	glareTint     = 0.05
	minBodyPixels = 40
)

// glareOpen: the opening's square is 2·glareOpen+1 pixels wide; glareFlat:
// glare at least this strong hides the face.
const (
	glareOpen   = 5
	glareFlat   = 0.6
	glareMinInk = 0.1
)

// rankFilterTo sets out (not v) to the minimum (hi false: an erosion) or
// maximum (a dilation) of the patchSize² map v over a (2r+1)² square
// (clipped at the edges), rows then columns, the rows' pass on the stack.
func rankFilterTo(out, v []float32, r int, hi bool) {
	const n = patchSize
	if haveRankRows && r <= maxRankRows {
		// Every line's picks as rankPass makes them, a row of lines at
		// once (rankCols); the rows' pass on the map turned over.
		var t [n * n]float32
		if !transposeTo(t[:], v) {
			rankCols(out, t[:], r, hi)
			transposeTo(t[:], out)
			rankCols(out, t[:], r, hi)
			return
		}
	}
	var tmp [n * n]float32
	rankPass(v, tmp[:], r, 1, n, hi)
	rankPass(tmp[:], out, r, n, 1, hi)
}

// maxRankRows: the widest window rankCols takes (the running extremes
// beyond the map's rows live on the stack).
const maxRankRows = 8

// transposeTo sets out to the patchSize² map v turned over its diagonal,
// and tells whether v holds a NaN (which MINPS and MAXPS order otherwise
// than rankPass's pick).
func transposeTo(out, v []float32) (nan bool) {
	const n = patchSize
	out, v = out[:n*n], v[:n*n]
	// A NaN's bits, sign cleared, lie above +Inf's (0x7f800000): adding
	// 0x007fffff carries into bit 31 for a NaN only.
	var acc uint32
	for x := range n {
		col := out[x*n : x*n+n]
		for y := range col {
			a := v[y*n+x]
			col[y] = a
			acc |= math.Float32bits(a)&0x7fffffff + 0x007fffff
		}
	}
	return acc&0x80000000 != 0
}

// rankCols is rankPass along the columns (step patchSize, across 1) of
// a map without NaNs: the same picks in the same order for every column,
// made a row of columns at a time (minRow, maxRow); r is at most
// maxRankRows. The running extremes to each block's end (h) of the
// map's rows are made in out, which the window's pick then overwrites;
// those from each block's start (g) are kept two rows at a time.
func rankCols(out, v []float32, r int, hi bool) {
	const n = patchSize
	var _ [n % 4]struct{} // (patchSize a multiple of 4)
	w := 2*r + 1
	m := n + 2*r
	var edge [n]float32
	e := float32(math.Inf(1))
	if hi {
		e = -e
	}
	for i := range edge {
		edge[i] = e
	}
	v, out = v[:n*n], out[:n*n]
	ext := func(i int) []float32 { // row i of the lines' extension
		if i < r || i >= n+r {
			return edge[:]
		}
		return v[(i-r)*n : (i-r+1)*n]
	}
	pick := func(dst, a, b *float32, n int) { // (minRow or maxRow called directly: its maps stay on the stack)
		if hi {
			maxRow(dst, a, b, n)
		} else {
			minRow(dst, a, b, n)
		}
	}
	var hs [2 * maxRankRows * n]float32 // h's rows n .. m-1
	hrow := func(i int) []float32 {
		if i < n {
			return out[i*n : i*n+n]
		}
		return hs[(i-n)*n : (i-n)*n+n]
	}
	for i := m - 1; i >= 0; i-- { // running extreme to each block's end
		if (i+1)%w == 0 || i+1 == m {
			copy(hrow(i), ext(i))
		} else {
			pick(&hrow(i)[0], &hrow(i + 1)[0], &ext(i)[0], n)
		}
	}
	var gs [2 * n]float32    // g's last two rows
	for i := 0; i < m; i++ { // running extreme from each block's start
		g := gs[(i%2)*n : (i%2)*n+n]
		if i%w == 0 {
			copy(g, ext(i))
		} else {
			pick(&g[0], &gs[((i+1)%2)*n], &ext(i)[0], n)
		}
		if k := i - 2*r; k >= 0 { // the window ext[k .. k+2r]
			pick(&out[k*n], &out[k*n], &g[0], n)
		}
	}
}

// rankPass takes the minimum (or maximum) along lines of step step, lines
// apart by across, over a window of 2r+1 clipped at the line's ends: van
// Herk's running extremes over blocks of the window's length, three
// comparisons a pixel whatever r.
func rankPass(v, out []float32, r, step, across int, hi bool) {
	const n = patchSize
	w := 2*r + 1
	m := n + 2*r
	edge := float32(math.Inf(1))
	if hi {
		edge = -edge
	}
	ext := make([]float32, 3*m)
	g, h := ext[m:2*m], ext[2*m:]
	ext = ext[:m]
	for i := range r { // the margins, never written over
		ext[i], ext[m-1-i] = edge, edge
	}
	pick := func(a, b float32) float32 {
		if (b > a) == hi && b != a {
			return b
		}
		return a
	}
	for l := range n {
		base := l * across
		for k := range n {
			ext[k+r] = v[base+k*step]
		}
		// (j is i mod w, then (i+1) mod w, counted: a division a pixel
		// costs more than the rest.)
		for i, j := 0, 0; i < m; i++ { // running extreme from each block's start
			g[i] = ext[i]
			if j != 0 {
				g[i] = pick(g[i-1], ext[i])
			}
			if j++; j == w {
				j = 0
			}
		}
		for i, j := m-1, m%w; i >= 0; i-- { // and to each block's end
			h[i] = ext[i]
			if j != 0 && i+1 < m {
				h[i] = pick(h[i+1], ext[i])
			}
			if j == 0 {
				j = w
			}
			j--
		}
		for k := range n { // the window ext[k .. k+2r]
			out[base+k*step] = pick(h[k], g[k+2*r])
		}
	}
}

// glareWeightsTo sets w (patchSize²) to 0 where the unsmoothed ink map ik
// says a pixel is well brighter than the body (a glare spot, and a pixel
// around), 1 elsewhere; any tells whether there is such a pixel. Dark
// dice with light glyphs show glare as ink: there it is not told.
func glareWeightsTo(w, ik []float32) (any bool) {
	const n = patchSize
	for i := range w {
		w[i] = 1
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if ik[y*n+x] > glareInk {
				continue
			}
			any = true
			for v := max(0, y-1); v <= min(n-1, y+1); v++ {
				for u := max(0, x-1); u <= min(n-1, x+1); u++ {
					w[v*n+u] = 0
				}
			}
		}
	}
	return any
}

// glareInk: a pixel whose ink is below this (brighter than the body by
// this share of the body-to-glyph contrast) is glare.
const glareInk = -0.15

// shiftGridTo sets out (not v) to the n×n grid v moved by dx, dy (0 where
// it comes from beyond the edge).
func shiftGridTo(out, v []float32, n, dx, dy int) {
	clear(out[:n*n])
	for y := 0; y < n; y++ {
		sy := y - dy
		if sy < 0 || sy >= n {
			continue
		}
		for x := 0; x < n; x++ {
			if sx := x - dx; sx >= 0 && sx < n {
				out[y*n+x] = v[sy*n+sx]
			}
		}
	}
}

// padded returns the n×n map v inside a margin of m zeros.
func padded(v []float32, n, m int) []float32 {
	return paddedTo(make([]float32, (n+2*m)*(n+2*m)), v, n, m)
}

// paddedTo is padded into out (zeroed), which it returns.
func paddedTo(out, v []float32, n, m int) []float32 {
	w := n + 2*m
	for y := 0; y < n; y++ {
		copy(out[(y+m)*w+m:(y+m)*w+m+n], v[y*n:(y+1)*n])
	}
	return out
}

// ringMask marks the patch pixels of the body ring.
var ringMask = squareMask(ringFrom, true)

// innerFrom: the inner part of the patch (where the glyph is, clear of
// the face's edges and whatever a misplaced face shows beyond them) is
// the part nearer the centre than this (fraction of the half side).
const innerFrom = 0.75

// innerMask marks the patch pixels of the inner part.
var innerMask = squareMask(innerFrom, false)

// squareMask marks the patch pixels at least from of the half side from
// the centre (in the larger of the two directions) when outer is true, the
// pixels nearer than that when it is false. The mask is made once.
func squareMask(from float64, outer bool) func() []bool {
	const n = patchSize
	m := make([]bool, n*n)
	half := float64(n) / 2
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			dx, dy := math.Abs(float64(x)+0.5-half), math.Abs(float64(y)+0.5-half)
			m[y*n+x] = (math.Max(dx, dy) >= from*half) == outer
		}
	}
	return func() []bool { return m }
}

// contrastChannel projects the patch's colours on the main axis of its
// inner part (the colour direction along which body and glyph differ
// most: blue for white marks on a yellow die, where grey hardly sees
// them), signed so that the glyph lies below the body: at polarity pol,
// or as the patch shows it (polAuto): the body is the ring's median, the
// glyph the heavier tail of the inner part away from it (a strip of mat
// or a side in the ring does not flip it). It returns the polarity used.
func contrastChannel(p []byte, pol int) ([]float32, int) {
	out := make([]float32, patchSize*patchSize)
	return out, contrastChannelTo(out, p, pol)
}

// contrastChannelTo is contrastChannel into out (patchSize²).
func contrastChannelTo(out []float32, p []byte, pol int) int {
	const n = patchSize * patchSize
	im := innerMask()
	var buf [3 * n]byte // (on the stack)
	in := buf[:0]
	for i, ok := range im {
		if ok {
			in = append(in, p[3*i:3*i+3]...)
		}
	}
	v := mainAxis(in)
	if v[0]+v[1]+v[2] < 0 { // brighter is higher
		v = [3]float64{-v[0], -v[1], -v[2]}
	}
	out = out[:n]
	rm := ringMask()
	const off = 443
	var hr [2 * off]int32
	nr := 0
	for i := 0; i < n; i++ {
		x := float64(p[3*i])*v[0] + float64(p[3*i+1])*v[1] + float64(p[3*i+2])*v[2]
		out[i] = float32(x)
		if rm[i] {
			hr[min(2*off-1, max(0, int(x+off)))]++
			nr++
		}
	}
	if pol == polAuto {
		pol = polOf(out, im, float32(histMedian(hr[:], nr)-off))
	}
	if pol == polLight {
		for i := range out {
			out[i] = -out[i]
		}
	}
	return pol
}

// polOf is the polarity a contrast channel x (brighter is higher) shows:
// the heavier tail of the inner part im away from the body's level.
func polOf(out []float32, im []bool, body float32) int {
	var up, down float32
	for i, x := range out {
		if im[i] {
			if x > body {
				up += (x - body) * (x - body)
			} else {
				down += (body - x) * (body - x)
			}
		}
	}
	if up > down {
		return polLight
	}
	return polDark
}

// blur3 smooths a patch with a 3×3 binomial kernel (edges clamped), so that
// a pixel of misalignment costs little.
func blur3(g []float32) []float32 {
	out := make([]float32, patchSize*patchSize)
	blur3To(out, g)
	return out
}

// blurTwice is blur3(blur3(g)), the smoothing every map gets.
func blurTwice(g []float32) []float32 {
	out := make([]float32, patchSize*patchSize)
	blurTwiceTo(out, g)
	return out
}

// blurTwiceTo is blurTwice into out, the first pass's map on the stack
// (feature maps are made by the hundred a frame: garbage costs).
func blurTwiceTo(out, g []float32) {
	var mid [patchSize * patchSize]float32
	blur3To(mid[:], g)
	blur3To(out, mid[:])
}

// descriptorOfInk is the descriptor of an ink map: blurred twice more and
// averaged over cells.
func descriptorOfInk(ink []float32) []float32 {
	var b [patchSize * patchSize]float32
	blurTwiceTo(b[:], ink)
	return descriptorOf(b[:])
}

// blur3To is blur3 into out (not g): each row smoothed across, then each
// column down (blurLine, edges clamped).
func blur3To(out, g []float32) {
	const n, nn = patchSize, patchSize * patchSize
	var tmp [nn]float32
	// Across: the whole map as one line, then each row's ends clamped.
	blurLine(tmp[1:nn-1], g[:nn-2], g[1:nn-1], g[2:nn])
	for y := 0; y < n; y++ {
		row, t := g[y*n:][:n], tmp[y*n:][:n]
		t[0] = (row[0] + 2*row[0] + row[1]) / 4
		t[n-1] = (row[n-2] + 2*row[n-1] + row[n-1]) / 4
	}
	// Down: the inner rows at once, the first and last clamped.
	blurLine(out[:n], tmp[:n], tmp[:n], tmp[n:2*n])
	blurLine(out[n:nn-n], tmp[:nn-2*n], tmp[n:nn-n], tmp[2*n:])
	blurLine(out[nn-n:nn], tmp[nn-2*n:nn-n], tmp[nn-n:], tmp[nn-n:])
}

// blurLine sets dst[i] to (a[i] + 2b[i] + c[i]) / 4: blurRows (SSE or
// NEON) where it runs, four at a time, the rest here.
func blurLine(dst, a, b, c []float32) {
	n := len(dst)
	a, b, c = a[:n], b[:n], c[:n]
	k := 0
	if haveBlurRows && n >= 4 {
		k = n &^ 3
		blurRows(&dst[0], &a[0], &b[0], &c[0], k)
	}
	for i := k; i < n; i++ {
		dst[i] = (a[i] + 2*b[i] + c[i]) / 4
	}
}

// normalize makes v zero-mean and unit-norm in place (a flat patch stays 0).
func normalize(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x)
	}
	mean := float32(s / float64(len(v)))
	var ss float64
	for i := range v {
		v[i] -= mean
		ss += float64(v[i]) * float64(v[i])
	}
	if ss < 1e-9 {
		return v
	}
	k := float32(1 / math.Sqrt(ss))
	for i := range v {
		v[i] *= k
	}
	return v
}

// bodyColour is the colour feature of a patch: the median colour of the
// body ring's body pixels (neither ink nor glare) as log chroma (a
// light's brightness drops out),
// and the body's brightness over the ink's (ink pixels:
// ink map above 0.6) in log.
func bodyColour(p []byte, ik []float32, ring []bool) [numCol]float64 {
	var hb, hg, hr [256]int32
	var hlb, hli [766]int32
	var nb, ni int
	for i, in := range ring {
		q := p[3*i : 3*i+3 : 3*i+3]
		l := int(q[0]) + int(q[1]) + int(q[2])
		if ik[i] > 0.6 {
			hli[l]++
			ni++
			continue
		}
		if in && ik[i] < 0.3 && ik[i] > glareInk {
			hb[q[0]]++
			hg[q[1]]++
			hr[q[2]]++
			hlb[l]++
			nb++
		}
	}
	b, g, r := histMedian(hb[:], nb), histMedian(hg[:], nb), histMedian(hr[:], nb)
	lr, lbg := portable.Log((r+4)/(g+4)), portable.Log((b+4)/(g+4))
	return [numCol]float64{
		lr + lbg, lr - lbg,
		portable.Log((histMedian(hlb[:], nb) + 12) / (histMedian(hli[:], ni) + 12)),
	}
}

// histMedian is the median of n values counted in a histogram (0 if none).
func histMedian(h []int32, n int) float64 {
	if n == 0 {
		return 0
	}
	return histQuantile(h, n/2)
}

// histQuantile is the k-th smallest value counted in a histogram.
func histQuantile(h []int32, k int) float64 {
	var acc int32
	for v, c := range h {
		acc += c
		if acc > int32(k) {
			return float64(v)
		}
	}
	return float64(len(h) - 1)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	k := len(v) / 2
	return quickselect(v, k)
}

// quickselect returns the k-th smallest of v (reordering v; no NaNs).
func quickselect[T float32 | float64](v []T, k int) T {
	lo, hi := 0, len(v)-1
	for lo < hi {
		p := v[(lo+hi)/2]
		i, j := lo, hi
		for i <= j {
			for v[i] < p {
				i++
			}
			for v[j] > p {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return v[k]
		}
	}
	return v[k]
}

// rotations returns v (a patchSize² grid) turned by 0, 90, 180, 270 degrees.
func rotations(v []float32) [4][]float32 {
	const n = patchSize
	var out [4][]float32
	out[0] = v
	for k := 1; k < 4; k++ {
		prev := out[k-1]
		r := make([]float32, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				r[x*n+(n-1-y)] = prev[y*n+x]
			}
		}
		out[k] = r
	}
	return out
}

func dot(a, b []float32) float32 {
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// halve averages 2×2 blocks of a patchSize² grid (a copy).
func halve(v []float32) []float32 {
	return halveTo(make([]float32, patchSize*patchSize/4), v)
}

// halveTo is halve into out, which it returns.
func halveTo(out, v []float32) []float32 {
	const n, h = patchSize, patchSize / 2
	for y := 0; y < h; y++ {
		for x := 0; x < h; x++ {
			i := 2*y*n + 2*x
			out[y*h+x] = (v[i] + v[i+1] + v[i+n] + v[i+n+1]) / 4
		}
	}
	return out
}

// floatSlab hands out float32 maps from one backing array, reused: the
// maps of the features a placement's read makes are dead once it is read
// (see classifyAt), and made afresh they were most of a frame's garbage.
// A nil slab hands out fresh maps.
type floatSlab struct {
	buf []float32
	off int
}

// get is n zeroed float32s, valid until reset.
func (s *floatSlab) get(n int) []float32 {
	if s == nil {
		return make([]float32, n)
	}
	if s.off+n > len(s.buf) {
		// A new backing array: what was handed out keeps the old one.
		s.buf, s.off = make([]float32, max(2*len(s.buf), 1<<16, n)), 0
	}
	out := s.buf[s.off : s.off+n : s.off+n]
	s.off += n
	clear(out)
	return out
}

// reset takes back every map handed out.
func (s *floatSlab) reset() { s.off = 0 }

package cv

import (
	"math"
	"slices"
	"sort"
	"sync/atomic"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// Classifier settings. A die's face is told from its ink map (0 body, 1
// glyph) in two ways that must agree:
//
//   - the linear discriminant (lda.go) learnt from the augmented teach
//     variants reads the face at any quarter turn; its margin between the
//     best face and the best other face, over the sure margin calibrated
//     at teach time, is the face's evidence. A face found off the patch's
//     centre is read again centred where its template fits best;
//   - the templates (one mean ink map per class) are matched with shifts
//     by a robust sum of squared differences (each pixel's squared error
//     counted at most truncErr²): the fit of the best class (its residual)
//     must be good, no ink may lie on the patch's rim beyond the
//     template's (a glyph cut by a misplaced face), and the ink map must
//     lie nearer the best face's template than any close rival's, with
//     and without the glare pixels (only without them where glare hides
//     much of the face). Templates that tell the face apart clearly, on a
//     face they fit well, make up for a weak discriminant margin.
//
// The kind comes from the body colour among the classes with that face;
// kinds of that face whose colour is about as close are alternatives that
// resolveTwins chooses from (the face is sure whatever the kind). A glyph
// on the other side of the body than its kind's (dark ink on a die with
// light ink) fits badly.
// Confidence is half the weakest of fit, face evidence and kind colour
// margin (each 1 at its limit), less when a second one is weak too, so 0.5
// (the threshold) where one of them is at its limit.
const (
	zPlausible = 4.0 // kinds within this many colour spreads may be the die's...
	zSlack     = 2.0 // ...and those within this of the closest kind
	// Shifts: up to coarseShift half-resolution pixels, then ±1 pixel
	// around the best at full resolution (the face is found within about
	// a tenth of its side).
	coarseShift = 1
	padCoarse   = coarseShift
	padFine     = 2*coarseShift + 1
	truncErr    = 0.7
	// minTemplatePair: the templates must agree with the discriminant,
	// the ink map at least this far from the rival face's template
	// towards the best's (1: exactly the best's).
	minTemplatePair = 0.15
	minKindZ        = 2.0
	kindFar         = 2.0 // beyond this many spreads, a kind's margin counts less
	kindDoubt       = 2.0 // kinds of the face within this many spreads are alternatives
	maxColourZ      = 8.0 // a body colour farther from its kind's is unsure
	// fit: the mean robust residual per pixel of the best class; confidence
	// falls from goodResid to maxResid, and a blob beyond dropResid is no die.
	goodResid = 0.02
	maxResid  = 0.055
	dropResid = 0.15
	// maxGlareResid: the fit of the whole face, glare and all, at which a
	// face is no longer sure.
	maxGlareResid = 0.07
)

// verdict is the classification of one die.
type verdict struct {
	class int     // best class
	resid float64 // its mean robust residual per pixel
	conf  float64
	alts  []int // twin classes it may be instead (same face, kind unknown)

	margin, kindMargin float64
	fit                float64
	rim                float64    // ink on the patch's rim beyond the template's
	rimDir             [2]float64 // where that ink is (unit, patch axes)
	rival              int
	faceEv, kindEv     float64 // the face's and the kind's evidence (1 at the limit)
	tmplEv             float64 // the templates' part of the face's evidence
	glare              bool    // the patch shows glare
	glareShare         float64 // the share of the face glare hides
	try                int     // the placement classifyDie kept (0: the first)
	at                 rect    // that placement
	doubt              string  // the rule that left it unsure whatever its evidence ("": none)
	tclass, trot       int     // the template that fitted it best: its class and turn
	nclass, nrot       int     // the nearest template of another face (class -1: none)
	aligned            bool    // at the placement its template was aligned to (alignFace)
	offPol             bool    // its ink on the other side of its body than its kind's, or glare taken for ink
	glyphOff           float64 // how far its ink's box lies from its template's (sides; see glyphOff)
}

// match is one class matched against an ink map.
type match struct {
	class, rot, dx, dy int
	d                  float64 // robust distance
}

// faceScore is the discriminant of the face classes for a descriptor and
// body colour: the best class and turn, its face's margin over the best
// class of another face (+Inf when no other face is plausible), the
// rival class, and the colour distance of the die to every kind.
type faceScore struct {
	class, rot, rival int
	rivalRot          int
	margin            float64
	zk, gz            []float64
	zcut              float64
	g                 []float64 // per class, its discriminant at its best turn
}

// gateZ is the colour distance that decides which kinds a die may be:
// its brightness over the ink's counts little (blur and glare move it).
func gateZ(col [numCol]float64, c KindColour) float64 {
	var s float64
	for j := 0; j < numCol; j++ {
		sd := c.SD[j]
		if j == 2 {
			sd = math.Max(4*sd, 0.4)
		}
		d := (col[j] - c.Mean[j]) / sd
		s += d * d
	}
	return math.Sqrt(s / numCol)
}

// score runs the linear discriminant over the classes whose kind's colour
// is plausible.
func (m *Model) score(desc []float32, col [numCol]float64) faceScore {
	fs := faceScore{class: -1, rival: -1, margin: math.Inf(1), zk: make([]float64, len(m.Colours))}
	zmin := math.Inf(1)
	for k, kc := range m.Colours {
		fs.zk[k] = colourZ(col, kc)
		zmin = math.Min(zmin, gateZ(col, kc))
	}
	fs.zcut = math.Max(zPlausible, zmin+zSlack)
	gs := make([]float64, len(m.Classes)) // (kept in fs.g)
	var rs [maxClasses]int
	best := math.Inf(-1)
	gz := make([]float64, len(m.Colours))
	for k, kc := range m.Colours {
		gz[k] = gateZ(col, kc)
		if m.banned != nil && m.banned[k] {
			gz[k] = math.Inf(1) // (implausible whatever its colour)
		}
	}
	fs.gz = gz
	for i, c := range m.Classes {
		gs[i] = math.Inf(-1)
		if gz[m.colOf[i]] > fs.zcut {
			continue
		}
		for r := 0; r < 4; r++ {
			g := float64(dot(m.wRot[(4*i+r)*descDim:(4*i+r+1)*descDim], desc) + c.B)
			if g > gs[i] {
				gs[i], rs[i] = g, r
				if g > best {
					best, fs.class, fs.rot = g, i, r
				}
			}
		}
	}
	fs.g = gs
	if fs.class < 0 {
		return fs
	}
	face := m.Classes[fs.class].Face
	for i, c := range m.Classes {
		if c.Face != face && best-gs[i] < fs.margin {
			fs.margin, fs.rival, fs.rivalRot = best-gs[i], i, rs[i]
		}
	}
	return fs
}

// glareOnly: a face whose glare hides more than this share of it is
// told by the templates where glare does not hide it only.
const glareOnly = 0.03

// tmplSlack: the face's evidence is at least the weaker of the
// templates' and the fit's, less this.
const tmplSlack = 0.5

// polFit: the fit of a face whose glyph lies on the other side of the
// body than its kind's is at most this (see classify).
const polFit = 0.5

// maxUnderLight: a face read as light ink on a dark body may have at most
// this share of its inner part well darker than the body (the right
// readings of six rendered sets show at most 0.05).
const maxUnderLight = 0.1

// maxClasses bounds the classes of a model (the best turns live on the
// stack).
const maxClasses = 256

// classify matches a feature against the model's classes.
func (m *Model) classify(f feature) verdict {
	var memo distMemo // (on the stack)
	f.memo = &memo
	fs := m.score(f.desc, f.col)
	if fs.class < 0 {
		return verdict{resid: math.Inf(1), rival: -1, nclass: -1}
	}
	best := match{class: fs.class, rot: fs.rot}
	m.fine(&best, f)
	if best.dx != 0 || best.dy != 0 {
		// The face sits off the patch's centre: read it again centred as
		// the best class's template found it.
		var moved [patchSize * patchSize]float32
		shiftGridTo(moved[:], f.ink, patchSize, best.dx, best.dy)
		if s := m.score(descriptorOfInk(moved[:]), f.col); s.class >= 0 {
			fs = s
			if fs.class != best.class || fs.rot != best.rot {
				best = match{class: fs.class, rot: fs.rot}
				m.fine(&best, f)
			}
		}
	}
	v, alt := m.judge(f, fs, best)
	if alt.class >= 0 {
		// The templates prefer another face than the discriminant: that
		// face is read too, the discriminant's margin against it counted
		// against it.
		if w, _ := m.judge(f, m.retarget(fs, alt), alt); w.conf > v.conf {
			v = w
		}
	}
	return v
}

// retarget is fs with the best class made alt's (its margin over the best
// class of another face negative when the discriminant prefers another).
func (m *Model) retarget(fs faceScore, alt match) faceScore {
	face := m.Classes[alt.class].Face
	fs.class, fs.rot, fs.rival, fs.rivalRot, fs.margin = alt.class, alt.rot, -1, -1, math.Inf(1)
	for i, c := range m.Classes {
		if c.Face != face && fs.g[alt.class]-fs.g[i] < fs.margin {
			fs.margin, fs.rival = fs.g[alt.class]-fs.g[i], i
		}
	}
	return fs
}

// judge weighs the evidence for the best match of feature f (fs its
// discriminant): the verdict, and the match of another face the
// templates prefer (class -1: none).
func (m *Model) judge(f feature, fs faceScore, best match) (verdict, match) {
	zk, zcut := fs.zk, fs.zcut
	gz := fs.gz
	face := m.Classes[best.class].Face
	// Kind: the closest colour among the plausible classes of that face.
	class, kindMargin := best.class, math.Inf(1)
	var same []int
	for i, c := range m.Classes {
		if c.Face == face && gz[m.colOf[i]] <= zcut {
			same = append(same, i)
		}
	}
	sort.Slice(same, func(a, b int) bool { return zk[m.colOf[same[a]]] < zk[m.colOf[same[b]]] })
	if len(same) > 0 {
		class = same[0]
	}
	// The kind's margin: over every other kind with that face, plausible
	// or not. Kinds nearer than kindDoubt of it (in spreads, more for a
	// colour far from its kind's) may be the die's instead: they read the
	// same face, so they leave the face sure and become its alternatives
	// (resolveTwins picks one the frame has room for).
	far := math.Max(1, zk[m.colOf[class]]/kindFar)
	var doubt []int
	for o, c := range m.Classes {
		if c.Face == face && o != class && !m.isTwin(class, o) {
			dz := zk[m.colOf[o]] - zk[m.colOf[class]]
			if dz < kindDoubt*far || (o == best.class && fs.g[fs.class]-fs.g[class] > m.Margin) {
				// (the colour says one kind, the discriminant clearly another)
				doubt = append(doubt, o)
				continue
			}
			kindMargin = math.Min(kindMargin, dz)
		}
	}
	resid := best.d / float64(innerPixels)
	rim, rimDir := rimExcess(m.rot[best.class][best.rot], f.pad, best.dx, best.dy)
	a := fs.margin / m.Margin
	tmpl := math.Inf(1)
	alt, near := match{class: -1}, match{class: -1}
	if fs.rival >= 0 {
		// The templates must not prefer the rival face.
		// The templates must agree: the ink map nearer the best face's
		// template than any other face's (the closest few by a coarse
		// look, the LDA's rival among them).
		var bm float64
		if f.glare {
			bm = m.maskedDistOf(best, f)
		}
		for _, c := range m.templateRivals(fs, face, f) {
			hint := -1
			if c == fs.rival {
				hint = fs.rivalRot
			}
			o := m.bestTurn(c, f, best, hint)
			den := m.tmplDist(best.class, best.rot, o.class, o.rot)
			t := math.Inf(1)
			if f.glareShare <= glareOnly {
				t = (o.d - best.d) / math.Max(den, 1) / minTemplatePair
			}
			if f.glare {
				// Where glare hides part of the face, the rest must
				// agree too (glare may wipe what told two faces apart).
				t = math.Min(t, (m.maskedDistOf(o, f)-bm)/math.Max(den, 1)/minTemplatePair)
			}
			if t < math.Min(tmpl, 0) {
				alt = o
			}
			if t < tmpl {
				near = o
			}
			tmpl = math.Min(tmpl, t)
		}
	}
	fitResid := resid
	if f.glareShare > glareOnly {
		// The fit where glare does not hide the face.
		var ws float64
		for _, x := range f.wpad {
			ws += float64(x)
		}
		fitResid = math.Min(resid, m.maskedDistOf(best, f)/math.Max(ws, 1))
	}
	// The whole face must fit too (glare hides part of it, not most).
	fitResid = math.Max(fitResid, resid-(maxGlareResid-maxResid))
	fit := 1 + (maxResid-fitResid)/(maxResid-goodResid)
	// The body colour must look like the kind's: far from every kind's
	// (a face's edge showing the mat or a side), the kind is a guess. Its
	// brightness over the ink's counts little, as in the kind's gate
	// (glare, blur and dim light move it).
	fit = math.Min(fit, 1+(maxColourZ-gz[m.colOf[class]])/maxColourZ)
	// Templates that tell the face apart clearly, on a face they fit
	// well and whose colour is its kind's, make up for a weak
	// discriminant margin.
	// (A discriminant preferring another face counts against them.)
	a = math.Min(tmpl, math.Max(a, math.Min(tmpl, fit)-tmplSlack+math.Min(0, a)))
	// A colour far from its kind's (a small, blurred die in dim light,
	// mixed with the mat) must be proportionally farther from the others'.
	k := kindMargin / minKindZ / far
	// A glyph cut by the patch's edge: the face is misplaced.
	// (Less so when the face is told clearly whatever the cut part.)
	fit = math.Min(fit, math.Max(1+(maxRim-rim)/maxRim, a-rimFace))
	missMost := 0.0
	if rim > maxRim/2 || resid > looseResid {
		missMost = missingInk(m.rot[best.class][best.rot], f, best.dx, best.dy)
	}
	if (rim > maxRim/2 && missMost > maxMiss) || missMost > maxLost {
		// A glyph cut by the patch's edge while a part of the best
		// face's own glyph is missing, or a face that fits loosely
		// missing a larger part: the face is misplaced, and the part
		// missing may be what tells the face (a Turn Setup die's bar,
		// which tells which way its marks are read).
		fit = min(fit, cutFit)
	}
	offPol := false
	if m.polarity(class) != f.pol {
		// The glyph is on the other side of the body than the kind's:
		// a misplaced face, or another kind.
		fit, offPol = math.Min(fit, polFit), true
	}
	if f.pol == polLight && f.under > maxUnderLight {
		// Light ink on a dark body, yet marks well darker than the body:
		// a light die whose glare was taken for its ink.
		fit, offPol = math.Min(fit, polFit), true
	}
	conf := confidence(fit, a, k)
	v := verdict{class: class, tclass: best.class, trot: best.rot, nclass: near.class, nrot: near.rot, resid: resid, conf: conf, margin: fs.margin, kindMargin: kindMargin, rival: fs.rival, fit: fit, rim: rim, rimDir: rimDir, faceEv: a, tmplEv: tmpl, kindEv: k, glare: f.glare, glareShare: f.glareShare, offPol: offPol}
	v.alts = append(v.alts, m.Classes[class].Twins...)
	v.alts = append(v.alts, doubt...)
	return v, alt
}

// calibrate sets the margin at which a face is sure from held-out
// variants (descriptors xs of classes ys, body colours cols): above the
// margins of 90% of the variants read as a wrong face (the held-out
// variants are harder than the dice a camera sees: blur, glare, a light
// gradient and a misplaced face all at once).
func (m *Model) calibrate(xs [][]float32, ys []int, cols [][numCol]float64) {
	var wrong []float64
	for i, x := range xs {
		fs := m.score(x, cols[i])
		if fs.class >= 0 && m.Classes[fs.class].Face != m.Classes[ys[i]].Face {
			wrong = append(wrong, fs.margin)
		}
	}
	sort.Float64s(wrong)
	m.Margin = minMargin
	if len(wrong) > 0 {
		m.Margin = math.Max(minMargin, wrong[len(wrong)*9/10])
	}
	m.heldOut, m.heldOutWrong = len(xs), wrong
}

// minMargin is the smallest sure margin (log odds of the best face over
// the next).
const minMargin = 4.0

// confidence combines the evidence of the fit, the face and the kind,
// each 1 at its limit: half the weakest, and less when a second one is
// weak too (two doubts are worse than one).
func confidence(fit, face, kind float64) float64 {
	e := []float64{fit, face, kind}
	sort.Float64s(e)
	c := e[0] / 2
	if e[1] < twoDoubts {
		c *= math.Max(0, e[1]) / twoDoubts
	}
	return math.Max(0, math.Min(1, c))
}

// twoDoubts: a second piece of evidence below this weakens the confidence.
const twoDoubts = 1.4

// innerPixels is the number of patch pixels compared.
const innerPixels = patchSize * patchSize

// fine refines a coarse match: the class's template at the coarse rotation
// against the ink map shifted, first at half resolution, then around the
// best shift at full resolution.
func (m *Model) fine(mt *match, f feature) { m.fineUpTo(mt, f, math.Inf(1)) }

// fineUpTo is fine with the distance known to be at least limit when no
// shift gets below it.
func (m *Model) fineUpTo(mt *match, f feature, limit float64) {
	ct := m.coarse[mt.class][mt.rot]
	best, cx, cy := math.Inf(1), 0, 0
	for dy := -coarseShift; dy <= coarseShift; dy++ {
		for dx := -coarseShift; dx <= coarseShift; dx++ {
			if d := f.memo.shiftedDist(ct, f.cpad, patchSize/2, padCoarse, memoKey(memoShifted, mt.class, mt.rot, false, dx, dy), dx, dy, best); d < best {
				best, cx, cy = d, dx, dy
			}
		}
	}
	t := m.rot[mt.class][mt.rot]
	mt.d = limit
	for dy := 2*cy - 1; dy <= 2*cy+1; dy++ {
		for dx := 2*cx - 1; dx <= 2*cx+1; dx++ {
			if d := f.memo.shiftedDist(t, f.pad, patchSize, padFine, memoKey(memoShifted, mt.class, mt.rot, true, dx, dy), dx, dy, mt.d); d < mt.d {
				mt.d, mt.dx, mt.dy = d, dx, dy
			}
		}
	}
}

// shiftedDist is the robust distance between the n×n template t and the
// map padded by m moved by dx, dy; it stops early beyond limit. It is the
// classifier's hottest loop: on amd64 it runs in SSE, on arm64 in NEON
// (robustRows), the same sums in the same order.
func shiftedDist(t, pad []float32, n, m, dx, dy int, limit float64) float64 {
	const cap2 = truncErr * truncErr
	w := n + 2*m
	if o := (m-dy)*w + m - dx; haveRobustRows && n%4 == 0 && n > 0 && len(t) >= n*n && o >= 0 && o+(n-1)*w+n <= len(pad) {
		return robustRows(&t[0], &pad[o], n, w, cap2, limit)
	}
	return shiftedDistGo(t, pad, n, m, dx, dy, limit)
}

// distMemo keeps the template distances a classify call has made
// between the templates and one feature, so that none is made twice:
// the rivals' templates are matched again when the templates prefer
// another face (the second judge), fineUpTo's coarse shifts are
// bestTurn's, and the coarse unshifted fits (ssd) templateRivals and
// bestTurn both look at, as the glare-masked distances (maskedDist) of
// the best match and the rivals, are the same from call to call.
//
// Every caller of shiftedDist only asks whether the distance lies below
// its limit (d < limit), and keeps d only then. shiftedDist's sum only
// grows row by row (its terms are not negative), so a call returns the
// full sum when that is at most its limit, and a partial sum above the
// limit (a lower bound of the full sum) otherwise. A kept d at most its
// call's limit is thus the full sum, good for any limit; a kept lower
// bound answers a call whose limit it reaches (d ≥ limit: no caller
// takes it); anything else is computed again. Every d < limit a caller
// sees is the full sum, as it was. The other distances are kept as made.
type distMemo struct {
	keys   [memoSlots]uint32 // key+1 (0: empty)
	d, lim [memoSlots]float64
	used   int
}

// The memo's hash table: memoSlots slots, filled up to memoMax (beyond,
// distances are computed but not kept).
const (
	memoBits  = 11
	memoSlots = 1 << memoBits
	memoMax   = memoSlots * 3 / 4
)

// Kinds of distances kept (memoKey's tag).
const (
	memoShifted = iota // shiftedDist
	memoMasked         // maskedDist
	memoSSD            // ssd of the coarse template and the coarse map
)

// memoKey names a distance of a kind (tag), a template (class c at
// turn rot, at full resolution or half) and a shift (within ±padFine).
func memoKey(tag, c, rot int, full bool, dx, dy int) uint32 {
	k := uint32(tag)<<20 | uint32(c*4+rot)<<7
	if full {
		k |= 1 << 6
	}
	return k | uint32(dy+padFine)<<3 | uint32(dx+padFine)
}

// find is the slot holding key (hit), else the empty slot for it; -1
// when the table is full.
func (mm *distMemo) find(key uint32) (i int, hit bool) {
	k := key + 1
	h := (k * 2654435761) >> (32 - memoBits)
	for probe := uint32(0); probe < memoSlots; probe++ {
		j := (h + probe) & (memoSlots - 1)
		switch mm.keys[j] {
		case k:
			return int(j), true
		case 0:
			if mm.used >= memoMax {
				return -1, false
			}
			return int(j), false
		}
	}
	return -1, false
}

// keep keeps d (made with limit lim) in the empty slot i for key.
func (mm *distMemo) keep(i int, key uint32, d, lim float64) {
	if i >= 0 {
		mm.keys[i], mm.d[i], mm.lim[i] = key+1, d, lim
		mm.used++
	}
}

// shiftedDist is shiftedDist(t, pad, n, m, dx, dy, limit) for the
// template and shift named key, kept (mm nil: none kept).
func (mm *distMemo) shiftedDist(t, pad []float32, n, m int, key uint32, dx, dy int, limit float64) float64 {
	if mm == nil {
		return shiftedDist(t, pad, n, m, dx, dy, limit)
	}
	i, hit := mm.find(key)
	if !hit {
		d := shiftedDist(t, pad, n, m, dx, dy, limit)
		mm.keep(i, key, d, limit)
		return d
	}
	if d := mm.d[i]; d <= mm.lim[i] || d >= limit {
		return d // the full sum, or a bound beyond limit
	}
	d := shiftedDist(t, pad, n, m, dx, dy, limit)
	mm.d[i], mm.lim[i] = d, limit
	return d
}

// maskedDistOf is m.maskedDist(mt, f), kept in f's memo.
func (m *Model) maskedDistOf(mt match, f feature) float64 {
	if f.memo == nil {
		return m.maskedDist(mt, f)
	}
	key := memoKey(memoMasked, mt.class, mt.rot, true, mt.dx, mt.dy)
	i, hit := f.memo.find(key)
	if hit {
		return f.memo.d[i]
	}
	d := m.maskedDist(mt, f)
	f.memo.keep(i, key, d, 0)
	return d
}

// coarseSSD is ssd(m.coarse[c][rot], f.coarse), kept in f's memo.
func (m *Model) coarseSSD(c, rot int, f feature) float64 {
	if f.memo == nil {
		return ssd(m.coarse[c][rot], f.coarse)
	}
	key := memoKey(memoSSD, c, rot, false, 0, 0)
	i, hit := f.memo.find(key)
	if hit {
		return f.memo.d[i]
	}
	d := ssd(m.coarse[c][rot], f.coarse)
	f.memo.keep(i, key, d, 0)
	return d
}

// shiftedDistGo is shiftedDist in Go: four sums a row (x mod 4).
func shiftedDistGo(t, pad []float32, n, m, dx, dy int, limit float64) float64 {
	const cap2 = truncErr * truncErr
	w := n + 2*m
	var s float32
	for y := 0; y < n; y++ {
		tr := t[y*n : y*n+n]
		o := (y+m-dy)*w + m - dx
		ir := pad[o : o+n]
		var s0, s1, s2, s3 float32
		x := 0
		for ; x+4 <= len(tr); x += 4 {
			e0, e1, e2, e3 := ir[x]-tr[x], ir[x+1]-tr[x+1], ir[x+2]-tr[x+2], ir[x+3]-tr[x+3]
			s0 += min(e0*e0, cap2)
			s1 += min(e1*e1, cap2)
			s2 += min(e2*e2, cap2)
			s3 += min(e3*e3, cap2)
		}
		for ; x < len(tr); x++ {
			e := ir[x] - tr[x]
			s0 += min(e*e, cap2)
		}
		s += s0 + s1 + s2 + s3
		if float64(s) > limit {
			return float64(s)
		}
	}
	return float64(s)
}

// templateRivals are the classes of other faces than face that the
// templates check: the discriminant's rival, the other faces of the best
// class's kind (whose art differs least, e.g. two marks on one diagonal or
// the other), and the templateRivalsN other classes whose templates fit
// the feature best at a coarse look.
func (m *Model) templateRivals(fs faceScore, face string, f feature) []int {
	var best [templateRivalsN]match
	for k := range best {
		best[k] = match{class: -1, d: math.Inf(1)}
	}
	out := []int{fs.rival}
	kind := m.Classes[fs.class].Kind
	for i, c := range m.Classes {
		if c.Face == face || fs.gz[m.colOf[i]] > fs.zcut || i == fs.rival {
			continue
		}
		if c.Kind == kind {
			out = append(out, i)
			continue
		}
		d := math.Inf(1)
		for r := range m.coarse[i] {
			d = math.Min(d, m.coarseSSD(i, r, f))
		}
		for k := range best {
			if d < best[k].d {
				copy(best[k+1:], best[k:len(best)-1])
				best[k] = match{class: i, d: d}
				break
			}
		}
	}
	for _, b := range best {
		if b.class >= 0 {
			out = append(out, b.class)
		}
	}
	return out
}

// templateRivalsN: how many closest other kinds' faces' templates are
// checked.
const templateRivalsN = 2

// coarseSkip: see bestTurn.
const coarseSkip = 1.5

// maskedDist is the robust distance of a fine match, glare pixels left out.
func (m *Model) maskedDist(mt match, f feature) float64 {
	const n, pm = patchSize, padFine
	const cap2 = truncErr * truncErr
	t := m.rot[mt.class][mt.rot]
	w := n + 2*pm
	var s float32
	for y := 0; y < n; y++ {
		o := (y+pm-mt.dy)*w + pm - mt.dx
		ir, wr, tr := f.pad[o:o+n], f.wpad[o:o+n], t[y*n:y*n+n]
		var s0, s1, s2, s3 float32 // (four sums a row: x mod 4)
		for x := 0; x+4 <= n; x += 4 {
			e0, e1, e2, e3 := ir[x]-tr[x], ir[x+1]-tr[x+1], ir[x+2]-tr[x+2], ir[x+3]-tr[x+3]
			s0 += min(e0*e0, cap2) * wr[x]
			s1 += min(e1*e1, cap2) * wr[x+1]
			s2 += min(e2*e2, cap2) * wr[x+2]
			s3 += min(e3*e3, cap2) * wr[x+3]
		}
		for x := n &^ 3; x < n; x++ {
			e := ir[x] - tr[x]
			s0 += min(e*e, cap2) * wr[x]
		}
		s += s0 + s1 + s2 + s3
	}
	return float64(s)
}

// bestTurn matches class c's template at the quarter turn whose coarse
// template fits the feature best, shifts allowed (the discriminant's turn
// of a rival face need not be the template's), among the two turns that
// fit best unshifted and hint (the discriminant's turn of it, -1 none: a
// glyph off the patch's centre fits its right turn badly unshifted).
func (m *Model) bestTurn(c int, f feature, best match, hint int) match {
	o := match{class: c}
	// The two turns that fit best unshifted, then shifted.
	var d0 [4]float64
	for r := range m.coarse[c] {
		d0[r] = m.coarseSSD(c, r, f)
	}
	r1, r2 := 0, 1
	if d0[r2] < d0[r1] {
		r1, r2 = r2, r1
	}
	for r := 2; r < 4; r++ {
		if d0[r] < d0[r1] {
			r1, r2 = r, r1
		} else if d0[r] < d0[r2] {
			r2 = r
		}
	}
	// Matching stops once the rival is far enough from the best not to
	// matter (evidence twice the limit: the face is sure whatever else);
	// at half resolution, a rival coarseSkip times beyond a quarter of
	// that is not matched finely.
	limit := math.Inf(1)
	if !f.glare { // (with glare, the match's shift is wanted too)
		den := m.tmplDist(best.class, best.rot, c, r1)
		limit = best.d + 2*minTemplatePair*math.Max(den, 1)
	}
	bd := coarseSkip * limit / 4
	o.rot = -1
	turns := []int{r1, r2}
	if hint >= 0 && hint != r1 && hint != r2 {
		turns = append(turns, hint)
	}
	for _, r := range turns {
		t := m.coarse[c][r]
		for dy := -coarseShift; dy <= coarseShift; dy++ {
			for dx := -coarseShift; dx <= coarseShift; dx++ {
				if d := f.memo.shiftedDist(t, f.cpad, patchSize/2, padCoarse, memoKey(memoShifted, c, r, false, dx, dy), dx, dy, bd); d < bd {
					o.rot, bd = r, d
				}
			}
		}
	}
	if o.rot < 0 {
		o.rot, o.d = r1, limit
		return o
	}
	m.fineUpTo(&o, f, limit)
	return o
}

// rimExcess is how much more ink the ink map (padded by padFine, moved by
// dx, dy) shows on the patch's rim than template t: a glyph cut by the
// patch's edge (a misplaced face) shows ink there that no face has. dir
// is the unit direction (patch x, y) from the centre to that ink.
func rimExcess(t, pad []float32, dx, dy int) (sum float64, dir [2]float64) {
	const n, m = patchSize, padFine
	w := n + 2*m
	rm := rimMask()
	var s, sx, sy float32
	for y := 0; y < n; y++ {
		o := (y+m-dy)*w + m - dx
		for x := 0; x < n; x++ {
			if rm[y*n+x] {
				e := max(0, pad[o+x]-t[y*n+x]-rimSlack)
				s += e
				sx += e * (float32(x) + 0.5 - n/2)
				sy += e * (float32(y) + 0.5 - n/2)
			}
		}
	}
	if l := portable.Hypot(float64(sx), float64(sy)); l > 0 {
		dir = [2]float64{float64(sx) / l, float64(sy) / l}
	}
	return float64(s), dir
}

// missingInk is the most of template t's ink that a square of
// 2·missBlock pixels of the ink map (padded by padFine, moved by dx, dy)
// lacks where glare does not hide it, in pixels of full ink: a part of
// the glyph the face does not show.
func missingInk(t []float32, f feature, dx, dy int) float64 {
	const n, m = patchSize, padFine
	const nb = n / missBlock
	w := n + 2*m
	var blk [nb * nb]float32
	for y := 0; y < n; y++ {
		o := (y+m-dy)*w + m - dx
		for x := 0; x < n; x++ {
			blk[(y/missBlock)*nb+x/missBlock] += max(0, t[y*n+x]-f.pad[o+x]-missSlack) * f.wpad[o+x]
		}
	}
	var most float32
	for by := 0; by+1 < nb; by++ {
		for bx := 0; bx+1 < nb; bx++ {
			i := by*nb + bx
			most = max(most, blk[i]+blk[i+1]+blk[i+nb]+blk[i+nb+1])
		}
	}
	return float64(most)
}

// missSlack: template ink up to this above the ink map's is not missing.
const missSlack = 0.25

// maxMiss: the most ink of the best face's template a square of
// 2·missBlock pixels may lack (in pixels of full ink) on a face whose
// glyph the patch's edge cuts; cutFit is the fit of such a face.
const (
	maxMiss = 15.0
	cutFit  = 0.9
)

// maxLost: the most ink of the best face's template a square of
// 2·missBlock pixels may lack on a face that fits loosely (a residual
// over looseResid) whatever its rim.
const (
	maxLost    = 25.0
	looseResid = 0.04
)

// missBlock: the side of the blocks missing ink is summed in.
const missBlock = 6

// rimFace: a face's evidence less this bounds the fit a glyph cut by the
// patch's edge leaves it.
const rimFace = 0.8

// rimSlack: ink on the rim up to this above the template's is no excess.
const rimSlack = 0.25

// rimMask marks the patch's rim: the pixels at least rimFrom of the half
// side from the centre.
var rimMask = squareMask(rimFrom, true)

// rimFrom: the rim is the outer 15% of the half side.
const rimFrom = 0.85

// maxRim: ink beyond the template's on the rim (in pixels of full ink)
// at which a face is no longer sure.
const maxRim = 12.0

// tmplDist is robustDist between class a's template at turn ra and class
// b's at rb. The pairs the templates check recur die after die: each is
// computed once for the model and kept in m.dists (its float32 sum's bits,
// and bit 32 set once known), atomically, as readers may share a model.
func (m *Model) tmplDist(a, ra, b, rb int) float64 {
	i := (4*a+ra)*4*len(m.Classes) + 4*b + rb
	if i >= len(m.dists) { // (a model not prepared)
		return robustDist(m.rot[a][ra], m.rot[b][rb])
	}
	if v := atomic.LoadUint64(&m.dists[i]); v != 0 {
		return float64(math.Float32frombits(uint32(v)))
	}
	d := robustDist(m.rot[a][ra], m.rot[b][rb])
	atomic.StoreUint64(&m.dists[i], 1<<32|uint64(math.Float32bits(float32(d))))
	return d
}

// robustDist is the robust distance between two templates.
func robustDist(a, b []float32) float64 {
	const cap2 = truncErr * truncErr
	var s float32
	for i, x := range a {
		e := x - b[i]
		s += min(e*e, cap2)
	}
	return float64(s)
}

// ssd is the sum of squared differences of two vectors: four sums (i mod
// 4; ssdLanes, SSE or NEON, where it runs), the rest into the first.
func ssd(a, b []float32) float64 {
	var s [4]float32
	b = b[:len(a)]
	i := 0
	if haveSSDLanes && len(a) >= 4 {
		i = len(a) &^ 3
		ssdLanes(&s, &a[0], &b[0], i)
	}
	for ; i+4 <= len(a); i += 4 {
		e0, e1, e2, e3 := a[i]-b[i], a[i+1]-b[i+1], a[i+2]-b[i+2], a[i+3]-b[i+3]
		s[0] += e0 * e0
		s[1] += e1 * e1
		s[2] += e2 * e2
		s[3] += e3 * e3
	}
	for ; i < len(a); i++ {
		e := a[i] - b[i]
		s[0] += e * e
	}
	return float64((s[0] + s[1]) + (s[2] + s[3]))
}

func (m *Model) isTwin(a, b int) bool {
	for _, t := range m.Classes[a].Twins {
		if t == b {
			return true
		}
	}
	return false
}

// resolveTwins gives each die whose kind is one of several twins a kind
// that the frame still has room for: dice of sure kinds count first.
func (r *Reader) resolveTwins(vs []verdict) {
	used := map[string]int{}
	for _, v := range vs {
		if len(v.alts) == 0 {
			used[r.m.Classes[v.class].Kind]++
		}
	}
	room := func(kind string) bool { return used[kind] < r.kindCount(kind) }
	for i := range vs {
		v := &vs[i]
		if len(v.alts) == 0 {
			continue
		}
		choice := v.class
		if !room(r.m.Classes[choice].Kind) {
			for _, a := range v.alts {
				if room(r.m.Classes[a].Kind) {
					choice = a
					break
				}
			}
		}
		v.class = choice
		used[r.m.Classes[choice].Kind]++
	}
}

// Other placements of the top face tried, in turn, for a die not read
// surely where it was found: sizes (its edges are found within a few
// percent) and shifts (a fraction of the side).
var (
	rescales = []float64{0.93, 1.07, 0.86, 0.76}
	reshifts = [][2]float64{{-0.07, 0}, {0.07, 0}, {0, -0.07}, {0, 0.07}}
	// rimShifts: shifts (fraction of the side) towards the ink a glyph
	// cut by the patch's edge leaves on the rim.
	rimShifts = []float64{0.12, 0.22}
)

// A placement fitting within conflictResid of the kept one that reads
// another face with some confidence (at least conflictMin) leaves the die
// unsure (confidence at most conflictConf of the threshold), unless it
// is outweighed: read below weakConflict, its face's evidence lies at
// least conflictEvGap below the kept reading's.
const (
	conflictResid = 0.01
	conflictConf  = 0.9
	conflictMin   = 0.2
	weakConflict  = 0.45
	conflictEvGap = 1.5
)

// glyphAngles are the turns tried for a die found by its glyph alone (its
// edges barely show, so its angle is a guess).
var glyphAngles = []float64{15, 30, 45, 60, 75}

// bestAngle turns a die found by its glyph alone to the angle at which the
// best class fits it best; it also gives the readings at every angle it
// tried. That angle is a guess: another angle that fits about as well and
// reads another face leaves the face unsure (see classifyDie: a numeral
// turned by an eighth may look like another).
func (r *Reader) bestAngle(frame gocv.Mat, rc rect) (rect, []verdict) {
	best, _, tried := r.angleFit(frame, rc)
	return best, tried
}

// angleFit is bestAngle, with the best reading.
func (r *Reader) angleFit(frame gocv.Mat, rc rect) (rect, verdict, []verdict) {
	best := rc
	v := r.m.classify(featureOf(r.q.patch(frame, rc)))
	tried := []verdict{v}
	for _, a := range glyphAngles {
		s := rc
		s.Angle += a * math.Pi / 180
		w := r.m.classify(featureOf(r.q.patch(frame, s)))
		tried = append(tried, w)
		if w.resid < v.resid {
			best, v = s, w
		}
	}
	return best, v, tried
}

// glyphPlaced is bestAngle for a die found by its glyph alone, placed at
// rc in its blob b; top is the top face found in b on its own (zero when
// none was). Such a blob has its glyph's angle, not the die's (a
// numeral's strokes, an X's arms), and the placement keeps it. So the die
// is turned from top too (a square of rc's side), unless that is where
// rc lies; with no top face, the placement follows body colour that may
// be a neighbour's or a shadow's, and the die is turned from b's centre
// too, where that lies blobOff of a side or more from rc's. The placement
// that fits best is kept; the readings at every placement tried are
// given too (one of another face fitting about as well leaves the die
// unsure: classifyDie).
func (r *Reader) glyphPlaced(frame gocv.Mat, rc, b, top rect) (rect, []verdict) {
	starts := []rect{rc}
	if top.W > 0 {
		t := top
		t.W, t.H = rc.W, rc.H
		if !t.closeTo(rc) {
			starts = append(starts, t)
		}
	} else if portable.Hypot(b.C.X-rc.C.X, b.C.Y-rc.C.Y) >= blobOff*rc.side() {
		c := rc
		c.C = b.C
		starts = append(starts, c)
	}
	var best rect
	var v verdict
	var tried []verdict
	for i, s := range starts {
		p, w, more := r.angleFit(frame, s)
		if i == 0 || w.resid < v.resid {
			best, v = p, w
		}
		tried = append(tried, more...)
	}
	return best, tried
}

// blobOff: see glyphPlaced (sides).
const blobOff = 0.05

// classifyAt classifies the face placed at rc, and keeps the reading
// among the die's tries (a placement among them is not read again). A
// face smaller than smallFace pixels shows less than the patch holds: its
// confidence shrinks in proportion.
func (r *Reader) classifyAt(frame gocv.Mat, rc rect) verdict {
	if i := slices.IndexFunc(r.tried, func(t verdict) bool { return t.at == rc }); i >= 0 {
		// Read already (a reading is a function of the frame, the
		// placement and the model, which the tries share).
		v := r.tried[i]
		r.tried = append(r.tried, v)
		return v
	}
	r.reads++
	p := r.q.patch(frame, rc)
	r.slab.reset() // (no map of the last placement's read is alive)
	f, ik := featureInk(&r.slab, p, polAuto)
	v := r.m.classify(f)
	guess := false // v read with the glare taken out
	if v.conf < r.m.Threshold && f.pol == polLight {
		// Glare on a face with light ink looks like ink: the face is
		// read again with the glare taken out (kept only when its kind
		// is not in doubt: glare tints the body, and the Turn Setup
		// dice's colours lie close).
		if g, ok := deglared(&r.slab, p, f, ik); ok {
			if w := r.m.classify(g); w.conf > v.conf && len(w.alts) == len(r.m.Classes[w.class].Twins) {
				v, guess = w, true
			}
		}
	}
	if v.conf < r.m.Threshold && r.m.mayBeFlipped(f) {
		// Glare may flip the face's contrast (a light spot on a die with
		// dark ink looks like light ink): the face is read again at the
		// other polarity.
		g, _ := featureInk(&r.slab, p, -f.pol)
		w := r.m.classify(g)
		kc := r.m.Colours[r.m.colOf[w.class]]
		if r.m.polarity(w.class) == -f.pol && w.conf > v.conf && math.Abs(g.col[2]-kc.Mean[2]) < flipContrast {
			v = w
		}
	}
	v.conf *= math.Min(1, rc.side()/smallFace)
	if v.conf >= r.m.Threshold { // (only a sure face's is looked at: classifyDie)
		v.glyphOff = glyphOff(f.ink, r.m, v)
	}
	if guess && v.conf < deglaredSure*r.m.Threshold {
		// Taking the glare out is a guess: barely sure is not sure.
		r.doubt(&v, "deglared")
	}
	v.at = rc
	r.tried = append(r.tried, v)
	return v
}

// checkAt is classifyAt for a check: the reading is not kept among the
// die's tries.
func (r *Reader) checkAt(frame gocv.Mat, rc rect) verdict {
	n := len(r.tried)
	v := r.classifyAt(frame, rc)
	r.tried = r.tried[:n]
	return v
}

// deglaredSure: a face read with its glare taken out is sure at this
// many times the threshold.
const deglaredSure = 1.2

// A face not read surely is read again at the other polarity when glare
// may have flipped its contrast (mayBeFlipped): more than flipUnder of its
// inner part lies well on the other side of the body than the glyph, and
// its body's chroma is flipChroma spreads nearer a kind of the other
// polarity (or it shows light ink with dark marks). The new reading is
// kept when it is surer, its kind has that polarity and its body's
// brightness over the ink's is within flipContrast (log) of the kind's.
const (
	flipUnder    = 0.05
	flipChroma   = 1.0
	flipContrast = 0.5
)

// mayBeFlipped says whether glare may have flipped the contrast of the
// face f shows: more than flipUnder of it lies on the other side of the
// body than its glyph, and its body's chroma is nearer the kinds of the
// other polarity, or it shows light ink with dark marks (maxUnderLight:
// an ivory Trick die's chroma lies as near a black Bank die's as a Bank
// die's own).
func (m *Model) mayBeFlipped(f feature) bool {
	if f.under <= flipUnder {
		return false
	}
	return m.chromaPol(f.col, -f.pol) < m.chromaPol(f.col, f.pol)-flipChroma || f.pol == polLight && f.under > maxUnderLight
}

// chromaPol is the chroma distance (in spreads) of body colour col to
// the closest kind of polarity pol.
func (m *Model) chromaPol(col [numCol]float64, pol int) float64 {
	z := math.Inf(1)
	for _, c := range m.Colours {
		if (c.Mean[2] < 0) != (pol == polLight) {
			continue
		}
		var s float64
		for j := 0; j < 2; j++ {
			d := (col[j] - c.Mean[j]) / c.SD[j]
			s += d * d
		}
		z = math.Min(z, math.Sqrt(s/2))
	}
	return z
}

// polarity is the polarity of class c's kind: dark ink where its body is
// brighter than its ink.
func (m *Model) polarity(c int) int {
	if m.Colours[m.colOf[c]].Mean[2] < 0 {
		return polLight
	}
	return polDark
}

// retryBand: a die read surely but by less than this above the
// threshold is tried at other placements too (a misplaced face shows
// the mat or a side: its colour and fit are the first to suffer).
const retryBand = 0.1

// clearConf: a retried placement read at least this surely is kept
// whatever its fit (see classifyDie).
const clearConf = 0.65

// smallFace: see classifyAt (about the patch's side).
const smallFace = 45.0

// classifyDie classifies the die whose top face is r. A die not read
// surely is tried at other placements; the placement the best class fits
// best (smallest residual) is kept. A die bestAngle turned (turned: the
// readings at the angles it tried, nil for others) is unsure when another
// angle fits about as well and reads another face.
func (r *Reader) classifyDie(frame gocv.Mat, rc rect, turned []verdict) verdict {
	v := r.retryDie(frame, rc)
	v = r.conflicts(v, turned, conflictResid)
	if v.conf >= r.m.Threshold && v.glyphOff > offGlyph/2 {
		// A face read surely whose glyph lies well off its middle: the
		// face centred on its glyph that fits about as well and reads
		// another face leaves it unsure. (A glyph whose box lies less
		// than half that far from its template's is not centred.)
		if c, ok := r.inkCentred(frame, v.at, v, false); ok && portable.Hypot(c.C.X-v.at.C.X, c.C.Y-v.at.C.Y) > offGlyph*v.at.W {
			v = r.conflicts(v, []verdict{r.classifyAt(frame, c)}, offGlyphSlack)
		}
	}
	if v.conf >= r.m.Threshold && v.resid > turnResid {
		// A face that fits loosely may be placed at an angle off its
		// die's: the glyph turned a little that fits at least as well
		// and reads another face leaves it unsure.
		var tried []verdict
		for _, a := range turnChecks {
			s := v.at
			s.Angle += a * math.Pi / 180
			tried = append(tried, r.classifyAt(frame, s))
		}
		v = r.conflicts(v, tried, turnSlack)
	}
	return v
}

// A die read surely whose best class fits it worse than turnResid is
// read again turned by each of turnChecks (degrees); a turned reading
// that fits within turnSlack of it (at least as well) and reads another
// face leaves it unsure (a numeral seen turned by a third of a quarter,
// a 3 like a 6).
const (
	turnResid = 0.025
	turnSlack = 0.0
)

var turnChecks = []float64{-30, 30}

// fitsBetter says whether reading w fits its face better than v: a
// reading whose ink lies on its kind's side of the body fits better than
// one whose does not (their residuals, at two polarities, do not
// compare), and otherwise the smaller residual does.
func fitsBetter(w, v verdict) bool {
	if w.offPol != v.offPol {
		return v.offPol
	}
	return w.resid < v.resid
}

// fitsFarBetter says whether v, read surely, reads another face than w
// and leaves at most farBetter of w's residual unexplained.
func (r *Reader) fitsFarBetter(v, w verdict) bool {
	return v.conf >= r.m.Threshold && !v.offPol && r.m.Classes[v.class].Face != r.m.Classes[w.class].Face &&
		v.resid <= farBetter*w.resid
}

// farBetter: see fitsFarBetter.
const farBetter = 0.5

// offGlyph: see classifyDie.
const (
	offGlyph      = 0.1
	offGlyphSlack = 0.02
)

// retry is a placement retryDie tries: counted only when it reads face
// (when not ""), or only when read surely.
type retry struct {
	at       rect
	face     string
	sureOnly bool
}

// retryDie is classifyDie but for the angles bestAngle tried.
func (r *Reader) retryDie(frame gocv.Mat, rc rect) verdict {
	v := r.classifyAt(frame, rc)
	if v.conf >= r.m.Threshold+retryBand {
		return v
	}
	var cands []retry
	if w, ok := r.glareFirst(frame, v); ok {
		v = w
	} else {
		cands = r.retries(frame, rc, v)
	}
	tried := []verdict{v}
	sure := v
	for i, c := range cands {
		w := r.classifyAt(frame, c.at)
		w.try, w.aligned = i+1, c.face != ""
		if w.aligned && r.m.Classes[w.class].Face != c.face && !(w.conf >= r.m.Threshold && w.resid <= goodResid) {
			// Moved to where a template fits, it reads another face
			// than the template's: the template pulled the face off (no
			// evidence either way), unless that face is sure and fits
			// well (the template pulled it onto the die).
			continue
		}
		if c.sureOnly && w.conf < r.m.Threshold {
			continue
		}
		tried = append(tried, w)
		if fitsBetter(w, v) {
			v = w
		}
		if w.conf > sure.conf {
			sure = w
		}
		if v.conf >= r.m.Threshold && v.resid <= goodResid {
			break
		}
	}
	// A placement read clearly surely wins over one that merely fits
	// better, but not over one read surely as another face that fits
	// far better (a face placed a sixth of its side off may read another
	// clearly, its template fitting loosely).
	if sure.conf >= clearConf && sure.conf > v.conf && !r.fitsFarBetter(v, sure) {
		v = sure
	}
	// The face turned by an eighth: a top face placed that far off its
	// die's angle (a die touching another, tilted) shows a numeral or a
	// cross turned by an eighth, which may look like another face (an X
	// like a 4); the right angle reading another face about as well
	// leaves it unsure.
	eighth := v.at
	eighth.Angle += math.Pi / 4
	e := r.classifyAt(frame, eighth)
	if r.fitsFarBetter(e, v) {
		// Placed an eighth off its die's angle (a diamond's box), the
		// face reads far better turned back: that reading is kept.
		v, e = e, v
	}
	tried = append(tried, e)
	// Placements that fit about as well but read another face: the face
	// is not sure.
	return r.conflicts(v, tried, conflictResid)
}

// glareFirst reads again with its glare fitted (glareRead) a face the
// patch shows glare on, not read surely at its first placement (v):
// the reading, and whether it is sure. A glared face so read needs no
// other placement; tried first, it is read so where the placements
// around it would not be (on the 47 tuned sets, 16 more dice read right,
// one fewer wrong; 5 and 2 on the twelve untouched sets of seeds
// 11001-11012).
func (r *Reader) glareFirst(frame gocv.Mat, v verdict) (verdict, bool) {
	if v.conf >= r.m.Threshold || !v.glare {
		return v, false
	}
	w := r.glareRead(frame, v)
	return w, w.conf >= r.m.Threshold
}

// retries are the placements retryDie tries for a die read v at rc: for
// a die not read surely, where the template it was read as fits it and
// where the nearest template of another face does (alignFace), and where
// its glyph's box is centred (inkCentred, counted only when read surely:
// a glare spot or a neighbour's glyph moves the box too); towards a glyph
// cut by the patch's edge, other sizes and shifts. (Trying stops at a
// placement read surely that fits well.)
func (r *Reader) retries(frame gocv.Mat, rc rect, v verdict) []retry {
	var cands []retry
	if v.conf < r.m.Threshold && !math.IsInf(v.resid, 1) {
		for _, t := range [][2]int{{v.tclass, v.trot}, {v.nclass, v.nrot}} {
			if t[0] < 0 {
				continue
			}
			if s, ok := r.alignFace(frame, rc, t[0], t[1]); ok {
				cands = append(cands, retry{at: s, face: r.m.Classes[t[0]].Face})
				r.centred = append(r.centred, s)
			}
		}
		for _, strips := range []bool{false, true} {
			if s, ok := r.inkCentred(frame, rc, v, strips); ok {
				cands = append(cands, retry{at: s, sureOnly: true})
				r.centred = append(r.centred, s)
			}
		}
	}
	if v.rim > maxRim/2 {
		for _, k := range rimShifts {
			cands = append(cands, retry{at: rc.shifted(v.rimDir[0]*rc.W*k, v.rimDir[1]*rc.W*k)})
		}
	}
	for _, k := range rescales {
		cands = append(cands, retry{at: rc.scaled(k)})
	}
	for _, d := range reshifts {
		cands = append(cands, retry{at: rc.shifted(d[0]*rc.W, d[1]*rc.W)})
	}
	return cands
}

// conflicts leaves v unsure when one of the readings tried fits about as
// well but reads another face, and v does not outweigh it.
func (r *Reader) conflicts(v verdict, tried []verdict, slack float64) verdict {
	face := r.m.Classes[v.class].Face
	for _, w := range tried {
		if r.m.Classes[w.class].Face != face && w.resid <= v.resid+slack && w.conf >= conflictMin && !outweighs(v, w) {
			r.doubt(&v, "conflict:"+r.m.Classes[w.class].Face)
		}
	}
	return v
}

// outweighs says whether reading v outweighs w, read barely (below
// weakConflict) with far weaker evidence for its face (by conflictEvGap
// or more): a glare spot between the arms of a Bank die's X, seen a
// little larger, reads a weak 4 that fits as well.
func outweighs(v, w verdict) bool {
	return w.conf < weakConflict && v.faceEv-w.faceEv >= conflictEvGap
}

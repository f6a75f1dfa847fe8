package cv

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"time"

	"gocv.io/x/gocv"

	"tableside/vision"
	"tableside/vision/internal/portable"
)

// DefaultKindCounts is how many dice of each kind one frame holds at most
// (kinds not listed: 1), used to tell look-alike faces (X) of twin kinds
// apart and to read unsure dice again without the kinds already filled
// (byElimination).
var DefaultKindCounts = map[string]int{
	vision.KindTrick: 2, vision.KindBank: 2,
}

// Reader reads dice with a Model. It is a vision.Reader; it keeps buffers,
// so one Reader serves one goroutine at a time. Close it when done.
type Reader struct {
	m   *Model
	q   *rectifier
	det *detector
	// KindCounts overrides DefaultKindCounts (kinds not listed: 1).
	KindCounts map[string]int
	placed     []Placement // of the last reading's dice
	cands      []candidate
	tried      []verdict // every reading of the die being read
	centred    []rect    // its placements found from its glyph (inkCentred, alignFace)
	blobs      []rect
	slab       floatSlab      // the maps of the placement being read (classifyAt)
	reads      int            // placements the last reading classified (Classifications)
	spent      stageTimes     // the time the last reading spent in each stage
	reading    bool           // a frame is being read (read): its glare readings are kept
	glareReads []glareReading // the frame's glare readings (glareRead)
	// trace, when set (by the diagnostic tests), is told every die's
	// final reading (found: its first placement) while r.tried still
	// holds the readings tried for it.
	trace func(found rect, v verdict)
}

// offCentre: a top face placed farther than this many sides from the
// middle of its die's glyph may have been put on a side of the die.
const offCentre = 0.2

// recentre tries a die not read surely at the middle of its glyph (ink
// in the blob b), when its top face rc was placed away from it; the
// placement its best class fits better (smaller residual) is kept.
func (r *Reader) recentre(frame gocv.Mat, b, rc rect, v verdict) (rect, verdict) {
	c, ok := r.det.inkCentre(b)
	if !ok || portable.Hypot(c.X-rc.C.X, c.Y-rc.C.Y) < offCentre*rc.side() {
		return rc, v
	}
	alt := rc
	alt.C = c
	if w := r.classifyDie(frame, alt, nil); fitsBetter(w, v) {
		return alt, w
	}
	return rc, v
}

// Last tries for a die still not read surely: turned either way, and
// smaller and larger. One is taken only if it reads the same face, fits
// better and is sure by lastMargin above the threshold (a turned or
// resized face may read another face surely: that one is never taken).
var (
	lastTurns  = []float64{-7, 7}
	lastScales = []float64{0.8, 1.2, 0.9, 1.1}
)

const lastMargin = 0.1

// lastResid: a die fitting worse than this (half again the fit's limit)
// is not tried last (a placement a little off does not make it fit).
const lastResid = 1.5 * maxResid

// lastTry tries the last placements for an unsure die read v at rc; the
// surest one taken wins.
func (r *Reader) lastTry(frame gocv.Mat, rc rect, v verdict) (rect, verdict) {
	cands := make([]rect, 0, len(lastTurns)+len(lastScales))
	for _, a := range lastTurns {
		s := rc
		s.Angle += a * math.Pi / 180
		cands = append(cands, s)
	}
	for _, k := range lastScales {
		cands = append(cands, rc.scaled(k))
	}
	face := r.m.Classes[v.class].Face
	best, bv := rc, v
	for _, s := range cands {
		w := r.classifyAt(frame, s)
		if r.m.Classes[w.class].Face == face && w.resid < v.resid && w.conf >= r.m.Threshold+lastMargin && w.conf > bv.conf {
			best, bv = s, w
		}
	}
	return best, bv
}

// A top face whose edges run more than minTurn off its sides, with a
// coherence of at least minCoherence, is read again turned along them (see
// edgeTurnOf). A turned reading of another face is sure only when the edges
// are at least sureCoherence coherent (an X turned by an eighth is a +,
// and the edges of dark dice touching on a dark mat may point anywhere)
// and it fits within changeFit of the first reading's residual.
const (
	minTurn       = 6 * math.Pi / 180
	minCoherence  = 0.2
	sureCoherence = 0.4
	changeFit     = 0.6
)

// squareUp reads the die read v at rc again turned along its edges, when
// they run well off rc's sides; the placement its best class fits better
// is kept. It also gives what sureChecks needs of rc (lookAt).
func (r *Reader) squareUp(frame gocv.Mat, rc rect, v verdict) (rect, verdict, look) {
	lk := r.lookAt(frame, rc)
	if math.Abs(lk.turn) < minTurn || lk.coh < minCoherence {
		return rc, v, lk
	}
	alt := rc
	alt.Angle += lk.turn
	w := r.classifyDie(frame, alt, nil)
	if !fitsBetter(w, v) {
		return rc, v, lk
	}
	if r.m.Classes[w.class].Face != r.m.Classes[v.class].Face && (lk.coh < sureCoherence || w.resid > changeFit*v.resid) {
		r.doubt(&w, "squareup")
	}
	return alt, w, lk
}

// byElimination reads each die left unsure again, from the placement it
// was last read at, without the kinds the frame has no room left for
// (KindCounts: the dice read surely of a kind fill it): their faces are
// no rivals, which may tell its face (a Dark Alley die read as a Bank die
// when both Bank dice were read surely). The readings its first round
// tried still count against it (conflicts); a die fitting loosely is left
// as it was. Dice read surely so fill their kind in turn.
func (r *Reader) byElimination(frame gocv.Mat) {
	used := make([]int, len(r.m.Colours))
	for k, is := range r.sureByKind() {
		used[k] = len(is)
	}
	m := r.m
	defer func() { r.m = m }()
	for i := range r.cands {
		c := &r.cands[i]
		if c.v.conf >= m.Threshold || c.v.resid > maxResid {
			continue // (a face fitting that loosely may lie across two dice)
		}
		banned := r.fullKinds(used)
		if !slices.Contains(banned, true) {
			continue
		}
		r.m = m.without(banned)
		r.tried, r.centred = r.tried[:0], r.centred[:0]
		w := r.lastChecks(frame, c.found, r.classifyDie(frame, c.v.at, nil))
		r.m = m
		// The readings tried the first time that the frame has room for
		// still count: another face fitting about as well leaves it
		// unsure.
		var room []verdict
		for _, t := range c.tried {
			if !banned[m.colOf[t.class]] {
				room = append(room, t)
			}
		}
		w = r.conflicts(w, room, conflictResid)
		if w.conf >= m.Threshold {
			c.v = w
			if len(w.alts) == 0 {
				used[m.colOf[w.class]]++
			}
		}
	}
}

// atFrameSize reads each die left unsure again, its last placement made
// the size of the frame's dice read surely (frameSizes, when
// frameSizeDice or more were): first their median side, then their side
// where it lies when perspective makes that another. Dice touching one
// another split unevenly, or a dark die's edges lost in a dark mat, may
// leave a top face placed a quarter too small or too large, too far for
// its retries to find it. A size within sizeSame of one read already is
// not read again (the retries rescale by 7%). The readings its first
// round tried still count against it (conflicts); only a sure reading is
// kept, and only when its face lies less than dupDist sides from where
// the die was found (the retries may have moved it onto a neighbour). A
// face so moved onto a die read already is one die found twice
// (dropDuplicates).
func (r *Reader) atFrameSize(frame gocv.Mat) {
	med, sideAt, ok := r.frameSizes()
	if !ok {
		return
	}
	moved := false
	for i := range r.cands {
		c := &r.cands[i]
		if c.v.conf >= r.m.Threshold || math.IsInf(c.v.resid, 1) {
			continue
		}
		if w, ok := r.readAtSizes(frame, c, newSizes(c.v.at.side(), med, sideAt(c.v.at.C))); ok {
			c.v, c.rc = w, w.at
			moved = true
		}
	}
	if moved {
		r.cands = dropDuplicates(r.cands)
	}
}

// readAtSizes reads die c again from where its face was read, made each
// side of sides in turn: the first sure reading (readAtSide). When none
// is, but one side read the face closer (a smaller residual) than where
// it was, the die is read once more half a step further that way
// (furtherSide): the frame's dice read surely may be placed smaller or
// larger than this one is (perspective, and its own placement, shrank or
// grew it). False when no reading is sure.
func (r *Reader) readAtSizes(frame gocv.Mat, c *candidate, sides []float64) (verdict, bool) {
	closest, resid := 0.0, c.v.resid
	for _, side := range sides {
		w, ok := r.readAtSide(frame, c, side)
		if ok {
			return w, true
		}
		if w.resid < resid {
			closest, resid = side, w.resid
		}
	}
	if closest == 0 {
		return verdict{}, false
	}
	return r.readAtSide(frame, c, furtherSide(c.v.at.side(), closest))
}

// readAtSide reads die c again from where its face was read, made side
// wide: retries and last checks, the readings its first round tried
// counted against it (conflicts). It is kept (true) when sure and its face
// lies less than dupDist sides from where the die was found.
func (r *Reader) readAtSide(frame gocv.Mat, c *candidate, side float64) (verdict, bool) {
	r.tried, r.centred = r.tried[:0], r.centred[:0]
	s := c.v.at.scaled(side / c.v.at.side())
	w := r.lastChecks(frame, c.found, r.classifyDie(frame, s, nil))
	w = r.conflicts(w, c.tried, conflictResid)
	return w, w.conf >= r.m.Threshold && portable.Hypot(w.at.C.X-c.found.C.X, w.at.C.Y-c.found.C.Y) < dupDist*side
}

// furtherSide is half a step on from side closer, read from side was:
// closer·√(closer/was). (A whole step, closer²/was, read a Bank X placed
// an eighth turned off surely as a 4 on the twelve bench sets. Over
// twenty sets, the half step read 12 dice surely and right, and one
// wrong: a Bank 5 placed a quarter of a side off, read as a 6, seed 29.)
func furtherSide(was, closer float64) float64 {
	return closer * math.Sqrt(closer/was)
}

// newSizes are the sides of sizes, in order, that lie sizeSame or more
// (of the larger) from side and from one another.
func newSizes(side float64, sizes ...float64) []float64 {
	var out []float64
	for _, s := range sizes {
		near := func(o float64) bool { return 1-math.Min(s, o)/math.Max(s, o) < sizeSame }
		if !near(side) && !slices.ContainsFunc(out, near) {
			out = append(out, s)
		}
	}
	return out
}

// frameSizes is the size of the dice read surely: their median side, and
// their side over the frame (sizeModel: a plane, perspective making far
// dice smaller, or the median when few); false when fewer than
// frameSizeDice were.
func (r *Reader) frameSizes() (float64, func(pt) float64, bool) {
	ss, sideAt := r.sureSizes(func(c candidate) rect { return c.v.at })
	if len(ss) < frameSizeDice {
		return 0, nil, false
	}
	return median(slices.Clone(ss)), sideAt, true
}

// sureSizes are the sides of the dice read surely, their faces as at
// gives them, and their side over the frame (sizeModel; nil when none).
func (r *Reader) sureSizes(at func(candidate) rect) ([]float64, func(pt) float64) {
	var xs, ys, ss []float64
	for _, c := range r.cands {
		if c.v.conf >= r.m.Threshold {
			f := at(c)
			xs, ys, ss = append(xs, f.C.X), append(ys, f.C.Y), append(ss, f.side())
		}
	}
	if len(ss) == 0 {
		return nil, nil
	}
	size := sizeModel(xs, ys, ss)
	return ss, func(p pt) float64 { return size(p.X, p.Y) }
}

// frameSizeDice and sizeSame: see atFrameSize.
const (
	frameSizeDice = 3
	sizeSame      = 0.04
)

// overfull leaves unsure, of the dice read surely as one kind (not one
// of several twins) beyond the dice of that kind one frame holds
// (kindCount), those read least surely: one of them is another die (a
// black Dark Alley die under glare read as a Bank 4 beside both Bank
// dice). byElimination then reads them again without that kind.
func (r *Reader) overfull() {
	for k, is := range r.sureByKind() {
		n := r.kindCount(r.m.Colours[k].Kind)
		if len(is) <= n {
			continue
		}
		slices.SortStableFunc(is, func(a, b int) int { return cmp.Compare(r.cands[b].v.conf, r.cands[a].v.conf) })
		for _, i := range is[n:] {
			r.doubt(&r.cands[i].v, "overfull")
		}
	}
}

// sureByKind lists, by kind (its index in Colours), the candidates read
// surely as that kind and not as one of several twins.
func (r *Reader) sureByKind() [][]int {
	byKind := make([][]int, len(r.m.Colours))
	for i, c := range r.cands {
		if k := r.m.colOf[c.v.class]; k >= 0 && c.v.conf >= r.m.Threshold && len(c.v.alts) == 0 {
			byKind[k] = append(byKind[k], i)
		}
	}
	return byKind
}

// fullKinds marks the kinds (by index in Colours) of which used (by the
// same index) holds as many dice as a frame holds (kindCount).
func (r *Reader) fullKinds(used []int) []bool {
	full := make([]bool, len(r.m.Colours))
	for k, kc := range r.m.Colours {
		full[k] = used[k] >= r.kindCount(kc.Kind)
	}
	return full
}

// kindCount is how many dice of kind one frame holds at most (KindCounts,
// else DefaultKindCounts; kinds not listed: 1).
func (r *Reader) kindCount(kind string) int {
	counts := r.KindCounts
	if counts == nil {
		counts = DefaultKindCounts
	}
	if n, ok := counts[kind]; ok {
		return n
	}
	return 1
}

// lastChecks ends the reading v of a die (found as found): a die still
// unsure has its glare fitted where it was read (glareRead), where its
// glyph is (glareAtGlyph) and a little off (glareNear); the glare fit of
// a light glyph barely read surely (glareVeto), the placements tried for
// it (r.tried), the ink it showed where it was found (coverCheck) and
// the reading where its top face's edges place it (edgeCheck) may then
// leave it unsure.
func (r *Reader) lastChecks(frame gocv.Mat, found rect, v verdict) verdict {
	if v.conf < r.m.Threshold {
		v = r.glareRead(frame, v)
	}
	v = r.glareAtGlyph(frame, v)
	v = r.glareNear(frame, found, v)
	v = r.glareVeto(frame, v)
	v = r.doubtedByTries(v)
	v = r.coverCheck(frame, found, v.at, v)
	return r.edgeCheck(frame, v)
}

// glareAtGlyph reads a glared die still unsure (v) with its glare fitted
// at each placement found from its glyph (r.centred), until one reads it
// surely: glare moves a face's placement off its glyph too. A placement
// read surely without the glare fit is left out (it was weighed among
// the die's tries, conflicts and all).
func (r *Reader) glareAtGlyph(frame gocv.Mat, v verdict) verdict {
	for _, c := range r.centred {
		if v.conf >= r.m.Threshold || !v.glare {
			break
		}
		if u := r.classifyAt(frame, c); u.conf < r.m.Threshold {
			if w := r.glareRead(frame, u); w.conf >= r.m.Threshold {
				v = w
			}
		}
	}
	return v
}

// glareNear reads a die still unsure (v) with its glare fitted at
// placements a little off the one it was read at (glareNearShift of its
// side each way, and glareNearScales larger and smaller): a glare fit
// places the template only to a pixel. A die placed at another size or
// place than it was found (found) is tried as found too (and at that
// size where it was placed): a glare spot on its edge may move or shrink
// it. Each is read with the die's reading (glareRead ranks a face whose
// contrast glare flipped at its reading's polarity). Taken only when
// every placement read surely reads the same face (the surest one is
// kept).
func (r *Reader) glareNear(frame gocv.Mat, found rect, v verdict) verdict {
	if v.conf >= r.m.Threshold || math.IsInf(v.resid, 1) {
		return v
	}
	rc := v.at
	var cands []rect
	if math.Abs(found.W/rc.W-1) > foundSize {
		s := rc
		s.W, s.H = found.W, found.H
		cands = append(cands, found, s)
	} else if portable.Hypot(found.C.X-rc.C.X, found.C.Y-rc.C.Y) > foundSize*rc.W {
		cands = append(cands, found)
	}
	for _, d := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		cands = append(cands, rc.shifted(d[0]*glareNearShift*rc.W, d[1]*glareNearShift*rc.W))
	}
	for _, k := range glareNearScales {
		cands = append(cands, rc.scaled(k))
	}
	best := v
	for _, c := range cands {
		w := r.glareRead(frame, verdict{at: c, try: v.try, class: v.class, resid: v.resid})
		if w.conf < r.m.Threshold {
			continue
		}
		if best.conf >= r.m.Threshold && r.m.Classes[best.class].Face != r.m.Classes[w.class].Face {
			return v
		}
		if w.conf > best.conf {
			best = w
		}
	}
	return best
}

// glareVeto leaves a die with light ink read barely surely (v, below
// glareVetoConf) unsure when its glare fit (a spot found) fits another
// face best: a glare spot on a light glyph looks like ink, a mark filled
// where it is hollow. The fit is trusted where its patch shows a white
// spot (whiteSpot), or where nothing in it lies well darker than its
// body (v.glare unset: the patch is all top face, as the fit models it;
// in dim light a glare spot is no whiter than the ink).
func (r *Reader) glareVeto(frame gocv.Mat, v verdict) verdict {
	if v.conf < r.m.Threshold || v.conf >= glareVetoConf || r.m.polarity(v.class) != polLight {
		return v
	}
	p := r.q.patch(frame, v.at)
	if v.glare && !whiteSpot(p) {
		return v
	}
	fits, ok := r.m.likeliestGlareFits(p, featureOf(p))
	face := r.m.Classes[v.class].Face
	if !ok || !fits[0].explains() || fits[0].spot < 0 || r.m.Classes[fits[0].class].Face == face {
		return v
	}
	r.doubt(&v, "glare:"+r.m.Classes[fits[0].class].Face)
	return v
}

// secondLook looks again for dice missed when the frame holds fewer than
// a roll's: a die touching others in a blob whose dice were taken for
// larger ones (the frame's die size was guessed from the blobs, sides
// and all) is found from its glyph (inkSpots), and a die of a heap that
// split left unseeded from its body (bodySpots), sized as the dice read
// surely nearby are. A die found so is kept only when read surely: read
// at that size, and where the edges about it place it (edgeRect; the
// size guessed may be a sixth off where the camera is tilted); when both
// read it surely as different faces, one is misplaced and it is left
// out, else the surer is kept.
func (r *Reader) secondLook(frame gocv.Mat) {
	if len(r.cands) >= r.rollSize() {
		return
	}
	ss, side := r.sureSizes(func(c candidate) rect { return c.rc })
	if len(ss) == 0 {
		return
	}
	taken := make([]rect, len(r.cands))
	for i, c := range r.cands {
		taken[i] = c.rc
	}
	spots := append(r.det.inkSpots(taken, side), r.det.bodySpots(taken, side)...)
	for _, g := range spots {
		s := side(g.C)
		if r.nearCandidate(g.C, lookAgainDist*s) {
			continue
		}
		if rc, v, ok := r.readSpot(frame, rect{C: g.C, W: s, H: s, Angle: g.Angle}); ok {
			r.cands = append(r.cands, candidate{rc: v.at, found: rc, v: v})
		}
	}
}

// readSpot reads a die the second look found, placed at start: at start
// and where the edges about it place it (readAt each); the placement and
// reading kept, and whether one is.
func (r *Reader) readSpot(frame gocv.Mat, start rect) (rect, verdict, bool) {
	s := start.side()
	rc, v, ok := r.readAt(frame, start, s)
	e, found := r.q.edgeRect(frame, start, s, fitAspects[0])
	if !found {
		return rc, v, ok
	}
	erc, w, sure := r.readAt(frame, e, s)
	switch {
	case !sure:
		return rc, v, ok
	case ok && r.m.Classes[v.class].Face != r.m.Classes[w.class].Face:
		return rc, v, false // (one of them is misplaced)
	case !ok || w.conf > v.conf:
		return erc, w, true
	}
	return rc, v, ok
}

// readAt reads a die the second look found (side s) placed at start:
// turned to its glyph's angle, the placement and reading, and whether it
// is read surely, fitting well, away from the dice read.
func (r *Reader) readAt(frame gocv.Mat, start rect, s float64) (rect, verdict, bool) {
	r.tried, r.centred = r.tried[:0], r.centred[:0]
	rc, turned := r.bestAngle(frame, start)
	v := r.classifyDie(frame, rc, turned)
	if v.conf < r.m.Threshold || v.resid > maxResid || r.nearCandidate(v.at.C, lookAgainDist*s) {
		return rc, v, false
	}
	v = r.lastChecks(frame, rc, v)
	return rc, v, v.conf >= r.m.Threshold
}

// lookAgainDist: glyph patches within this many sides of a die's face
// read are its own (or its neighbour's glyph cut by its edge).
const lookAgainDist = 0.75

// nearCandidate says whether the face of a die read lies within d of p
// (where it was read: its retries may have moved it off where it was
// placed first).
func (r *Reader) nearCandidate(p pt, d float64) bool {
	for _, c := range r.cands {
		if portable.Hypot(c.v.at.C.X-p.X, c.v.at.C.Y-p.Y) < d {
			return true
		}
	}
	return false
}

// rollSize is how many dice a frame holds at most: a roll's (kindCount
// of every kind taught).
func (r *Reader) rollSize() int {
	n := 0
	for _, kc := range r.m.Colours {
		n += r.kindCount(kc.Kind)
	}
	return n
}

// whiteSpot says whether the inner part of BGR patch p shows at least
// minWhite pixels white in every channel (whiteLevel): a glare spot's
// middle (a light glyph is seldom as white).
func whiteSpot(p []byte) bool {
	n := 0
	for i, in := range innerMask() {
		if in && min(p[3*i], p[3*i+1], p[3*i+2]) >= whiteLevel {
			if n++; n >= minWhite {
				return true
			}
		}
	}
	return false
}

// whiteLevel and minWhite: see whiteSpot.
const (
	whiteLevel = 235
	minWhite   = 3
)

// glareVetoConf: see glareVeto.
const glareVetoConf = 0.7

// glareNearShift, glareNearScales and foundSize (a share of the side):
// see glareNear.
const glareNearShift, foundSize = 0.05, 0.05

var glareNearScales = []float64{0.92, 1.08}

// doubtedByTries leaves v unsure when another face fitted the die at
// least as well at a placement tried for it (a reading at a turned or
// shifted placement that lost to v by another rule: a Turn Setup die whose
// up bar a shifted placement cuts off reads its marks turned).
func (r *Reader) doubtedByTries(v verdict) verdict {
	return r.conflicts(v, r.tried, 0)
}

// candidate is a die read at a placement.
type candidate struct {
	rc, found rect // its top face, and as found (before it was placed)
	v         verdict
	tried     []verdict // the readings tried for a die left unsure (r.tried)
	look      look      // what sureChecks needs, at the placement squareUp or sureChecks looked at
	refitAt   rect      // the placement sureChecks refitted it at (refit; zero: none)
}

// dupDist: two dice whose top faces, where they were read, lie closer
// than this many sides are one die found twice (a blob split in too many
// parts); the one its class fits better stays.
const dupDist = 0.6

func dropDuplicates(cs []candidate) []candidate {
	var drop [64]bool
	if len(cs) > len(drop) {
		return cs
	}
	for i, c := range cs {
		for j, o := range cs {
			if j == i || portable.Hypot(c.v.at.C.X-o.v.at.C.X, c.v.at.C.Y-o.v.at.C.Y) >= dupDist*math.Min(c.v.at.side(), o.v.at.side()) {
				continue
			}
			if o.v.resid < c.v.resid || (o.v.resid == c.v.resid && j < i) {
				drop[i] = true
				break
			}
		}
	}
	out := cs[:0]
	for i, c := range cs {
		if !drop[i] {
			out = append(out, c)
		}
	}
	return out
}

// NewReader makes a Reader for model m.
func NewReader(m *Model) *Reader {
	return &Reader{m: m, q: newRectifier(), det: newDetector()}
}

// Close frees the reader's buffers.
func (r *Reader) Close() {
	r.q.Close()
	r.det.Close()
}

// Read reads the dice in an image. A frame without dice gives
// vision.ErrNoDice.
func (r *Reader) Read(img image.Image) (vision.Reading, error) {
	start := time.Now()
	frame, err := ToBGR(img)
	if err != nil {
		return vision.Reading{}, fmt.Errorf("cv: read: %w", err)
	}
	defer frame.Close()
	rd, err := r.read(frame)
	rd.Millis = millisSince(start)
	return rd, err
}

// ReadMat reads the dice in a BGR frame (the fast path: no conversion).
func (r *Reader) ReadMat(frame gocv.Mat) (vision.Reading, error) {
	start := time.Now()
	if frame.Empty() || frame.Type() != gocv.MatTypeCV8UC3 {
		return vision.Reading{}, errors.New("cv: read: empty frame or not an 8-bit BGR image")
	}
	rd, err := r.read(frame)
	rd.Millis = millisSince(start)
	return rd, err
}

// ReadFile reads the dice in a PNG or JPEG file.
func (r *Reader) ReadFile(path string) (vision.Reading, error) {
	start := time.Now()
	frame, err := ReadImageFile(path)
	if err != nil {
		return vision.Reading{Image: path}, err
	}
	defer frame.Close()
	rd, err := r.read(frame)
	rd.Image = path
	rd.Millis = millisSince(start)
	return rd, err
}

// Classifications is how many placements the last reading classified:
// its dice's first readings and every retry (a placement read again for
// the same die is not counted). It is the reading's work, the same on
// every machine and every run; its time goes with it.
func (r *Reader) Classifications() int { return r.reads }

func millisSince(t time.Time) float64 {
	return float64(time.Since(t).Microseconds()) / 1000
}

// read detects and classifies.
func (r *Reader) read(frame gocv.Mat) (vision.Reading, error) {
	r.reads, r.spent = 0, stageTimes{}
	r.reading, r.glareReads = true, r.glareReads[:0]
	defer func() { r.reading = false }()
	t := time.Now()
	fs, mask, scale := r.det.find(frame)
	r.q.useMask(mask, scale)
	defer r.q.useMask(gocv.Mat{}, 0)
	r.blobs = r.blobs[:0]
	for _, f := range fs {
		r.blobs = append(r.blobs, f.r)
	}
	r.q.refineAll(frame, fs)
	t = r.lap(stageDetect, t)
	r.cands = r.cands[:0]
	for i, f := range fs {
		t = r.readFound(frame, f, r.blobs[i], t)
	}
	r.cands = dropDuplicates(r.cands)
	r.secondLook(frame)
	t = r.lap(stageSecondLook, t)
	r.atFrameSize(frame)
	t = r.lap(stageAtFrameSize, t)
	r.sureChecks(frame)
	r.overfull()
	t = r.lap(stageSureChecks, t)
	r.byElimination(frame)
	t = r.lap(stageByElimination, t)
	r.sureChecks(frame)
	r.lap(stageSureChecks, t)
	dice := make([]vision.Die, 0, len(r.cands))
	vs := make([]verdict, 0, len(r.cands))
	r.placed = r.placed[:0]
	for _, c := range r.cands {
		vs = append(vs, c.v)
		r.placed = append(r.placed, placementOf(c.v.at))
		dice = append(dice, dieAt(c))
	}
	if len(dice) == 0 {
		return vision.Reading{Dice: []vision.Die{}}, vision.ErrNoDice
	}
	r.resolveTwins(vs)
	for i, v := range vs {
		c := r.m.Classes[v.class]
		d := &dice[i]
		d.Kind, d.Confidence = c.Kind, round3(v.conf)
		if v.conf >= r.m.Threshold {
			d.Face = c.Face
		} else {
			d.Unsure, d.Guess = true, c.Face
		}
	}
	vision.SortDice(dice)
	sortPlacements(r.placed)
	return vision.Reading{Dice: dice}, nil
}

// readFound reads die f (found in blob b; t: the time its reading
// starts) and adds it to the candidates unless nothing fits it: its
// first placements, then, while it is unsure, the later ones in turn.
// It gives the time its reading ended.
func (r *Reader) readFound(frame gocv.Mat, f found, b rect, t time.Time) time.Time {
	r.tried, r.centred = r.tried[:0], r.centred[:0]
	rc, turned := f.r, []verdict(nil)
	if !f.solid {
		rc, turned = r.glyphPlaced(frame, rc, b, f.top)
	}
	v := r.classifyDie(frame, rc, turned)
	var lk look
	rc, v, lk = r.squareUp(frame, rc, v)
	t = r.lap(stageFirst, t)
	if f.solid && v.conf < r.m.Threshold {
		rc, v = r.recentre(frame, b, rc, v)
		t = r.lap(stageRecentre, t)
	}
	if v.conf < r.m.Threshold && v.resid <= lastResid {
		rc, v = r.lastTry(frame, rc, v)
		t = r.lap(stageLastTry, t)
	}
	v = r.lastChecks(frame, f.r, v)
	t = r.lap(stageLastChecks, t)
	if v.conf < r.m.Threshold {
		rc, v = r.placeAgain(frame, b, rc, v)
		t = r.lap(stagePlaceAgain, t)
	}
	if r.trace != nil {
		r.trace(f.r, v)
	}
	if v.resid > dropResid {
		return t
	}
	c := candidate{rc: rc, found: f.r, v: v, look: lk}
	if v.conf < r.m.Threshold {
		c.tried = slices.Clone(r.tried)
	}
	r.cands = append(r.cands, c)
	return t
}

// dieAt is where die c is reported: where its face was read (its retries
// may have moved it off where it was placed first).
func dieAt(c candidate) vision.Die {
	at := c.v.at
	return vision.Die{X: int(math.Round(at.C.X)), Y: int(math.Round(at.C.Y)), Size: int(math.Round(at.side()))}
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// placeAgain reads a die still unsure after its last checks (v, placed
// at rc; b its blob as found) at other placements. First at the middle
// of its blob's ink, when that lies inkOff of its side or more from rc:
// the top face of a dark die on a dark mat, tilted, may have been placed
// on its sides, its size right; the reading there is kept only when sure
// (the glare is not fitted there: that read glared Turn Setup dice
// wrongly). Then where its top face's edges place it (edgeRead). Its
// angle may be off too, its edges lost in the mat: turned
// there to the glyph angle that fits best (bestAngle), then so turned at
// each placement its retries found from its glyph (r.centred; one near an
// earlier one is skipped: it reads the same), a reading at least
// turnedSure is kept; a die neither moved nor turned is not read again
// where it was (a last check may have doubted that reading). When
// none is kept, the die's tries are left as they were (later conflicts
// weigh only the tries of its first reading).
func (r *Reader) placeAgain(frame gocv.Mat, b, rc rect, v verdict) (rect, verdict) {
	n, k := len(r.tried), len(r.centred)
	alt := rc
	if c, ok := r.det.inkCentre(b); ok && portable.Hypot(c.X-rc.C.X, c.Y-rc.C.Y) >= inkOff*rc.side() {
		alt.C = c
		if w := r.classifyDie(frame, alt, nil); w.conf >= r.m.Threshold {
			return alt, w
		}
	}
	if e, w, ok := r.edgeRead(frame, rc); ok {
		return e, w
	}
	tries := append([]rect{alt}, r.centred...)
	for i, c := range tries {
		if (i > 0 && portable.Hypot(c.C.X-alt.C.X, c.C.Y-alt.C.Y) < inkOff*rc.side()) || slices.ContainsFunc(tries[:i], c.closeTo) {
			continue
		}
		s, turned := r.bestAngle(frame, c)
		if s == rc {
			continue
		}
		if w := r.classifyDie(frame, s, turned); w.conf >= turnedSure {
			return s, w
		}
	}
	r.tried, r.centred = r.tried[:n], r.centred[:k]
	return rc, v
}

// closeTo says whether placement s lies so near rc that reading it again
// would read the same: its centre within nearShift of a side, its side
// within nearScale and its angle within nearTurn (of a quarter turn: the
// faces are read at all four).
func (rc rect) closeTo(s rect) bool {
	return portable.Hypot(s.C.X-rc.C.X, s.C.Y-rc.C.Y) < nearShift*rc.side() &&
		math.Abs(s.side()/rc.side()-1) < nearScale && math.Abs(math.Remainder(s.Angle-rc.Angle, math.Pi/2)) < nearTurn
}

// See closeTo.
const (
	nearShift = 0.03
	nearScale = 0.03
	nearTurn  = 3 * math.Pi / 180
)

// inkOff and turnedSure: see placeAgain. (Turned readings kept from 0.65
// read two glared dice wrongly, at 0.67 and 0.69.)
const (
	inkOff     = 0.08
	turnedSure = 0.75
)

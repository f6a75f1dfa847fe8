package cv

import (
	"bufio"
	"encoding/gob"
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
)

// ModelVersion is the version of the model file format Save writes.
const ModelVersion = 3

// modelMagic starts every model file.
const modelMagic = "tableside-dice-model"

var colorWhite = color.RGBA{255, 255, 255, 255}

// Model is what Teach learnt: one class per taught (kind, face), and the
// body colour of every kind.
type Model struct {
	Version   int
	PatchSize int
	Classes   []Class
	Colours   []KindColour
	// Threshold: a die whose confidence is below it is reported unsure.
	Threshold float64
	// Margin is the discriminant margin between the best face and the
	// best other face at which a face is sure (confidence 0.5), set at
	// teach time from held-out variants.
	Margin float64

	rot    [][4][]float32 // per class, its template at the 4 rotations
	coarse [][4][]float32 // the same at half resolution
	// coarseFramed holds each of coarse in a frame (framed, movedCoarse).
	coarseFramed [][4][]float32
	colOf        []int // per class, its kind's index in Colours
	// dists caches tmplDist (see there).
	dists []uint64
	// glareSums caches coarseSums (see there).
	glareSums []atomic.Pointer[tmplSums]
	// wRot holds per class and quarter turn r the discriminant weights
	// turned by r (class c, turn r at (4c+r)·descDim).
	wRot []float32
	// heldOut and heldOutWrong: how many held-out variants calibrate
	// checked at teach time, and the margins of those read wrong.
	heldOut      int
	heldOutWrong []float64
	// banned, when set, marks the kinds (by index in Colours) a reading
	// leaves out (see without).
	banned []bool
	// leftOut: the teaching images Teach left out, each with why (not
	// saved).
	leftOut []string
}

// LeftOut lists the teaching images Teach left out, each with why: an
// image in which not exactly one die was found, when its face had enough
// others, and the other images of a face taught from one image of three
// or more (alone).
func (m *Model) LeftOut() []string { return m.leftOut }

// Class is one taught face of one kind of die.
type Class struct {
	Kind, Face string
	Shape      []float32 // mean ink map of the taught faces, aligned
	Examples   int
	// W and B are the class's linear discriminant (upright).
	W []float32
	B float32
	// Twins are the classes of other kinds with the same face that look
	// alike (same face art, same body colour): between twins the kind
	// cannot be told from the face.
	Twins []int
}

// KindColour is the body colour of one kind: the median colour feature of
// its taught faces and their augmented variants, and its spread (1.48 MAD,
// at least colourFloor).
type KindColour struct {
	Kind     string
	Mean, SD [numCol]float64
}

// Kinds returns the taught kinds, sorted.
func (m *Model) Kinds() []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range m.Classes {
		if !seen[c.Kind] {
			seen[c.Kind] = true
			out = append(out, c.Kind)
		}
	}
	sort.Strings(out)
	return out
}

// prepare computes the rotated templates and the class colours.
func (m *Model) prepare() {
	m.rot = make([][4][]float32, len(m.Classes))
	m.coarse = make([][4][]float32, len(m.Classes))
	m.coarseFramed = make([][4][]float32, len(m.Classes))
	m.colOf = make([]int, len(m.Classes))
	m.wRot = make([]float32, 4*descDim*len(m.Classes))
	m.dists = make([]uint64, 16*len(m.Classes)*len(m.Classes))
	m.glareSums = make([]atomic.Pointer[tmplSums], 36*len(m.Classes))
	for i, c := range m.Classes {
		for r := 0; r < 4; r++ {
			row := m.wRot[(4*i+r)*descDim : (4*i+r+1)*descDim]
			for j, k := range descPerm[r] {
				row[j] = c.W[k]
			}
		}
		m.rot[i] = rotations(c.Shape)
		for r := range m.rot[i] {
			m.coarseFramed[i][r] = framed(halve(m.rot[i][r]), patchSize/2)
			m.coarse[i][r] = unframed(m.coarseFramed[i][r], patchSize/2)
		}
		m.colOf[i] = -1
		for k, kc := range m.Colours {
			if kc.Kind == c.Kind {
				m.colOf[i] = k
			}
		}
	}
}

// Save writes the model to one file.
func (m *Model) Save(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("cv: save model: %w", err)
	}
	w := bufio.NewWriter(f)
	enc := gob.NewEncoder(w)
	if err := enc.Encode(modelMagic); err != nil {
		f.Close()
		return fmt.Errorf("cv: save model: %w", err)
	}
	if err := enc.Encode(m); err != nil {
		f.Close()
		return fmt.Errorf("cv: save model: %w", err)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("cv: save model: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cv: save model: %w", err)
	}
	return nil
}

// teachAgain is what to do with a model file Load cannot use.
const teachAgain = "teach again with `tableside dice teach`"

// Load reads a model written by Save.
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cv: load model: %w", err)
	}
	defer f.Close()
	dec := gob.NewDecoder(bufio.NewReader(f))
	var magic string
	if err := dec.Decode(&magic); err != nil || magic != modelMagic {
		return nil, fmt.Errorf("cv: load model %s: not a Tableside dice model (make one with `tableside dice teach`)", path)
	}
	m := &Model{}
	if err := dec.Decode(m); err != nil {
		return nil, fmt.Errorf("cv: load model %s: damaged or cut short (%w): %s", path, err, teachAgain)
	}
	if m.Version != ModelVersion {
		return nil, fmt.Errorf("cv: load model %s: format version %d, this program reads version %d: %s", path, m.Version, ModelVersion, teachAgain)
	}
	if m.PatchSize != patchSize || len(m.Classes) == 0 || len(m.Classes) > maxClasses {
		return nil, fmt.Errorf("cv: load model %s: damaged (patch %d, %d classes): %s", path, m.PatchSize, len(m.Classes), teachAgain)
	}
	for _, c := range m.Classes {
		if len(c.Shape) != patchSize*patchSize || len(c.W) != descDim {
			return nil, fmt.Errorf("cv: load model %s: damaged class %s/%s: %s", path, c.Kind, c.Face, teachAgain)
		}
	}
	m.prepare()
	for i, c := range m.Classes {
		if m.colOf[i] < 0 {
			return nil, fmt.Errorf("cv: load model %s: damaged: no colour for kind %s: %s", path, c.Kind, teachAgain)
		}
	}
	return m, nil
}

// imageExt reports whether a file name is a teachable image.
func imageExt(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".png", ".jpg", ".jpeg":
		return true
	}
	return false
}

// subdirs lists the directories in dir, sorted.
func subdirs(dir string) ([]string, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range es {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// errTeach prefixes teaching errors.
var errTeach = errors.New("cv: teach")

// colourFloor is the smallest spread a colour feature is given.
var colourFloor = [numCol]float64{0.03, 0.03, 0.08}

// buildClass averages the aligned examples of one face (fs; square and
// whole tell which were found square, squareFound, and whole,
// minTopShare). The reference is the example most like the others
// (reference); examples far from it (a bad find) are left out of the
// mean. It returns, per example, the quarter turns that align it and
// whether the mean keeps it.
func buildClass(kind, face string, fs []feature, square, whole []bool) (Class, []int, []bool) {
	c := Class{Kind: kind, Face: face, Examples: len(fs)}
	d := inkDistances(fs)
	r := reference(d, square, whole)
	aligned := make([][]float32, len(fs))
	turns := make([]int, len(fs))
	keep := make([]bool, len(fs))
	for k, f := range fs {
		aligned[k], turns[k] = alignTo(f, fs[r].ink)
		keep[k] = k == r || d[k][r] <= outlierSSD
	}
	c.Shape = meanOf(aligned, keep)
	return c, turns, keep
}

// kindColour is the robust colour of a kind's taught examples (body
// colour features cols).
func kindColour(kind string, cols [][numCol]float64) KindColour {
	kc := KindColour{Kind: kind}
	for j := 0; j < numCol; j++ {
		var v []float64
		for _, c := range cols {
			v = append(v, c[j])
		}
		kc.Mean[j] = median(v)
		for k := range v {
			v[k] = math.Abs(v[k] - kc.Mean[j])
		}
		kc.SD[j] = math.Max(1.48*median(v), colourFloor[j])
	}
	return kc
}

// alignTo turns an example's ink map to best match ref; it returns the
// turned map and the number of quarter turns.
func alignTo(f feature, ref []float32) ([]float32, int) {
	rs := rotations(f.ink)
	bi, bd := 0, math.Inf(1)
	for k, r := range rs {
		if d := ssd(r, ref); d < bd {
			bi, bd = k, d
		}
	}
	return rs[bi], bi
}

// outlierSSD: a taught example farther than this (mean square per pixel)
// from its face's reference (a badly found face) is left out.
const outlierSSD = 0.05

// inkDistances is the distance of each example's ink map to each other's
// at its best quarter turn, per pixel (symmetric: turning one map is
// turning the other back).
func inkDistances(fs []feature) [][]float64 {
	d := make([][]float64, len(fs))
	for i := range fs {
		d[i] = make([]float64, len(fs))
	}
	for i, f := range fs {
		rs := rotations(f.ink)
		for j := i + 1; j < len(fs); j++ {
			d[i][j] = math.Inf(1)
			for _, r := range rs {
				d[i][j] = math.Min(d[i][j], ssd(r, fs[j].ink)/(patchSize*patchSize))
			}
			d[j][i] = d[i][j]
		}
	}
	return d
}

// reference is the example a face is taught from (distances d between
// examples; square: see buildClass): the medoid, nearest all others. When
// none of two or more others lies near the medoid (within outlierSSD),
// it is the square example most others lie near, if any do. Seed 3008's
// Trick mechanical face: its medoid, image 003, was placed off the face
// and lay between the others, near none; images 001 and 004, found
// square, lie near each other. A pair found not square may agree on the
// same wrong placement (seed 53's Theater 14: two images placed on the
// glyph alone), so it does not replace the medoid. Only examples found
// whole are candidates, when any are (whole nil: all are): two found on
// a frame of the glyph may agree too (seed 5005's Theater 13).
func reference(d [][]float64, square, whole []bool) int {
	in := whole
	if !slices.Contains(in, true) {
		in = nil
	}
	m := medoid(d, in)
	if len(d) < 3 || nearOf(d, m) > 0 {
		return m
	}
	sq := slices.Clone(square)
	for i := range sq {
		sq[i] = sq[i] && (in == nil || in[i])
	}
	if s := mostNear(d, sq); s >= 0 && nearOf(d, s) > 0 {
		return s
	}
	return m
}

// medoid is the example among those in (nil: all) with the smallest
// summed distance to the others (distances d).
func medoid(d [][]float64, in []bool) int {
	best, bv := 0, math.Inf(1)
	for i := range d {
		if in != nil && !in[i] {
			continue
		}
		if s := sum(d[i]); s < bv {
			best, bv = i, s
		}
	}
	return best
}

// mostNear is the example among those in that most others lie near
// (within outlierSSD), and of those the one with the smallest summed
// distance to the others; -1 when in holds none.
func mostNear(d [][]float64, in []bool) int {
	best, bn, bv := -1, -1, math.Inf(1)
	for i := range d {
		if !in[i] {
			continue
		}
		if n, s := nearOf(d, i), sum(d[i]); n > bn || n == bn && s < bv {
			best, bn, bv = i, n, s
		}
	}
	return best
}

// sum is the sum of xs.
func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// nearOf is how many other examples lie within outlierSSD of example i.
func nearOf(d [][]float64, i int) int {
	n := 0
	for j, x := range d[i] {
		if j != i && x <= outlierSSD {
			n++
		}
	}
	return n
}

// meanOf is the mean of the vectors kept (all when keep is nil or keeps none).
func meanOf(vs [][]float32, keep []bool) []float32 {
	total := make([]float32, len(vs[0]))
	n := 0
	for k, v := range vs {
		if keep != nil && !keep[k] {
			continue
		}
		n++
		for i, x := range v {
			total[i] += x
		}
	}
	if n == 0 {
		return meanOf(vs, nil)
	}
	for i := range total {
		total[i] /= float32(n)
	}
	return total
}

// findTwins marks classes of the same face and different kinds whose art
// and colour cannot be told apart.
func (m *Model) findTwins() {
	for i := range m.Classes {
		m.Classes[i].Twins = nil
	}
	for i := range m.Classes {
		for j := i + 1; j < len(m.Classes); j++ {
			a, b := &m.Classes[i], &m.Classes[j]
			if a.Face != b.Face || a.Kind == b.Kind {
				continue
			}
			ca, cb := m.Colours[m.colOf[i]], m.Colours[m.colOf[j]]
			if shapeDist(m.rot[i], m.rot[j][0]) < twinShape && colourMaxZ(ca.Mean, cb) < twinColour && colourMaxZ(cb.Mean, ca) < twinColour {
				a.Twins = append(a.Twins, j)
				b.Twins = append(b.Twins, i)
			}
		}
	}
}

// Twin thresholds: ink map distance (mean square per pixel) and colour
// distance (in spreads).
const (
	twinShape  = 0.01
	twinColour = 2.5
)

// shapeDist is the smallest mean square distance of v to a rotation.
func shapeDist(rot [4][]float32, v []float32) float64 {
	_, d := nearestTurn(rot, v)
	return d
}

// nearestTurn is the rotation of rot nearest v and its mean square
// distance to v.
func nearestTurn(rot [4][]float32, v []float32) (turn int, dist float64) {
	best := math.Inf(1)
	for k, r := range rot {
		if d := ssd(r, v); d < best {
			turn, best = k, d
		}
	}
	return turn, best / float64(len(v))
}

// colourZ is the RMS distance of a colour feature from a kind's colour, in
// units of its spread.
func colourZ(col [numCol]float64, c KindColour) float64 {
	var s float64
	for j := 0; j < numCol; j++ {
		d := (col[j] - c.Mean[j]) / c.SD[j]
		s += d * d
	}
	return math.Sqrt(s / numCol)
}

// colourMaxZ is the largest distance of one colour feature from a kind's
// colour, in units of its spread.
func colourMaxZ(col [numCol]float64, c KindColour) float64 {
	var z float64
	for j := 0; j < numCol; j++ {
		z = math.Max(z, math.Abs(col[j]-c.Mean[j])/c.SD[j])
	}
	return z
}

// without is m reading no die as one of the kinds banned marks (by index
// in Colours): their classes are implausible whatever a die's colour.
func (m *Model) without(banned []bool) *Model {
	c := *m
	c.banned = banned
	return &c
}

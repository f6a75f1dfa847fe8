package cv

import (
	"errors"
	"fmt"
	"image"
	"math"
	"time"

	"gocv.io/x/gocv"

	"tableside/vision"
)

// Classifier settings. A die's confidence is min(face evidence/minPair,
// (face score-floorScore)/(minScore-floorScore), kind margin/minKindMargin)/2
// clipped to [0,1]: it is 0.5 exactly where one of them is at its limit.
const (
	minPair       = 0.4  // face evidence against the closest rival face
	rivalComb     = 0.4  // rivals: combined score within this of the best
	coarseWindow  = 0.6  // fine matching for classes within this (coarse) of the best
	minScore      = 0.70 // template score of the face
	floorScore    = 0.20
	minKindMargin = 0.05 // combined score over the best other kind of that face
	colourWeight  = 0.04 // combined score = template score - colourWeight*colour distance
	colourCap     = 20   // colour distance counted at most this
	dropScore     = 0.15 // a blob matching no face better than this is no die
)

// DefaultKindCounts is how many dice of each kind one frame holds at most,
// used to tell look-alike faces (X) of twin kinds apart.
var DefaultKindCounts = map[string]int{
	vision.KindTrick: 2, vision.KindBank: 2,
}

// Reader reads dice with a Model. It is a vision.Reader; it keeps buffers,
// so one Reader serves one goroutine at a time. Close it when done.
type Reader struct {
	m *Model
	q *rectifier
	// KindCounts overrides DefaultKindCounts (kinds not listed: 1).
	KindCounts map[string]int
}

// NewReader makes a Reader for model m.
func NewReader(m *Model) *Reader {
	return &Reader{m: m, q: newRectifier()}
}

// Close frees the reader's buffers.
func (r *Reader) Close() { r.q.Close() }

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

func millisSince(t time.Time) float64 {
	return float64(time.Since(t).Microseconds()) / 1000
}

// read detects and classifies.
func (r *Reader) read(frame gocv.Mat) (vision.Reading, error) {
	var dice []vision.Die
	var vs []verdict
	fs, mask, scale := detectMask(frame)
	defer mask.Close()
	r.q.useMask(mask, scale)
	defer r.q.useMask(gocv.Mat{}, 0)
	r.q.refineAll(frame, fs)
	for _, f := range fs {
		v := r.m.classify(featureOf(r.q.patch(frame, f.r)))
		if v.score < dropScore {
			continue
		}
		vs = append(vs, v)
		dice = append(dice, vision.Die{
			X: int(math.Round(f.r.C.X)), Y: int(math.Round(f.r.C.Y)),
			Size: int(math.Round(f.r.side())),
		})
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
			d.Unsure = true
		}
	}
	vision.SortDice(dice)
	return vision.Reading{Dice: dice}, nil
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// verdict is the classification of one die.
type verdict struct {
	class int     // best class
	score float64 // its template score
	conf  float64
	alts  []int // twin classes it may be instead (same face, kind unknown)

	margin, kindMargin float64
	rival              int
}

// classify scores a feature against every class. The face's evidence
// against a rival face is the template score margin over how different
// the two templates are, (s_a - s_b)/(1 - <T_a,T_b>): 1 when the die is
// exactly the best face, 0 halfway to the rival. Rivals are the faces that
// come close in template score or in combined score.
func (m *Model) classify(f feature) verdict {
	n := len(m.Classes)
	sh := make([]float64, n)
	rot := make([]int, n)
	comb := make([]float64, n)
	// Coarse pass at half resolution over every class; the fine pass only
	// for the classes that come near the best (others cannot be best or a
	// rival: they are left out with a combined score of -Inf).
	col := make([]float64, n)
	cq := normalize(halve(f.shape))
	top := math.Inf(-1)
	for i := range m.Classes {
		col[i] = colourWeight * math.Min(colourZ(f.col, m.Classes[i]), colourCap)
		s, _ := bestRotation(m.coarse[i], cq)
		comb[i] = s - col[i]
		top = math.Max(top, comb[i])
	}
	best := -1
	for i := range m.Classes {
		if comb[i] < top-coarseWindow {
			comb[i], sh[i] = math.Inf(-1), math.Inf(-1)
			continue
		}
		sh[i], rot[i] = bestRotation(m.rot[i], f.shape)
		comb[i] = sh[i] - col[i]
		if best < 0 || comb[i] > comb[best] {
			best = i
		}
	}
	if f.raw != nil && m.unclear(sh, rot, comb, best) {
		best = m.searchShifts(f, sh, rot, comb, best)
	}
	face := m.Classes[best].Face
	tb := m.rot[best][rot[best]]
	pair := math.Inf(1)
	rival := -1
	for i, c := range m.Classes {
		if c.Face == face || comb[i] < comb[best]-rivalComb {
			continue
		}
		d := 1 - float64(dot(tb, m.rot[i][rot[i]]))
		if pm := (comb[best] - comb[i]) / math.Max(d, 0.02); pm < pair {
			pair, rival = pm, i
		}
	}
	kindMargin := math.Inf(1)
	for i, c := range m.Classes {
		if i == best || c.Face != face || m.isTwin(best, i) {
			continue
		}
		kindMargin = math.Min(kindMargin, comb[best]-comb[i])
	}
	a := pair / minPair
	b := (sh[best] - floorScore) / (minScore - floorScore)
	k := kindMargin / minKindMargin
	conf := math.Max(0, math.Min(1, math.Min(a, math.Min(b, k))/2))
	v := verdict{class: best, score: sh[best], conf: conf, margin: pair, kindMargin: kindMargin, rival: rival}
	v.alts = append(v.alts, m.Classes[best].Twins...)
	return v
}

func bestRotation(rot [4][]float32, v []float32) (float64, int) {
	best, bi := float32(-2), 0
	for k, r := range rot {
		if d := dot(r, v); d > best {
			best, bi = d, k
		}
	}
	return float64(best), bi
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
	counts := r.KindCounts
	if counts == nil {
		counts = DefaultKindCounts
	}
	used := map[string]int{}
	for _, v := range vs {
		if len(v.alts) == 0 {
			used[r.m.Classes[v.class].Kind]++
		}
	}
	room := func(kind string) bool {
		c, ok := counts[kind]
		if !ok {
			c = 1
		}
		return used[kind] < c
	}
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

// unclear reports whether the best class is not yet sure: its score or
// its evidence against a rival face is below twice what confidence needs.
// Only then are shifted copies worth matching.
func (m *Model) unclear(sh []float64, rot []int, comb []float64, best int) bool {
	if sh[best] < minScore+0.1 {
		return true
	}
	tb := m.rot[best][rot[best]]
	for i, c := range m.Classes {
		if c.Face == m.Classes[best].Face || comb[i] < comb[best]-rivalComb {
			continue
		}
		d := 1 - float64(dot(tb, m.rot[i][rot[i]]))
		if (comb[best]-comb[i])/math.Max(d, 0.02) < 2*minPair {
			return true
		}
	}
	return false
}

// shiftStep and shiftMax: the candidates that matter are also matched with
// the die's face moved by up to shiftMax pixels (in shiftStep steps), as the
// face is found to a pixel or two.
const (
	shiftStep = 2
	shiftMax  = 2
)

// searchShifts improves the scores of the best class and its rivals by
// matching shifted copies of the face; it returns the new best class.
func (m *Model) searchShifts(f feature, sh []float64, rot []int, comb []float64, best int) int {
	var cand []int
	for i := range m.Classes {
		if !math.IsInf(comb[i], -1) && comb[i] >= comb[best]-rivalComb {
			cand = append(cand, i)
		}
	}
	for dy := -shiftMax; dy <= shiftMax; dy += shiftStep {
		for dx := -shiftMax; dx <= shiftMax; dx += shiftStep {
			if dx == 0 && dy == 0 {
				continue
			}
			q := f.shifted(dx, dy)
			for _, i := range cand {
				if s, r := bestRotation(m.rot[i], q); s > sh[i] {
					comb[i] += s - sh[i]
					sh[i], rot[i] = s, r
				}
			}
		}
	}
	for _, i := range cand {
		if comb[i] > comb[best] {
			best = i
		}
	}
	return best
}

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
		rc := f.r
		if !f.solid {
			rc = r.bestAngle(frame, rc)
		}
		v := r.classifyDie(frame, rc)
		if v.resid > dropResid {
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

// Other placements of the top face tried, in turn, for a die not read
// surely where it was found: sizes (its edges are found within a few
// percent) and shifts (a fraction of the side).
var (
	rescales = []float64{0.93, 1.07, 0.86}
	reshifts = [][2]float64{{-0.07, 0}, {0.07, 0}, {0, -0.07}, {0, 0.07}}
)

// glyphAngles are the turns tried for a die found by its glyph alone (its
// edges barely show, so its angle is a guess).
var glyphAngles = []float64{15, 30, 45, 60, 75}

// bestAngle turns a die found by its glyph alone to the angle at which the
// best class fits it best.
func (r *Reader) bestAngle(frame gocv.Mat, rc rect) rect {
	best := rc
	v := r.m.classify(featureOf(r.q.patch(frame, rc)))
	for _, a := range glyphAngles {
		s := rc
		s.Angle += a * math.Pi / 180
		if w := r.m.classify(featureOf(r.q.patch(frame, s))); w.resid < v.resid {
			best, v = s, w
		}
	}
	return best
}

// classifyDie classifies the die whose top face is r. A die not read
// surely is tried at other placements; the placement the best class fits
// best (smallest residual) is kept.
func (r *Reader) classifyDie(frame gocv.Mat, rc rect) verdict {
	v := r.m.classify(featureOf(r.q.patch(frame, rc)))
	if v.conf >= r.m.Threshold {
		return v
	}
	// Placements to try: other sizes and shifts. Trying stops at a
	// placement read surely that fits well.
	var cands []rect
	for _, k := range rescales {
		s := rc
		s.W, s.H = rc.W*k, rc.H*k
		cands = append(cands, s)
	}
	ux, uy := math.Cos(rc.Angle), math.Sin(rc.Angle)
	for _, d := range reshifts {
		s := rc
		s.C.X += (d[0]*ux - d[1]*uy) * rc.W
		s.C.Y += (d[0]*uy + d[1]*ux) * rc.W
		cands = append(cands, s)
	}
	for _, s := range cands {
		if w := r.m.classify(featureOf(r.q.patch(frame, s))); w.resid < v.resid {
			v = w
		}
		if v.conf >= r.m.Threshold && v.resid <= goodResid {
			break
		}
	}
	return v
}

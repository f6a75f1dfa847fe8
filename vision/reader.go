package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"
	"sync"
	"time"

	"tableside/vision/internal/portable"
)

// StillOptions tune Still. Zero fields take the defaults shown.
type StillOptions struct {
	// Threshold is the mean absolute luma difference (0–255) between two
	// consecutive frames below which the scene counts as still (default 3).
	Threshold float64
	// StillFrames is how many consecutive still frame pairs are needed
	// before reading (default 3).
	StillFrames int
	// Combine is how many still frames are read and voted (default 3).
	Combine int
	// MaxFrames is how many frames Still looks at before giving up (default 300).
	MaxFrames int
	// Readers are more readers to read the still frames with, side by
	// side with Still's own, each on a goroutine of its own: the Pi's
	// cores share a still moment's reads. Each must be a reader of its
	// own, not Still's nor another's (a Reader serves one goroutine at a
	// time). The reading is the same as with Still's reader
	// alone (each frame's reading is voted in frame order); only its time
	// differs.
	Readers []Reader
}

func (o StillOptions) withDefaults() StillOptions {
	if o.Threshold <= 0 {
		o.Threshold = 3
	}
	if o.StillFrames <= 0 {
		o.StillFrames = 3
	}
	if o.Combine <= 0 {
		o.Combine = 3
	}
	if o.MaxFrames <= 0 {
		o.MaxFrames = 300
	}
	return o
}

// ErrNotStill: the scene kept moving for all the frames Still looked at.
var ErrNotStill = errors.New("vision: the dice never stood still")

// Still waits until the frames from src stop changing (frame differencing),
// then reads the last still frames with r and votes them into one Reading.
// An error from src (e.g. wrapping ErrSourceGone) is returned as is, wrapped.
func Still(src Source, r Reader, o StillOptions) (Reading, error) {
	rd, _, err := still(src, r, o.withDefaults())
	return rd, err
}

// still is Still with its options' defaults set; it also returns the last
// frame it read (nil when it read none).
func still(src Source, r Reader, o StillOptions) (Reading, image.Image, error) {
	frames, err := stillFrames(src, o)
	if err != nil {
		return Reading{}, nil, err
	}
	rd, err := readAll(append([]Reader{r}, o.Readers...), frames)
	return rd, frames[len(frames)-1], err
}

// StillFrames waits until the frames from src stop changing, as Still
// does, and returns the last o.Combine still frames, oldest first, unread
// (a photo for teaching is the last of them).
func StillFrames(src Source, o StillOptions) ([]image.Image, error) {
	return stillFrames(src, o.withDefaults())
}

func stillFrames(src Source, o StillOptions) ([]image.Image, error) {
	var prev image.Image
	var frames []image.Image
	for n := 0; n < o.MaxFrames; n++ {
		f, err := src.Frame()
		if err != nil {
			return nil, fmt.Errorf("vision: still: %w", err)
		}
		if prev == nil || FrameDiff(prev, f) >= o.Threshold {
			frames = frames[:0]
		}
		frames = append(frames, f)
		prev = f
		if len(frames) > o.StillFrames && len(frames) >= o.Combine {
			return frames[len(frames)-o.Combine:], nil
		}
	}
	return nil, ErrNotStill
}

// readAll reads every frame, frame i with reader i mod len(rs), each
// reader on a goroutine of its own, and votes the readings together in
// frame order. Frames with no dice count as readings with no dice; if
// none had dice, ErrNoDice. An error is the first frame's to fail.
func readAll(rs []Reader, frames []image.Image) (Reading, error) {
	start := time.Now()
	readings := make([]Reading, len(frames))
	errs := make([]error, len(frames))
	var wg sync.WaitGroup
	for k, r := range rs[:min(len(rs), len(frames))] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; i < len(frames); i += len(rs) {
				readings[i], errs[i] = r.Read(frames[i])
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if errors.Is(err, ErrNoDice) {
			readings[i] = Reading{}
		} else if err != nil {
			return Reading{}, fmt.Errorf("vision: still: %w", err)
		}
	}
	out := Vote(readings)
	out.Millis = float64(time.Since(start).Microseconds()) / 1000
	if len(out.Dice) == 0 {
		return out, ErrNoDice
	}
	return out, nil
}

// FrameDiff is the mean absolute difference (0–255) between the mean lumas
// of 8×8 blocks of two frames (block means keep sensor noise out of it);
// frames of different sizes differ by 255.
func FrameDiff(a, b image.Image) float64 {
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Dx() != rb.Dx() || ra.Dy() != rb.Dy() {
		return 255
	}
	const block, step = 8, 2
	var sum float64
	var n int
	for by := 0; by+block <= ra.Dy(); by += block {
		for bx := 0; bx+block <= ra.Dx(); bx += block {
			var d float64
			for y := by; y < by+block; y += step {
				for x := bx; x < bx+block; x += step {
					d += luma(a, ra.Min.X+x, ra.Min.Y+y) - luma(b, rb.Min.X+x, rb.Min.Y+y)
				}
			}
			sum += math.Abs(d) / (block * block / (step * step))
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

func luma(img image.Image, x, y int) float64 {
	if m, ok := img.(*image.RGBA); ok {
		i := m.PixOffset(x, y)
		p := m.Pix[i : i+3 : i+3]
		return 0.299*float64(p[0]) + 0.587*float64(p[1]) + 0.114*float64(p[2])
	}
	r, g, b, _ := img.At(x, y).RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
}

// Vote combines several readings of the same still scene. Dice are matched
// by position (closer than half a die); a die seen in fewer than half the
// readings is dropped. Its face is the one most confident readings agree
// on; if confident readings disagree, or none is confident, it is unsure.
func Vote(rs []Reading) Reading {
	var clusters [][]Die
	for _, r := range rs {
		for _, d := range r.Dice {
			clusters = addToCluster(clusters, d)
		}
	}
	out := Reading{}
	if len(rs) > 0 {
		out.Image = rs[len(rs)-1].Image
	}
	for _, c := range clusters {
		if 2*len(c) < len(rs) {
			continue
		}
		out.Dice = append(out.Dice, voteDie(c, len(rs)))
	}
	SortDice(out.Dice)
	return out
}

func addToCluster(cs [][]Die, d Die) [][]Die {
	for i, c := range cs {
		a := c[0]
		dx, dy := float64(a.X-d.X), float64(a.Y-d.Y)
		if portable.Hypot(dx, dy) < float64(a.Size+d.Size)/4 {
			cs[i] = append(c, d)
			return cs
		}
	}
	return append(cs, []Die{d})
}

// voteDie combines the reads of one die over n readings: sure when its
// sure reads agree on a face. An unsure die's guess is the face its sure
// reads gave most confidence to, or, none sure, its reads' best guess.
func voteDie(c []Die, n int) Die {
	type key struct{ kind, face string }
	votes := map[key]float64{}
	kinds := map[string]float64{}
	var sx, sy, ss int
	for _, d := range c {
		sx, sy, ss = sx+d.X, sy+d.Y, ss+d.Size
		kinds[d.Kind] += d.Confidence + 1e-6
		if !d.Unsure {
			votes[key{d.Kind, d.Face}] += d.Confidence
		}
	}
	out := Die{X: sx / len(c), Y: sy / len(c), Size: ss / len(c), Unsure: true}
	out.Kind = bestKey(kinds)
	faces := map[string]bool{}
	var best key
	var bestV, total float64
	for k, v := range votes {
		faces[k.face] = true
		total += v
		if v > bestV || (v == bestV && (k.kind+k.face) < (best.kind+best.face)) {
			best, bestV = k, v
		}
	}
	if len(faces) == 1 {
		out.Kind, out.Face, out.Unsure = best.kind, best.face, false
		out.Confidence = total / float64(n)
		return out
	}
	out.Guess = best.face
	if len(faces) == 0 {
		out.Guess = bestGuess(c)
	}
	return out
}

// bestGuess is the guess of reads c, all unsure, with the most confidence
// over them ("" when none guessed).
func bestGuess(c []Die) string {
	guesses := map[string]float64{}
	for _, d := range c {
		if d.Guess != "" {
			guesses[d.Guess] += d.Confidence + 1e-6
		}
	}
	return bestKey(guesses)
}

func bestKey(m map[string]float64) string {
	var best string
	bv := -1.0
	for k, v := range m {
		if v > bv || (v == bv && k < best) {
			best, bv = k, v
		}
	}
	return best
}

// SortDice orders dice left to right (then top to bottom).
func SortDice(ds []Die) {
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].X != ds[j].X {
			return ds[i].X < ds[j].X
		}
		return ds[i].Y < ds[j].Y
	})
}

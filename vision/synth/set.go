package synth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// SetOptions control WriteSetWith. Zero fields take the defaults of WriteSet.
type SetOptions struct {
	PerFace    int // teach images per (kind, face); default 5
	Count      int // test frames; default 200 (negative: none)
	TeachW     int // teach image size; default 640×480
	TeachH     int
	TestW      int // test frame size; default 1280×720
	TestH      int
	MaxWorkers int // parallel renders; default GOMAXPROCS
}

// SetSummary counts what WriteSetWith wrote.
type SetSummary struct {
	TeachImages int // one die each
	Faces       int // distinct (kind, face) pairs taught
	TestFrames  int
	TestDice    int
}

// WriteSet writes a teach set and a test set under dir, deterministic from
// seed:
//
//	dir/teach/<kind>/<face>/NNN.png   one die of that kind with that face up,
//	                                  anywhere, any rotation (5 per face, 640×480)
//	dir/test/frame-NNNN.jpg           count frames of 1280×720, 11 dice each
//	dir/test/frame-NNNN.json          ground truth (Truth) of each frame
//
// Test frames vary mat, light, touching dice, glare, blur, tilt (0–30°) and
// JPEG quality (60–95), chosen per frame by RandomOptions.
func WriteSet(dir string, seed uint64, count int) error {
	if count <= 0 {
		count = -1
	}
	_, err := WriteSetWith(dir, seed, SetOptions{Count: count})
	return err
}

// RandomOptions returns the varied options WriteSet uses for test frame
// number i of a set made from seed: random mat and light, touching dice in
// half the frames, glare in 40%, blur in 25%, tilt 0–30° (none in a quarter
// of the frames), JPEG quality 60–95.
func RandomOptions(seed uint64, i int, w, h int) Options {
	r := rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
	o := Options{Width: w, Height: h,
		Background:  Backgrounds[r.IntN(len(Backgrounds))],
		Light:       Lights[r.IntN(len(Lights))],
		Touching:    r.Float64() < 0.5,
		Glare:       r.Float64() < 0.4,
		Blur:        r.Float64() < 0.25,
		JPEGQuality: 60 + r.IntN(36),
	}
	if r.Float64() >= 0.25 {
		o.Tilt = float64(int(r.Float64()*300)) / 10
	}
	return o
}

// teachOptions are the options of teach image j of a face: cleaner than the
// test frames (no glare, no blur, tilt ≤ 15°) but on varied mats and light.
func teachOptions(r *rand.Rand, w, h int) Options {
	return Options{Width: w, Height: h,
		Background: Backgrounds[r.IntN(len(Backgrounds))],
		Light:      []string{"even", "even", "gradient", "dim"}[r.IntN(4)],
		Tilt:       float64(int(r.Float64()*150)) / 10,
	}
}

// TeachOptions are the options of a photo for teaching, as the teach
// images of a set vary them (mat, light, a tilt of up to 15°), at w×h, of
// one die of kind showing face: the virtual camera films such photos
// for `tableside dice capture`.
func TeachOptions(seed uint64, kind, face string, w, h int) Options {
	o := teachOptions(rand.New(rand.NewPCG(seed, 1)), w, h)
	o.Dice = []KindFace{{Kind: kind, Face: face}}
	return o
}

// WriteSetWith is WriteSet with explicit sizes and counts.
func WriteSetWith(dir string, seed uint64, so SetOptions) (SetSummary, error) {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&so.PerFace, 5)
	def(&so.Count, 200)
	def(&so.TeachW, 640)
	def(&so.TeachH, 480)
	def(&so.TestW, 1280)
	def(&so.TestH, 720)
	def(&so.MaxWorkers, runtime.GOMAXPROCS(0))
	var jobs []func() (int, error)
	var sum SetSummary
	for _, kind := range Kinds {
		for _, face := range Faces(kind) {
			sum.Faces++
			fdir := filepath.Join(dir, "teach", kind, face)
			if err := os.MkdirAll(fdir, 0o755); err != nil {
				return sum, fmt.Errorf("synth: %w", err)
			}
			for j := 0; j < so.PerFace; j++ {
				s := mix(seed, uint64(sum.Faces), uint64(j))
				kind, face, path := kind, face, filepath.Join(fdir, fmt.Sprintf("%03d.png", j))
				jobs = append(jobs, func() (int, error) {
					img, err := teachImage(s, kind, face, so.TeachW, so.TeachH)
					if err != nil {
						return 0, err
					}
					return 0, writePNG(path, img)
				})
				sum.TeachImages++
			}
		}
	}
	if so.Count > 0 {
		tdir := filepath.Join(dir, "test")
		if err := os.MkdirAll(tdir, 0o755); err != nil {
			return sum, fmt.Errorf("synth: %w", err)
		}
		for i := 0; i < so.Count; i++ {
			i := i
			jobs = append(jobs, func() (int, error) {
				return writeTestFrame(tdir, seed, i, so.TestW, so.TestH)
			})
			sum.TestFrames++
		}
	}
	dice, err := runJobs(jobs, so.MaxWorkers)
	sum.TestDice = dice
	return sum, err
}

// TeachImage is teach image j (w×h) of kind's face in the set made from
// seed, as WriteSetWith writes it (teach/KIND/FACE/NNN.png). Tests read
// one teach image without writing the set.
func TeachImage(seed uint64, kind, face string, j, w, h int) (image.Image, error) {
	n := 0
	for _, k := range Kinds {
		for _, f := range Faces(k) {
			n++
			if k == kind && f == face {
				return teachImage(mix(seed, uint64(n), uint64(j)), kind, face, w, h)
			}
		}
	}
	return nil, fmt.Errorf("synth: no face %s/%s", kind, face)
}

// teachImage renders the teach image of seed s.
func teachImage(s uint64, kind, face string, w, h int) (image.Image, error) {
	img, _, err := Single(s, kind, face, teachOptions(rand.New(rand.NewPCG(s, 1)), w, h))
	return img, err
}

// writeTestFrame renders test frame i and writes NAME.jpg and NAME.json.
func writeTestFrame(dir string, seed uint64, i, w, h int) (int, error) {
	jpg, truth, err := TestFrame(seed, i, w, h)
	if err != nil {
		return 0, err
	}
	name := strings.TrimSuffix(truth.Image, ".jpg")
	if err := os.WriteFile(filepath.Join(dir, truth.Image), jpg, 0o644); err != nil {
		return 0, fmt.Errorf("synth: %w", err)
	}
	js, err := json.MarshalIndent(truth, "", "  ")
	if err != nil {
		return 0, fmt.Errorf("synth: %s: %w", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), append(js, '\n'), 0o644); err != nil {
		return 0, fmt.Errorf("synth: %w", err)
	}
	return len(truth.Dice), nil
}

// TestFrame is test frame i (w×h) of the set made from seed, as
// WriteSetWith writes it (frame-NNNN.jpg): its JPEG bytes and its truth.
// Tests read one frame of a set without writing the set.
func TestFrame(seed uint64, i, w, h int) ([]byte, Truth, error) {
	o := RandomOptions(seed, i, w, h)
	q := o.JPEGQuality
	o.JPEGQuality = 0 // encoded once as JPEG below, not round-tripped
	img, truth, err := Frame(mix(seed, 0x7465737400, uint64(i)), o)
	if err != nil {
		return nil, Truth{}, err
	}
	name := fmt.Sprintf("frame-%04d", i)
	truth.Image, truth.Quality = name+".jpg", q
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		return nil, Truth{}, fmt.Errorf("synth: %s: %w", name, err)
	}
	return buf.Bytes(), truth, nil
}

func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return fmt.Errorf("synth: %s: %w", path, err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	return nil
}

// runJobs runs jobs on up to workers goroutines; it returns the sum of their
// counts and the first error (by job order).
func runJobs(jobs []func() (int, error), workers int) (int, error) {
	counts := make([]int, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				counts[i], errs[i] = jobs[i]()
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	total := 0
	for i := range jobs {
		if errs[i] != nil {
			return total, errs[i]
		}
		total += counts[i]
	}
	return total, nil
}

// mix derives an independent seed from a seed and two numbers (splitmix64).
func mix(seed, a, b uint64) uint64 {
	n := newPixNoise(seed ^ a*0xd1b54a32d192ed03 ^ b*0x8cb92ba72f3d8dd7)
	n.next()
	return n.next()
}

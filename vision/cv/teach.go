package cv

import (
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"gocv.io/x/gocv"
)

// Teach learns a model from dir laid out as DIR/<kind>/<face>/*.png|*.jpg,
// each image showing one die of that kind with that face up, anywhere in
// the frame, at any rotation. It fails with a clear error on a missing
// directory, a kind without face folders, a face folder without images, an
// unreadable image, or an image without exactly one die when its face
// has fewer than minTeachImages others (such images are otherwise left
// out: Model.LeftOut).
func Teach(dir string) (*Model, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTeach, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%w: %s is not a directory (want DIR/<kind>/<face>/*.png)", errTeach, dir)
	}
	kinds, err := subdirs(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTeach, err)
	}
	if len(kinds) == 0 {
		return nil, fmt.Errorf("%w: %s has no <kind> folders (want DIR/<kind>/<face>/*.png)", errTeach, dir)
	}
	m := &Model{Version: ModelVersion, PatchSize: patchSize, Threshold: 0.5}
	// The kinds are learnt in parallel (one rectifier each).
	type kindResult struct {
		cs   []taughtClass
		kc   KindColour
		left []string
		err  error
	}
	res := make([]kindResult, len(kinds))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(kinds)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := newRectifier()
			defer q.Close()
			for k := range work {
				r := &res[k]
				r.cs, r.kc, r.left, r.err = teachKind(q, filepath.Join(dir, kinds[k]), kinds[k])
			}
		}()
	}
	for k := range kinds {
		work <- k
	}
	close(work)
	wg.Wait()
	var xs, vxs [][]float32
	var ys, vys []int
	var vcols [][numCol]float64
	for _, r := range res {
		cs, kc, err := r.cs, r.kc, r.err
		if err != nil {
			return nil, err
		}
		m.leftOut = append(m.leftOut, r.left...)
		for _, c := range cs {
			for _, v := range c.train {
				xs = append(xs, v.desc)
				ys = append(ys, len(m.Classes))
			}
			for _, v := range c.valid {
				vxs = append(vxs, v.desc)
				vys = append(vys, len(m.Classes))
				vcols = append(vcols, v.col)
			}
			m.Classes = append(m.Classes, c.Class)
		}
		m.Colours = append(m.Colours, kc)
	}
	if len(m.Classes) > maxClasses {
		return nil, fmt.Errorf("%w: %d faces in all, at most %d can be taught", errTeach, len(m.Classes), maxClasses)
	}
	w, b, err := fitLDA(xs, ys, len(m.Classes), m.sameArt())
	if err != nil {
		return nil, err
	}
	for i := range m.Classes {
		m.Classes[i].W, m.Classes[i].B = w[i], b[i]
	}
	m.prepare()
	m.findTwins()
	m.calibrate(vxs, vys, vcols)
	return m, nil
}

// teachKind learns the faces of one kind and the kind's body colour: its
// spread is that of the teach images and their augmented variants (light
// level, cast, gradient, glare, blur: the colours a camera may see), the
// spread of its brightness over the ink's at most brightSpreadCap times
// the teach images' (glare and blur move it far, and the reader's kind
// gate widens it fourfold already: a dark die would pass a light kind's).
func teachKind(q *rectifier, dir, kind string) ([]taughtClass, KindColour, []string, error) {
	faces, err := subdirs(dir)
	if err != nil {
		return nil, KindColour{}, nil, fmt.Errorf("%w: %w", errTeach, err)
	}
	if len(faces) == 0 {
		return nil, KindColour{}, nil, fmt.Errorf("%w: kind folder %s has no <face> folders", errTeach, dir)
	}
	var out []taughtClass
	var all, teachCols [][numCol]float64
	var left []string
	for _, face := range faces {
		exs, l, err := teachFace(q, filepath.Join(dir, face), kind+"/"+face)
		if err != nil {
			return nil, KindColour{}, nil, err
		}
		left = append(left, l...)
		c, turns, keep := classOf(kind, face, exs)
		left = append(left, alone(kind+"/"+face, exs, keep)...)
		tc := taughtClass{Class: c}
		for i, e := range exs {
			tc.train = append(tc.train, turned(e.train, turns[i])...)
			tc.valid = append(tc.valid, turned(e.valid, turns[i])...)
		}
		out = append(out, tc)
		for _, e := range exs {
			teachCols = append(teachCols, e.f.col)
			all = append(all, e.f.col)
			for _, v := range e.train {
				all = append(all, v.col)
			}
		}
	}
	kc, tc := kindColour(kind, all), kindColour(kind, teachCols)
	kc.SD[2] = math.Min(kc.SD[2], brightSpreadCap*tc.SD[2])
	return out, kc, left, nil
}

// brightSpreadCap: see teachKind.
const brightSpreadCap = 1.5

// taughtClass is a class with its augmented examples, upright.
type taughtClass struct {
	Class
	train, valid []variant
}

// variant is the descriptor and body colour of one augmented example.
type variant struct {
	desc []float32
	col  [numCol]float64
}

// turned turns the variants' descriptors k quarter turns.
func turned(vs []variant, k int) []variant {
	out := make([]variant, len(vs))
	for i, v := range vs {
		out[i] = variant{desc: rotGrid(v.desc, descN, k), col: v.col}
	}
	return out
}

// teachExample is one teach image: its face's feature, whether the face
// was found square (squareFound) and whole (minTopShare), and its
// variants.
type teachExample struct {
	path          string
	f             feature
	square, whole bool
	train, valid  []variant
}

// squareFound: a face found with sides within this ratio of each other
// was found square, as a die's top face is seen from above. Over the 47
// bench sets' teach images the ratio is at least 0.93 for 87% of them
// (median 0.98); a face found on the glyph alone, or taking in the mat,
// is often longer one way.
const squareFound = 0.93

// minTopShare: a top face found smaller than this share of its die's
// blob (its side) is a part of the glyph, not the face (a Theater die's
// white frames reach near its edges): it is not found whole, and a face
// is not taught from it (reference). Over 4,227 teach images of 18
// bench sets the share's median is 0.80 and its 2nd percentile 0.69; 22
// lie below 0.6, all of Turn Setup dice (most of them Theater dice), and
// each of the 5 looked at was placed on a frame of its glyph.
const minTopShare = 0.6

// classOf builds the class of a face from its examples exs (buildClass).
func classOf(kind, face string, exs []teachExample) (Class, []int, []bool) {
	fs := make([]feature, len(exs))
	square, whole := make([]bool, len(exs)), make([]bool, len(exs))
	for i, e := range exs {
		fs[i], square[i], whole[i] = e.f, e.square, e.whole
	}
	return buildClass(kind, face, fs, square, whole)
}

// alone tells of a face (its examples exs, those its class keeps) taught
// from one image while it had three or more: none of the others lies
// within outlierSSD of its reference, nor of any square one (reference),
// so the face's template is that one image's, however it was found
// (seed 3008's Trick mechanical face without its two images placed right:
// its dice were all read unsure when it was taught so). It lists the
// images left out, each with why (naming the image kept, so the player
// can see whether that one or the others went wrong) and what to do.
func alone(name string, exs []teachExample, keep []bool) []string {
	kept, ref := 0, ""
	for i, k := range keep {
		if k {
			kept, ref = kept+1, filepath.Base(exs[i].path)
		}
	}
	if len(exs) < 3 || kept != 1 {
		return nil
	}
	var out []string
	for i, e := range exs {
		if !keep[i] {
			out = append(out, fmt.Sprintf("%s: unlike %s, the one image %s is taught from (none of its %d other images looks like that one); take the face's images again, each showing the die whole with that face up, or its dice may be read unsure", e.path, ref, name, len(exs)-1))
		}
	}
	return out
}

// CheckFace tells what Teach would say of the images of one face folder,
// DIR/<kind>/<face>: each image left out (not showing one die) or unlike
// the one image the face would be taught from (alone), with why; nil
// when it would say nothing. A photographer can so retake a face's
// images while the die is at hand.
func CheckFace(faceDir string) ([]string, error) {
	kind, face := filepath.Base(filepath.Dir(faceDir)), filepath.Base(faceDir)
	q := newRectifier()
	defer q.Close()
	exs, left, err := teachFace(q, faceDir, kind+"/"+face)
	if err != nil {
		return nil, err
	}
	_, _, keep := classOf(kind, face, exs)
	return append(left, alone(kind+"/"+face, exs, keep)...), nil
}

// noImages is the error of a face folder with no image. One that holds
// folders instead is most likely a kind folder: the directory taught is
// one level too high (the root of a set `dice render` wrote, its teach
// images in teach/).
func noImages(dir string) error {
	sub, _ := subdirs(dir)
	if len(sub) == 0 {
		return fmt.Errorf("%w: face folder %s has no .png or .jpg image", errTeach, dir)
	}
	kind := filepath.Dir(dir)
	return fmt.Errorf("%w: face folder %s holds folders (%s), not images: is the directory taught, %s, one level too high? If %s holds the <kind> folders, teach from it (want DIR/<kind>/<face>/*.png)",
		errTeach, dir, strings.Join(sub, ", "), filepath.Dir(kind), kind)
}

// teachFace learns one face from its folder's images. An image in which
// not exactly one die is found (a black die on a black mat shows only its
// glyph, in pieces) is left out while at least minTeachImages others show
// theirs; the left-out images are returned, each with why.
func teachFace(q *rectifier, dir, name string) ([]teachExample, []string, error) {
	files, err := FaceImages(dir)
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, noImages(dir)
	}
	// Examples whose top face was not found are used only when fewer than
	// two were found.
	var fs, unsure []teachExample
	var left []string
	var firstLeft error
	for i, f := range files {
		ft, ok, err := teachImage(q, f, seedOf(name, i))
		var n notOneDie
		switch {
		case errors.As(err, &n):
			if firstLeft == nil {
				firstLeft = err
			}
			left = append(left, n.Error())
		case err != nil:
			return nil, nil, err
		case ok:
			fs = append(fs, ft)
		default:
			unsure = append(unsure, ft)
		}
	}
	if firstLeft != nil && len(fs)+len(unsure) < minTeachImages {
		return nil, nil, firstLeft
	}
	if len(fs) < 2 {
		fs = append(fs, unsure...)
	}
	return fs, left, nil
}

// FaceImages lists the images Teach reads in a face folder, sorted:
// its .png and .jpg files.
func FaceImages(dir string) ([]string, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTeach, err)
	}
	var files []string
	for _, e := range es {
		if !e.IsDir() && imageExt(e.Name()) {
			files = append(files, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(files)
	return files, nil
}

// minTeachImages: see teachFace.
const minTeachImages = 2

// notOneDie is the error of a teaching image in which not exactly one
// die was found.
type notOneDie struct {
	path string
	n    int
}

func (e notOneDie) Error() string {
	return fmt.Sprintf("%s: found %d dice, want exactly one die per teaching image (on a mat lighter or darker than the die)", e.path, e.n)
}

// teachImage reads the one die of a teaching image; ok tells whether its
// top face was found.
func teachImage(q *rectifier, path string, seed uint64) (ex teachExample, ok bool, err error) {
	frame, err := ReadImageFile(path)
	if err != nil {
		return teachExample{}, false, fmt.Errorf("%w: %w", errTeach, err)
	}
	defer frame.Close()
	solid, mask, scale := teachDice(frame)
	defer mask.Close()
	q.useMask(mask, scale)
	defer q.useMask(gocv.Mat{}, 0)
	if len(solid) != 1 {
		return teachExample{}, false, fmt.Errorf("%w: %w", errTeach, notOneDie{path, len(solid)})
	}
	r, ok := q.refine(frame, solid[0].r)
	ex.path = path
	ex.whole = r.side() >= minTopShare*solid[0].r.side()
	ex.f = featureOf(q.patch(frame, r))
	ex.square = foundSquare(r)
	rng := rand.New(rand.NewPCG(seed, 1))
	ex.train = variants(q, frame, r, augPerImage, rng)
	ex.valid = variants(q, frame, r, validPerImage, rng)
	return ex, ok, nil
}

// teachDice finds the dice of a teaching image as Teach takes them: the
// solid ones, or every one found when none is solid. The caller closes
// the mask (detectMask's).
func teachDice(frame gocv.Mat) ([]found, gocv.Mat, float64) {
	ds, mask, scale := detectMask(frame)
	var solid []found
	for _, d := range ds {
		if d.solid {
			solid = append(solid, d)
		}
	}
	if len(solid) == 0 {
		solid = ds
	}
	return solid, mask, scale
}

// TeachLook is how Teach sees a teaching image.
type TeachLook struct {
	Dice int // the dice it finds as it takes them; it teaches from one
	// Found, Square and Whole tell, of the one die, whether its top
	// face was found, found square (squareFound: seen from above) and
	// whole (minTopShare: not a part of its glyph); a face is taught
	// from the images found so first (reference).
	Found, Square, Whole bool
}

// LookToTeach tells how Teach sees img, so that a photo for teaching can
// be checked before it is kept.
func LookToTeach(img image.Image) (TeachLook, error) {
	frame, err := ToBGR(img)
	if err != nil {
		return TeachLook{}, fmt.Errorf("%w: %w", errTeach, err)
	}
	defer frame.Close()
	solid, mask, scale := teachDice(frame)
	defer mask.Close()
	l := TeachLook{Dice: len(solid)}
	if l.Dice != 1 {
		return l, nil
	}
	q := newRectifier()
	defer q.Close()
	q.useMask(mask, scale)
	defer q.useMask(gocv.Mat{}, 0)
	r, ok := q.refine(frame, solid[0].r)
	l.Found, l.Square, l.Whole = ok, foundSquare(r), r.side() >= minTopShare*solid[0].r.side()
	return l, nil
}

// foundSquare tells whether a top face r was found square (squareFound).
func foundSquare(r rect) bool { return math.Min(r.W, r.H) >= squareFound*math.Max(r.W, r.H) }

// Augmented variants made of each teach image, for learning and for
// setting the confidence scale.
const (
	augPerImage   = 28
	validPerImage = 8
)

// Placement changes of a variant: shift (fraction of the side), size,
// stretch and turn (degrees).
const (
	augShift   = 0.05
	augScaleLo = 0.88
	augScaleHi = 1.10
	augStretch = 0.04
	augTurn    = 7.0
)

// variants makes n augmented variants of the face r of a teach frame: the
// first is the face as found, untouched.
func variants(q *rectifier, frame gocv.Mat, r rect, n int, rng *rand.Rand) []variant {
	out := make([]variant, 0, n)
	aug := make([]byte, 3*patchSize*patchSize)
	for k := 0; k < n; k++ {
		s := r
		if k > 0 {
			side := r.side()
			ux, uy := math.Cos(r.Angle), math.Sin(r.Angle)
			dx, dy := augShift*side*(2*rng.Float64()-1), augShift*side*(2*rng.Float64()-1)
			s.C.X += dx*ux - dy*uy
			s.C.Y += dx*uy + dy*ux
			sc := augScaleLo + (augScaleHi-augScaleLo)*rng.Float64()
			s.W = r.W * sc * (1 + augStretch*(2*rng.Float64()-1))
			s.H = r.H * sc * (1 + augStretch*(2*rng.Float64()-1))
			s.Angle += augTurn * (2*rng.Float64() - 1) * math.Pi / 180
		}
		p := q.patch(frame, s)
		if k > 0 {
			augment(p, aug, rng, teachAugment)
			p = aug
		}
		f := featureOf(p)
		out = append(out, variant{desc: f.desc, col: f.col})
	}
	return out
}

// seedOf is the augmentation seed of teach image i of a class (teaching
// is deterministic).
func seedOf(name string, i int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", name, i)
	return h.Sum64()
}

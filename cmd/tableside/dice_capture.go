package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"tableside/engine/heir"
	"tableside/vision"
	"tableside/vision/cv"
	"tableside/vision/synth"
)

const captureUsage = "usage: tableside dice capture --out DIR [--camera N | --pi | --virtual SEED] [--per-face K] [--academy] [--only KIND[/FACE],...] [--again]"

// teachFace is one face to photograph: a die kind and the face it shows.
type teachFace struct{ kind, face string }

// teachFaces lists every face of the player's dice, each once, in the
// order of the box: the Downtown dice, then the Turn Setup dice (named
// by the slots they cover, as the engine names them), the blue one only
// with the Academy.
func teachFaces(academy bool) []teachFace {
	var out []teachFace
	for _, k := range []string{vision.KindTrick, vision.KindSpecialist, vision.KindApprentice, vision.KindBank} {
		var seen []string
		for _, f := range vision.DowntownFaces[k] {
			if !slices.Contains(seen, f) {
				seen = append(seen, f)
				out = append(out, teachFace{k, f})
			}
		}
	}
	for _, k := range []string{vision.KindSetupDowntown, vision.KindSetupMarketRow, vision.KindSetupDarkAlley, vision.KindSetupAcademy, vision.KindSetupTheater} {
		if k == vision.KindSetupAcademy && !academy {
			continue
		}
		for _, f := range heir.SetupFaces {
			out = append(out, teachFace{k, f})
		}
	}
	return out
}

// only keeps the faces that one of the comma-separated KIND or KIND/FACE
// in list names; a name that matches no face is an error.
func only(fs []teachFace, list string) ([]teachFace, error) {
	if list == "" {
		return fs, nil
	}
	keep := map[teachFace]bool{}
	for _, name := range strings.Split(list, ",") {
		kind, face, one := strings.Cut(strings.TrimSpace(name), "/")
		n := 0
		for _, f := range fs {
			if f.kind == kind && (!one || f.face == face) {
				keep[f] = true
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("--only: no face %q (kinds: trick, specialist, apprentice, bank, setup-downtown, setup-market-row, setup-dark-alley, setup-academy with --academy, setup-theater)", name)
		}
	}
	var out []teachFace
	for _, f := range fs {
		if keep[f] {
			out = append(out, f)
		}
	}
	return out, nil
}

// dieName is how the player knows a die kind.
var dieName = map[string]string{
	vision.KindTrick:          "a Trick die",
	vision.KindSpecialist:     "the Specialist die",
	vision.KindApprentice:     "the Apprentice die",
	vision.KindBank:           "a Bank die",
	vision.KindSetupDowntown:  "the yellow Turn Setup die (Downtown)",
	vision.KindSetupMarketRow: "the orange Turn Setup die (Market Row)",
	vision.KindSetupDarkAlley: "the black Turn Setup die (Dark Alley)",
	vision.KindSetupAcademy:   "the blue Turn Setup die (Academy)",
	vision.KindSetupTheater:   "the red Turn Setup die (Theater)",
}

// upperFirst is s with its first letter upper-case.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// faceName is how the player knows a face: a Turn Setup face by the two
// slots it covers, counted from the left, or the Theater's by its two
// weekdays (heir.SetupFaces).
func faceName(f teachFace) string {
	if !strings.HasPrefix(f.kind, "setup-") {
		return fmt.Sprintf("%q", f.face)
	}
	a, b := int(f.face[0]-'1'), int(f.face[1]-'1')
	if f.kind == vision.KindSetupTheater {
		days := []string{"Thursday", "Friday", "Saturday", "Sunday"}
		return fmt.Sprintf("the face covering %s and %s (%q)", days[a], days[b], f.face)
	}
	return fmt.Sprintf("the face covering slots %d and %d from the left (%q)", a+1, b+1, f.face)
}

// diceCapture photographs the player's dice for teaching, face by face,
// into the directory `dice teach` reads.
func diceCapture(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dice capture", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "`DIR` to keep the photos in, as DIR/<kind>/<face>/NNN.png (required)")
	cf := newCameraFlags(fs, "photograph with", "photograph with the virtual camera, which films the die asked for, rendered from `SEED`")
	perFace := fs.Int("per-face", 5, "photos of each face (dice teach needs 2 or more; with fewer than 5 a face is taught less surely)")
	academy := fs.Bool("academy", false, "also the blue Turn Setup die of Dahlgaard's Academy")
	list := fs.String("only", "", "only these kinds or faces, comma-separated (`KIND[/FACE],...`, e.g. bank or setup-theater/23)")
	again := fs.Bool("again", false, "take the faces' photos anew, those already taken moved into the face's .retaken folder once its first new photo is kept")
	fs.Usage = func() {
		fmt.Fprintln(stderr, captureUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 || !cf.valid() || *perFace < 1 {
		fs.Usage()
		return 2
	}
	faces, err := only(teachFaces(*academy), *list)
	if err != nil {
		fmt.Fprintf(stderr, "dice capture: %v\n", err)
		return 2
	}
	seed, virtual := cf.virtualSeed()
	ph := &photographer{film: virtualFilm(seed)}
	if !virtual {
		cam, err := cf.open("dice capture", stderr)
		if err != nil {
			fmt.Fprintf(stderr, "dice capture: %v\n", err)
			return 1
		}
		defer cam.Close()
		ph.cam = cam
	}
	c := capture{ph: ph, dir: *out, perFace: *perFace, again: *again, in: bufio.NewScanner(stdin), out: stdout}
	err = c.run(faces)
	c.summary(faces)
	if err != nil {
		fmt.Fprintf(stderr, "dice capture: %v (the photos taken are kept: run again to go on)\n", err)
		return 1
	}
	return 0
}

// photographer takes the photos: with one real camera, or with a virtual
// camera for each photo (film).
type photographer struct {
	cam   vision.Source                                   // a real camera; nil: film
	film  func(f teachFace, n int) (vision.Source, error) // a camera for photo n of f
	tries map[teachFace]int
}

// virtualFilm films photo n of a face with the virtual camera: the die
// asked for (a player who always puts the right die under the camera),
// drawn from seed, the face's name and n, so a face's photos are the same
// however many faces are photographed before it.
func virtualFilm(seed uint64) func(teachFace, int) (vision.Source, error) {
	return func(f teachFace, n int) (vision.Source, error) {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d/%s/%s/%d", seed, f.kind, f.face, n)
		s := h.Sum64()
		return synth.NewVirtualCamera(s, synth.TeachOptions(s, f.kind, f.face, cv.FrameWidth, cv.FrameHeight))
	}
}

// photo waits for the picture to stand still and returns its last frame.
func (p *photographer) photo(f teachFace) (image.Image, error) {
	src := p.cam
	if src == nil {
		if p.tries == nil {
			p.tries = map[teachFace]int{}
		}
		vc, err := p.film(f, p.tries[f])
		p.tries[f]++
		if err != nil {
			return nil, err
		}
		defer vc.Close()
		src = vc
	} else {
		// A camera keeps the frames it took while nobody read it: they
		// may show the die before the last one.
		for range 5 {
			if _, err := src.Frame(); err != nil {
				return nil, err
			}
		}
	}
	fs, err := vision.StillFrames(src, vision.StillOptions{})
	if err != nil {
		return nil, err
	}
	return fs[len(fs)-1], nil
}

// capture is one photographing session: the player answers each prompt
// on in (Enter: take the photo, s: skip the face, q or the end of the
// input: stop).
type capture struct {
	ph      *photographer
	dir     string
	perFace int
	again   bool // photos already taken are taken anew
	in      *bufio.Scanner
	out     io.Writer
	taken   int
}

// errStop: the player stopped.
var errStop = errors.New("stopped")

// run takes the photos each face still needs.
func (c *capture) run(faces []teachFace) error {
	fmt.Fprintf(c.out, "Photos for teaching go into %s/<kind>/<face>/, %d of each face. Put one die at a time under the camera, on the mat you play on, and turn and move it a little between photos.\n", c.dir, c.perFace)
	fmt.Fprintln(c.out, "Enter takes a photo, s skips the face, q stops (the photos taken are kept; run again to go on).")
	for _, f := range faces {
		err := c.face(f)
		if errors.Is(err, errStop) {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// face takes the photos face f still needs, then, if it took any, tells
// what dice teach would say of the face's photos (CheckFace) and offers
// to take them again.
func (c *capture) face(f teachFace) error {
	fdir := filepath.Join(c.dir, f.kind, f.face)
	var old []string // the photos to take anew
	if c.again {
		old = photos(fdir)
	}
	for {
		took, err := c.shoot(f, fdir, &old)
		if err != nil || !took {
			return err
		}
		again, err := c.check(fdir)
		if err != nil || !again {
			return err
		}
	}
}

// shoot takes the photos face f still needs, the old ones not counted
// (moved aside once the first new one is kept); took tells whether it
// took any.
func (c *capture) shoot(f teachFace, fdir string, old *[]string) (took bool, err error) {
	for k := len(photos(fdir)) - len(*old); k < c.perFace; {
		fmt.Fprintf(c.out, "%s, %s up: photo %d of %d > ", upperFirst(dieName[f.kind]), faceName(f), k+1, c.perFace)
		switch a, err := c.answer(); {
		case err != nil:
			return took, err
		case a == "s":
			return took, nil
		case a != "":
			fmt.Fprintln(c.out, "  Enter takes the photo, s skips this face, q stops")
			continue
		}
		ok, err := c.take(f, fdir, old)
		if err != nil {
			return took, err
		}
		if ok {
			k++
			took = true
		}
	}
	return took, nil
}

// answer reads the player's answer; q or the end of the input is errStop.
func (c *capture) answer() (string, error) {
	if !c.in.Scan() {
		fmt.Fprintln(c.out)
		return "", errStop
	}
	a := strings.TrimSpace(c.in.Text())
	if a == "q" {
		return "", errStop
	}
	return a, nil
}

// check tells what dice teach would say of the photos in fdir, if
// anything, and asks whether to take them again; if so (again), they are
// moved aside into fdir/.retaken, where teaching does not look.
func (c *capture) check(fdir string) (again bool, err error) {
	msgs, err := cv.CheckFace(fdir)
	if err != nil {
		fmt.Fprintf(c.out, "  (these photos could not be checked: %v)\n", err)
		return false, nil
	}
	if len(msgs) == 0 {
		return false, nil
	}
	fmt.Fprintln(c.out, "  dice teach would say of these photos:")
	for _, m := range msgs {
		fmt.Fprintf(c.out, "    %s\n", m)
	}
	for {
		fmt.Fprintf(c.out, "  r takes this face's photos again (those taken go into %s), Enter keeps them > ", filepath.Join(fdir, retaken))
		switch a, err := c.answer(); {
		case err != nil:
			return false, err
		case a == "":
			return false, nil
		case a == "r":
			return true, moveAside(fdir, photos(fdir))
		}
	}
}

// retaken is the folder, in a face folder, of the photos taken again.
const retaken = ".retaken"

// moveAside moves the photos ps of fdir into fdir/.retaken, each under a
// name not taken there yet.
func moveAside(fdir string, ps []string) error {
	dst := filepath.Join(fdir, retaken)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, p := range ps {
		to := filepath.Join(dst, filepath.Base(p))
		for i := 2; ; i++ {
			if _, err := os.Stat(to); os.IsNotExist(err) {
				break
			}
			to = filepath.Join(dst, fmt.Sprintf("%d-%s", i, filepath.Base(p)))
		}
		if err := os.Rename(p, to); err != nil {
			return err
		}
	}
	return nil
}

// take photographs f and keeps the photo in fdir if it shows one die,
// first moving the old photos aside; ok tells whether it was kept.
func (c *capture) take(f teachFace, fdir string, old *[]string) (ok bool, err error) {
	img, err := c.ph.photo(f)
	if errors.Is(err, vision.ErrNotStill) {
		fmt.Fprintln(c.out, "  the picture kept moving: hold the camera still, and press Enter again")
		return false, nil
	}
	if err != nil {
		return false, err
	}
	look, ok, err := c.oneDie(f, img)
	if !ok || err != nil {
		return false, err
	}
	if len(*old) > 0 {
		if err := moveAside(fdir, *old); err != nil {
			return false, err
		}
		*old = nil
	}
	path, err := keep(fdir, img)
	if err != nil {
		return false, err
	}
	fmt.Fprintf(c.out, "  kept %s\n", path)
	if !look.Found || !look.Square || !look.Whole {
		fmt.Fprintln(c.out, "  (its top face was not seen square and whole: the camera straight above the die teaches best)")
	}
	c.taken++
	return true, nil
}

// oneDie tells how dice teach sees img, and whether it finds one die
// there; if not, what to do.
func (c *capture) oneDie(f teachFace, img image.Image) (cv.TeachLook, bool, error) {
	l, err := cv.LookToTeach(img)
	n := l.Dice
	switch {
	case err != nil:
		return l, false, err
	case n == 0:
		fmt.Fprintf(c.out, "  found no die: put %s under the camera, on a mat lighter or darker than the die, and press Enter again\n", dieName[f.kind])
	case n > 1:
		fmt.Fprintf(c.out, "  found %d dice: leave only %s under the camera, on a mat lighter or darker than the die, and press Enter again\n", n, dieName[f.kind])
	}
	return l, n == 1, nil
}

// photos lists the images in fdir that dice teach reads (none when it
// does not exist).
func photos(fdir string) []string {
	ps, _ := cv.FaceImages(fdir)
	return ps
}

// keep writes img into fdir as the first NNN.png not taken yet.
func keep(fdir string, img image.Image) (string, error) {
	if err := os.MkdirAll(fdir, 0o755); err != nil {
		return "", err
	}
	for i := 0; ; i++ {
		path := filepath.Join(fdir, fmt.Sprintf("%03d.png", i))
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		if err := png.Encode(f, img); err != nil {
			f.Close()
			os.Remove(path)
			return "", err
		}
		return path, f.Close()
	}
}

// summary tells what was taken and what is left to take.
func (c *capture) summary(faces []teachFace) {
	var short []string
	for _, f := range faces {
		if len(photos(filepath.Join(c.dir, f.kind, f.face))) < 2 {
			short = append(short, f.kind+"/"+f.face)
		}
	}
	fmt.Fprintf(c.out, "%d %s taken.\n", c.taken, plural(c.taken, "photo", "photos"))
	if len(short) > 0 {
		fmt.Fprintf(c.out, "Fewer than 2 photos (run again to take them; a face left out is never read): %s\n", strings.Join(short, " "))
	}
	fmt.Fprintf(c.out, "Teach with: tableside dice teach --out MODEL %s\n", c.dir)
}

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"tableside/vision"
	"tableside/vision/cv"
	"tableside/vision/synth"
)

func init() {
	register("dice", "photograph, teach, read, watch, render and benchmark the dice reader", diceMainIn)
}

// diceMain runs `tableside dice SUBCOMMAND ...` with no input.
func diceMain(args []string, stdout, stderr io.Writer) int {
	return diceMainIn(args, strings.NewReader(""), stdout, stderr)
}

const diceUsage = `usage:
  tableside dice capture --out DIR [--camera N | --pi | --virtual SEED] [--per-face K] [--academy] [--only KIND[/FACE],...] [--again]
  tableside dice teach --out MODEL DIR        learn faces from DIR/<kind>/<face>/*.png|*.jpg
  tableside dice read --model MODEL [--json] IMAGE...
  tableside dice render --seed N --out DIR [--count K]
  tableside dice bench [--live] [--seed N] [--sets K] [--frames K]
  tableside dice watch --model MODEL [--camera N | --pi | --virtual SEED] [--rolls K] [--readers K] [--json]`

// diceMainIn runs `tableside dice SUBCOMMAND ...`, the player's answers
// (dice capture's) read from stdin.
func diceMainIn(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, diceUsage)
		return 2
	}
	switch args[0] {
	case "teach":
		return diceTeach(args[1:], stdout, stderr)
	case "read":
		return diceRead(args[1:], stdout, stderr)
	case "render":
		return diceRender(args[1:], stdout, stderr)
	case "bench":
		return diceBench(args[1:], stdout, stderr)
	case "watch":
		return diceWatch(args[1:], stdout, stderr)
	case "capture":
		return diceCapture(args[1:], stdin, stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, diceUsage)
		return 0
	}
	fmt.Fprintf(stderr, "dice: unknown subcommand %q\n%s\n", args[0], diceUsage)
	return 2
}

func diceTeach(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dice teach", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "model file to write (required)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tableside dice teach --out MODEL DIR   (DIR/<kind>/<face>/*.png|*.jpg, one die per image)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	start := time.Now()
	m, err := cv.Teach(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "dice teach: %v\n", err)
		return 1
	}
	if err := m.Save(*out); err != nil {
		fmt.Fprintf(stderr, "dice teach: %v\n", err)
		return 1
	}
	for _, l := range m.LeftOut() {
		fmt.Fprintf(stderr, "dice teach: left out %s\n", l)
	}
	fmt.Fprintf(stdout, "taught %d faces of %d kinds in %.1f s; model written to %s\n",
		len(m.Classes), len(m.Kinds()), time.Since(start).Seconds(), *out)
	return 0
}

func diceRead(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dice read", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "model file written by `dice teach` (required)")
	asJSON := fs.Bool("json", false, "one JSON object per image")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tableside dice read --model MODEL [--json] IMAGE...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *model == "" || fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	m, err := cv.Load(*model)
	if err != nil {
		fmt.Fprintf(stderr, "dice read: %v\n", err)
		return 1
	}
	r := cv.NewReader(m)
	defer r.Close()
	code := 0
	enc := json.NewEncoder(stdout)
	for _, path := range fs.Args() {
		rd, err := r.ReadFile(path)
		rd.Image = path
		if rd.Dice == nil {
			rd.Dice = []vision.Die{}
		}
		if err != nil && !errors.Is(err, vision.ErrNoDice) {
			fmt.Fprintf(stderr, "dice read: %v\n", err)
			code = 1
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "dice read: %s: no dice found\n", path)
		}
		if *asJSON {
			if err := enc.Encode(rd); err != nil {
				fmt.Fprintf(stderr, "dice read: %v\n", err)
				return 1
			}
			continue
		}
		printReading(stdout, rd)
	}
	return code
}

func printReading(w io.Writer, rd vision.Reading) {
	fmt.Fprintf(w, "%s: %d dice in %.1f ms\n", rd.Image, len(rd.Dice), rd.Millis)
	for _, d := range rd.Dice {
		face := d.Face
		if d.Unsure {
			face = "(unsure)"
		}
		fmt.Fprintf(w, "  %-18s %-12s %4.2f  at %4d,%-4d size %d\n", d.Kind, face, d.Confidence, d.X, d.Y, d.Size)
	}
}

func diceBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dice bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the rendered teach and test sets")
	sets := fs.Int("sets", 1, "bench this many sets, seeds N, N+1, ..., and report them together with 95% intervals")
	frames := fs.Int("frames", 200, "test frames of 11 dice (200 → 2,200 dice)")
	keep := fs.String("dir", "", "render into this directory and keep it (default: a temporary one; with --sets, a subdirectory seed-N each)")
	errs := fs.Int("errors", 20, "list at most this many confident errors, misses and extra dice (and as many unsure dice, each with its best guess)")
	reuse := fs.Bool("reuse", false, "--dir already holds the rendered set: teach and read it without rendering")
	live := fs.Bool("live", false, "read as the appliance will: film rolls with the virtual camera and read each from one still frame and by vision.Still (its last still frames voted); --frames is the rolls per set, and only the teach set is rendered")
	readers := fs.Int("readers", 1, "with --live: read each roll's still frames with this many readers side by side, a core each")
	mjpeg := fs.Bool("mjpeg", false, "with --live: the camera sends JPEG frames, as a USB camera's MJPEG, at the test frames' qualities (60-95)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *frames < 1 || *sets < 1 || *readers < 1 || fs.NArg() > 0 || (*reuse && *keep == "") || ((*readers > 1 || *mjpeg) && !*live) {
		fmt.Fprintln(stderr, "usage: tableside dice bench [--live [--readers K] [--mjpeg]] [--seed N] [--sets K] [--frames K] [--dir DIR [--reuse]] [--errors E]")
		return 2
	}
	dir := *keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "tableside-bench-")
		if err != nil {
			fmt.Fprintf(stderr, "dice bench: %v\n", err)
			return 1
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	var err error
	switch {
	case *live:
		err = runLive(dir, *seed, *sets, *frames, *readers, *errs, *mjpeg, *reuse, stdout)
	case *sets > 1:
		err = runBenchSets(dir, *seed, *sets, *frames, *errs, *reuse, stdout)
	default:
		err = runBench(dir, *seed, *frames, *errs, *reuse, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "dice bench: %v\n", err)
		return 1
	}
	return 0
}

// runBench renders, teaches, reads and reports one set.
func runBench(dir string, seed uint64, frames, maxErrs int, reuse bool, w io.Writer) error {
	tally := cv.NewTally()
	bt, err := benchSet(dir, seed, frames, reuse, w, tally)
	if err != nil {
		return err
	}
	tally.Report(w)
	bt.report(w)
	listUpTo(w, tally.Errors, maxErrs)
	listUpTo(w, tally.Misreads, maxErrs)
	return nil
}

// runBenchSets benches sets seeds seed, seed+1, ... (each in
// dir/seed-N), a line each, then reports them together: the rates over
// all their dice with 95% intervals, which say more of a set never seen
// than any one set does.
func runBenchSets(dir string, seed uint64, sets, frames, maxErrs int, reuse bool, w io.Writer) error {
	total := cv.NewTally()
	var bt benchTimes
	var log setLog
	for i := range sets {
		s := seed + uint64(i)
		tally := cv.NewTally()
		fmt.Fprintf(w, "seed %d:\n", s)
		t, err := benchSet(filepath.Join(dir, fmt.Sprintf("seed-%d", s)), s, frames, reuse, w, tally, total)
		if err != nil {
			return fmt.Errorf("seed %d: %w", s, err)
		}
		bt.add(t)
		fmt.Fprintf(w, "  %s\n", tally.Short())
		log.add(s, tally)
	}
	fmt.Fprintf(w, "all %d sets (seeds %d to %d):\n", sets, seed, seed+uint64(sets)-1)
	total.Report(w)
	fmt.Fprintf(w, "over all %d sets:\n", sets)
	total.ReportIntervals(w)
	log.reportTargets(w, "", sets)
	bt.report(w)
	log.list(w, maxErrs)
	return nil
}

// setLog gathers, set by set, the sets short of an accuracy target and
// their errors and misreads, each named by its seed.
type setLog struct {
	below, errs, misreads []string
}

// add logs the tally of the set of seed s.
func (l *setLog) add(s uint64, t *cv.Tally) {
	if m := t.MissedTargets(); len(m) > 0 {
		l.below = append(l.below, fmt.Sprintf("seed %d (%s)", s, strings.Join(m, ", ")))
	}
	l.errs = append(l.errs, prefixed(fmt.Sprintf("seed %d ", s), t.Errors)...)
	l.misreads = append(l.misreads, prefixed(fmt.Sprintf("seed %d ", s), t.Misreads)...)
}

// reportTargets writes how many of sets meet every accuracy target
// (which: what was tallied, "" or " (voted)"), naming those short of one.
func (l *setLog) reportTargets(w io.Writer, which string, sets int) {
	fmt.Fprintf(w, "sets meeting every accuracy target%s: %d of %d", which, sets-len(l.below), sets)
	if len(l.below) > 0 {
		fmt.Fprintf(w, "; short of a target: %s", strings.Join(l.below, "; "))
	}
	fmt.Fprintln(w)
}

// list writes at most maxErrs errors and as many misreads.
func (l *setLog) list(w io.Writer, maxErrs int) {
	listUpTo(w, l.errs, maxErrs)
	listUpTo(w, l.misreads, maxErrs)
}

// benchSet renders the set of seed into dir (unless reuse), teaches on
// it, reads its test frames into every tally, and gives each frame's
// read time (ms), placements classified and time by stage.
func benchSet(dir string, seed uint64, frames int, reuse bool, w io.Writer, tallies ...*cv.Tally) (benchTimes, error) {
	var bt benchTimes
	m, err := setModel(dir, seed, synth.SetOptions{Count: frames}, reuse, "test", w)
	if err != nil {
		return bt, err
	}
	r := cv.NewReader(m)
	defer r.Close()
	paths, _ := filepath.Glob(filepath.Join(dir, "test", "*.jpg"))
	sort.Strings(paths)
	if len(paths) > frames {
		paths = paths[:frames]
	}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	for _, p := range paths {
		tr, err := synth.LoadTruth(strings.TrimSuffix(p, filepath.Ext(p)) + ".json")
		if err != nil {
			return bt, err
		}
		frame, err := cv.ReadImageFile(p)
		if err != nil {
			return bt, err
		}
		bt.addSize(fmt.Sprintf("%dx%d", frame.Cols(), frame.Rows()))
		rd, err := r.ReadMat(frame)
		frame.Close()
		if err != nil && !errors.Is(err, vision.ErrNoDice) {
			return bt, err
		}
		rd.Image = filepath.Base(p)
		bt.ms = append(bt.ms, rd.Millis)
		bt.ns = append(bt.ns, float64(r.Classifications()))
		bt.stages = append(bt.stages, r.StageTimes())
		for _, t := range tallies {
			t.AddPlaced(tr, rd, r.Placements())
		}
	}
	return bt, nil
}

// setModel renders the set of seed into dir as so asks (unless reuse:
// then dir must hold its folder need already), teaches on it and keeps
// the model (benchModel).
func setModel(dir string, seed uint64, so synth.SetOptions, reuse bool, need string, w io.Writer) (*cv.Model, error) {
	t0 := time.Now()
	if reuse {
		if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
			return nil, fmt.Errorf("%s holds no rendered set (run once without --reuse to render it): %w", dir, err)
		}
		return benchModel(dir, w)
	}
	sum, err := synth.WriteSetWith(dir, seed, so)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "rendered %d teach images (%d faces) and %d test frames (%d dice) in %.1f s\n",
		sum.TeachImages, sum.Faces, sum.TestFrames, sum.TestDice, time.Since(t0).Seconds())
	return benchModel(dir, w)
}

// benchModel teaches on dir/teach, saves the model as dir/model.bin and
// loads it back, reporting the time to teach and to load.
func benchModel(dir string, w io.Writer) (*cv.Model, error) {
	t0 := time.Now()
	m, err := cv.Teach(filepath.Join(dir, "teach"))
	if err != nil {
		return nil, err
	}
	teach := time.Since(t0)
	for _, l := range m.LeftOut() {
		fmt.Fprintf(w, "teach left out %s\n", l)
	}
	// Each run saves and loads a model of its own, kept as DIR/model.bin
	// after (runs on one DIR at once do not read each other's model).
	f, err := os.CreateTemp(dir, "model-*.bin")
	if err != nil {
		return nil, err
	}
	f.Close()
	model := f.Name()
	defer os.Remove(model)
	if err := m.Save(model); err != nil {
		return nil, err
	}
	t0 = time.Now()
	if m, err = cv.Load(model); err != nil {
		return nil, err
	}
	load := time.Since(t0)
	st, _ := os.Stat(model)
	if err := os.Rename(model, filepath.Join(dir, "model.bin")); err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "teach %.2f s; model %d bytes, load %.2f ms\n", teach.Seconds(), st.Size(), float64(load.Microseconds())/1000)
	return m, nil
}

// prefixed is lines, each after prefix.
func prefixed(prefix string, lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = prefix + l
	}
	return out
}

// listUpTo writes at most max lines, and how many more there are.
func listUpTo(w io.Writer, lines []string, max int) {
	for i, e := range lines {
		if i >= max {
			fmt.Fprintf(w, "... %d more\n", len(lines)-max)
			return
		}
		fmt.Fprintln(w, "  "+e)
	}
}

func benchPct(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q * float64(len(sorted)-1))
	return sorted[i]
}

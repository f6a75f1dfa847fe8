package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"

	"tableside/vision"
	"tableside/vision/cv"
	"tableside/vision/synth"
)

const watchUsage = "usage: tableside dice watch --model MODEL [--camera N | --pi | --virtual SEED] [--rolls K] [--readers K] [--json]"

// watchSource is where dice watch films: a camera, or the virtual camera
// with its own truth (virtual is nil for a camera).
type watchSource struct {
	src     vision.Source
	virtual *synth.VirtualCamera
}

// diceWatch reads the dice roll after roll from a live camera, as the
// appliance will: it waits for the dice to stand still, reads and votes
// its still frames, prints the reading, and waits for the next roll.
func diceWatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dice watch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "`MODEL` file written by dice teach (required)")
	cf := newCameraFlags(fs, "read", "read the virtual camera: it films rendered dice on a mat and under a light drawn from `SEED`, and throws them again after each reading (teach from a set of dice render, or of dice capture --virtual)")
	rolls := fs.Int("rolls", 0, "stop after this many rolls (0: read until interrupted, Ctrl-C)")
	asJSON := fs.Bool("json", false, "one JSON object per roll, as dice read --json gives per image")
	readers := fs.Int("readers", min(runtime.NumCPU(), 3), "read a roll's three still frames with this many readers side by side, a core each (the reading is the same; only its time differs)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, watchUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *model == "" || fs.NArg() > 0 || !cf.valid() || *rolls < 0 || *readers < 1 {
		fs.Usage()
		return 2
	}
	m, err := cv.Load(*model)
	if err != nil {
		fmt.Fprintf(stderr, "dice watch: %v\n", err)
		return 1
	}
	ws, err := openWatchSource(cf, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "dice watch: %v\n", err)
		return 1
	}
	defer ws.src.Close()
	rs := make([]vision.Reader, *readers)
	for i := range rs {
		r := cv.NewReader(m)
		defer r.Close()
		rs[i] = r
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return watchRolls(ctx, ws, rs, *rolls, *asJSON, stdout, stderr)
}

// cameraFlags are the flags that name the camera a command films with:
// --camera N, --pi or --virtual SEED, at most one (USB camera 0 when
// none).
type cameraFlags struct {
	fs      *flag.FlagSet
	camera  *int
	pi      *bool
	virtual *uint64
}

// newCameraFlags defines the camera flags on fs, their help saying what
// the command does with the camera (verb) and with the virtual one.
func newCameraFlags(fs *flag.FlagSet, verb, virtualHelp string) cameraFlags {
	return cameraFlags{fs: fs,
		camera:  fs.Int("camera", 0, verb+" the USB camera /dev/video`N` (the camera used when none is named)"),
		pi:      fs.Bool("pi", false, verb+" the Raspberry Pi camera (libcamera, through GStreamer)"),
		virtual: fs.Uint64("virtual", 0, virtualHelp),
	}
}

// set tells whether the flag name was given (after fs.Parse).
func (c cameraFlags) set(name string) bool {
	given := false
	c.fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// valid tells whether the flags name at most one camera, and a USB one
// by a number 0 or more.
func (c cameraFlags) valid() bool {
	n := 0
	for _, given := range []bool{c.set("camera"), *c.pi, c.set("virtual")} {
		if given {
			n++
		}
	}
	return n <= 1 && *c.camera >= 0
}

// virtualSeed is the virtual camera's seed, and whether it was asked for.
func (c cameraFlags) virtualSeed() (uint64, bool) { return *c.virtual, c.set("virtual") }

// open opens the Pi camera or the USB camera the flags name, asking it
// for cv.FrameWidth×cv.FrameHeight frames; a camera that gives another
// size is told on stderr, after cmd's name.
func (c cameraFlags) open(cmd string, stderr io.Writer) (*cv.Camera, error) {
	var cam *cv.Camera
	var err error
	if *c.pi {
		cam, err = cv.OpenPiCamera(cv.FrameWidth, cv.FrameHeight)
	} else {
		cam, err = cv.OpenCamera(*c.camera, cv.FrameWidth, cv.FrameHeight)
	}
	if err != nil {
		return nil, err
	}
	if w, h := cam.Size(); w != cv.FrameWidth || h != cv.FrameHeight {
		fmt.Fprintln(stderr, cmd+": "+sizeWarning(w, h))
	}
	return cam, nil
}

// openWatchSource opens the camera the flags name, the virtual one with
// its truth.
func openWatchSource(cf cameraFlags, stderr io.Writer) (watchSource, error) {
	if seed, ok := cf.virtualSeed(); ok {
		cam, err := synth.NewVirtualCamera(seed, synth.RandomOptions(seed, 0, cv.FrameWidth, cv.FrameHeight))
		return watchSource{cam, cam}, err
	}
	cam, err := cf.open("dice watch", stderr)
	if err != nil {
		return watchSource{}, err
	}
	return watchSource{src: cam}, nil
}

// sizeWarning tells the player what a camera giving w×h frames, not the
// 1280×720 asked for, means for reading.
func sizeWarning(w, h int) string {
	if w*h > cv.FrameWidth*cv.FrameHeight {
		return fmt.Sprintf("the camera gives %d×%d frames, not %d×%d: they read as well, more slowly", w, h, cv.FrameWidth, cv.FrameHeight)
	}
	return fmt.Sprintf("the camera gives %d×%d frames, not the %d×%d asked for: the dice look smaller and read less surely; "+
		"bring the camera closer to the dice, or use a camera that gives %d×%d (v4l2-ctl --list-formats-ext lists its sizes)",
		w, h, cv.FrameWidth, cv.FrameHeight, cv.FrameWidth, cv.FrameHeight)
}

// watchRolls reads rolls with readers rs (side by side) until rolls are
// read (0: until ctx ends) and prints each; the virtual camera's dice are
// thrown again after each reading, each roll's truth told and all rolls'
// at the end. A camera that goes ends it with code 1, every roll read so
// far already printed.
func watchRolls(ctx context.Context, ws watchSource, rs []vision.Reader, rolls int, asJSON bool, stdout, stderr io.Writer) int {
	w := vision.NewRolls(ws.src, rs[0], vision.StillOptions{Readers: rs[1:]})
	enc := json.NewEncoder(stdout)
	truth := stdout
	if asJSON {
		truth = stderr // stdout stays JSON
	}
	all := cv.NewTally()
	if ws.virtual != nil {
		defer func() { fmt.Fprintf(truth, "all rolls against the virtual camera's truth: %s\n", all.Short()) }()
	}
	for n := 1; rolls == 0 || n <= rolls; {
		rd, err := w.Next(ctx)
		switch {
		case ctx.Err() != nil:
			return 0
		case errors.Is(err, vision.ErrNotStill):
			fmt.Fprintln(stderr, "dice watch: the picture keeps moving; still waiting for the dice to lie still")
			continue
		case errors.Is(err, vision.ErrNoDice):
			fmt.Fprintf(stderr, "dice watch: roll %d: no dice found\n", n)
		case err != nil:
			fmt.Fprintf(stderr, "dice watch: %v\n", err)
			return 1
		}
		rd.Image = fmt.Sprintf("roll %d", n)
		if rd.Dice == nil {
			rd.Dice = []vision.Die{}
		}
		if asJSON {
			if err := enc.Encode(rd); err != nil {
				fmt.Fprintf(stderr, "dice watch: %v\n", err)
				return 1
			}
		} else {
			printReading(stdout, rd)
			if k := unsure(rd); k > 0 {
				fmt.Fprintf(stdout, "  %s: nudge %s or move the light, and the roll is read again\n", plural(k, "1 die unsure", fmt.Sprintf("%d dice unsure", k)), plural(k, "it", "them"))
			}
		}
		if ws.virtual != nil {
			throwAgain(ws.virtual, rd, truth, all)
		}
		n++
	}
	return 0
}

// throwAgain tells w how the virtual camera's roll was read against its
// truth, adds it to all, and throws the dice again, the camera shaken as
// a hand gathers them.
func throwAgain(cam *synth.VirtualCamera, rd vision.Reading, w io.Writer, all *cv.Tally) {
	t := cv.NewTally()
	t.Add(cam.Truth(), rd)
	all.Add(cam.Truth(), rd)
	fmt.Fprintf(w, "  against the virtual camera's truth: %s\n", t.Short())
	if _, err := cam.Roll(); err == nil {
		cam.Shake(8)
	}
}

// unsure counts the dice of rd read unsure.
func unsure(rd vision.Reading) int {
	k := 0
	for _, d := range rd.Dice {
		if d.Unsure {
			k++
		}
	}
	return k
}

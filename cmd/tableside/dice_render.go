package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"tableside/vision/synth"
)

// diceRender implements `tableside dice render --seed N --out DIR [--count K]`:
// it writes a synthetic teach set (DIR/teach/<kind>/<face>/*.png, one die
// each) and K test frames with ground truth (DIR/test/*.jpg + *.json).
func diceRender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dice render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "random seed: the same seed writes the same pictures")
	out := fs.String("out", "", "directory to write teach/ and test/ into (required)")
	count := fs.Int("count", 200, "number of 1280×720 test frames (11 dice each); 0 for none")
	perFace := fs.Int("per-face", 5, "teach images per die kind and face")
	size := fs.String("size", "1280x720", "test frame size WxH (1280x720 or 1920x1080)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tableside dice render --seed N --out DIR [--count K] [--per-face P] [--size WxH]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w < 320 || h < 240 {
		fmt.Fprintf(stderr, "dice render: bad --size %q, want WxH such as 1280x720\n", *size)
		return 2
	}
	if *perFace < 1 || *count < 0 {
		fmt.Fprintln(stderr, "dice render: --per-face must be ≥ 1 and --count ≥ 0")
		return 2
	}
	so := synth.SetOptions{PerFace: *perFace, Count: *count, TestW: w, TestH: h}
	if *count == 0 {
		so.Count = -1
	}
	start := time.Now()
	sum, err := synth.WriteSetWith(*out, *seed, so)
	if err != nil {
		fmt.Fprintf(stderr, "dice render: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "dice render: wrote %d teach images (%d faces × %d) and %d test frames with %d dice to %s in %.1fs\n",
		sum.TeachImages, sum.Faces, *perFace, sum.TestFrames, sum.TestDice, *out, time.Since(start).Seconds())
	return 0
}

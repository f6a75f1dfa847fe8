package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiceBenchSets: "dice bench --sets K" benches seeds N to N+K-1, each
// in DIR/seed-N with its model kept, a line each, then all their dice
// together with 95% intervals and how many sets meet every target.
func TestDiceBenchSets(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and teaches two sets")
	}
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := diceMain([]string{"bench", "--seed", "7", "--sets", "2", "--frames", "2", "--dir", dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, s := range []string{"seed-7", "seed-8"} {
		if _, err := os.Stat(filepath.Join(dir, s, "model.bin")); err != nil {
			t.Errorf("%s: no model kept: %v", s, err)
		}
	}
	for _, want := range []string{"seed 7:\n", "seed 8:\n", "  22 dice: correct faces", "all 2 sets (seeds 7 to 8):\n44 dice in 4 frames",
		"over all 2 sets:\n  correct faces ", "(95% interval ", "sets meeting every accuracy target: ", "read time per 1280x720 frame",
		"read time by stage, share of all frames' time (in brackets: of the ", "detect ", "placeAgain "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	// A set rendered at 1920x1080 is timed as such.
	seed7 := filepath.Join(dir, "seed-7")
	if code := diceMain([]string{"render", "--seed", "7", "--count", "2", "--size", "1920x1080", "--out", seed7}, &out, &errOut); code != 0 {
		t.Fatalf("render: exit %d: %s", code, errOut.String())
	}
	out.Reset()
	if code := diceMain([]string{"bench", "--seed", "7", "--frames", "2", "--dir", seed7, "--reuse"}, &out, &errOut); code != 0 {
		t.Fatalf("bench --reuse: exit %d: %s", code, errOut.String())
	}
	if want := "read time per 1920x1080 frame"; !strings.Contains(out.String(), want) {
		t.Errorf("no %q in:\n%s", want, out.String())
	}
}

// TestDiceBenchUsage: a count of sets, frames or readers below one is a
// usage error, as are --reuse without --dir and more readers or --mjpeg
// without --live.
func TestDiceBenchUsage(t *testing.T) {
	for _, args := range [][]string{{"--sets", "0"}, {"--frames", "0"}, {"--reuse"}, {"--live", "--readers", "0"}, {"--readers", "2"}, {"--mjpeg"}} {
		var out, errOut bytes.Buffer
		if code := diceMain(append([]string{"bench"}, args...), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage: tableside dice bench") {
			t.Errorf("%v: exit %d, %q", args, code, errOut.String())
		}
	}
}

// TestDiceBenchReuseWithoutSet: --reuse (of a frame set or a live one)
// on a directory that holds no rendered set says so, and how to render
// it.
func TestDiceBenchReuseWithoutSet(t *testing.T) {
	dir := t.TempDir()
	for _, live := range []bool{false, true} {
		args := []string{"bench", "--seed", "5", "--sets", "2", "--reuse", "--dir", dir}
		if live {
			args = append(args, "--live")
		}
		var out, errOut bytes.Buffer
		code := diceMain(args, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "seed-5 holds no rendered set (run once without --reuse to render it)") {
			t.Errorf("live %v: exit %d, %q", live, code, errOut.String())
		}
	}
}

// TestDiceBenchLive: "dice bench --live" renders only the teach set, keeps
// its model, films --frames rolls with the virtual camera and reports them
// read from one still frame and as vision.Still reads them, with
// intervals and the read time of each way; --readers reads the still
// frames side by side, and --mjpeg films JPEG frames.
func TestDiceBenchLive(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and teaches a set")
	}
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := diceMain([]string{"bench", "--live", "--seed", "7", "--frames", "2", "--dir", dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "model.bin")); err != nil {
		t.Errorf("no model kept: %v", err)
	}
	if tests, _ := filepath.Glob(filepath.Join(dir, "test", "*")); len(tests) != 0 {
		t.Errorf("test frames rendered for a live bench: %v", tests)
	}
	for _, want := range []string{"seed 7:\n", "  one still frame:    22 dice: correct faces", "  still frames voted: 22 dice: correct faces",
		"seed 7, 2 rolls each (raw frames), read as the appliance will read", "22 dice in 2 rolls", "still frames voted, over all sets:\n  correct faces ",
		"one still frame of each roll, over all sets:\n  correct faces ", "sets meeting every accuracy target (voted): ",
		"read time per roll (camera frames converted): one still frame (one core) median ", "still frames voted (1 reader on one core) median "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	out.Reset()
	errOut.Reset()
	if code := diceMain([]string{"bench", "--live", "--readers", "2", "--mjpeg", "--seed", "7", "--frames", "1", "--dir", dir, "--reuse"}, &out, &errOut); code != 0 {
		t.Errorf("--reuse of the live set: exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"seed 7, 1 roll each (MJPEG frames)", "still frames voted (2 readers side by side) median "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}

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
		"over all 2 sets:\n  correct faces ", "(95% interval ", "sets meeting every accuracy target: ", "read time per 1280x720 frame"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}

// TestDiceBenchUsage: a count of sets or frames below one is a usage
// error, as is --reuse without --dir.
func TestDiceBenchUsage(t *testing.T) {
	for _, args := range [][]string{{"--sets", "0"}, {"--frames", "0"}, {"--reuse"}} {
		var out, errOut bytes.Buffer
		if code := diceMain(append([]string{"bench"}, args...), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage: tableside dice bench") {
			t.Errorf("%v: exit %d, %q", args, code, errOut.String())
		}
	}
}

// TestDiceBenchReuseWithoutSet: --reuse on a directory that holds no
// rendered set says so, and how to render it.
func TestDiceBenchReuseWithoutSet(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	code := diceMain([]string{"bench", "--seed", "5", "--sets", "2", "--reuse", "--dir", dir}, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "seed-5 holds no rendered set (run once without --reuse to render it)") {
		t.Errorf("exit %d, %q", code, errOut.String())
	}
}

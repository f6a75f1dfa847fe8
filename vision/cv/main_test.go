package cv

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"tableside/vision/synth"
)

// testSet is a small rendered teach and test set shared by the tests
// (rendered once: 3 images per face, 12 frames of 11 dice).
var testSet string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cv-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testSet = dir
	if _, err := synth.WriteSetWith(dir, 7, synth.SetOptions{PerFace: 3, Count: 12}); err != nil {
		fmt.Fprintln(os.Stderr, "render test set:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	if n, stacks := liveMats(); n != 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d Mats were never closed:\n%s\n", n, stacks)
		code = 1
	}
	os.Exit(code)
}

// taught is the model taught from the test set (taught once, on demand).
var taught *Model

func model(t testing.TB) *Model {
	t.Helper()
	if taught == nil {
		m, err := Teach(filepath.Join(testSet, "teach"))
		if err != nil {
			t.Fatal(err)
		}
		taught = m
	}
	return taught
}

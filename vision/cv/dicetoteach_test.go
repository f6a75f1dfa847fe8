package cv

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"path/filepath"
	"strings"
	"testing"

	"tableside/vision/synth"
)

// LookToTeach tells how Teach sees a teaching image ("each image showing
// one die of that kind with that face up"): one die in a teach image, its
// top face found square and whole; each die of a roll (11); none on a bare
// mat.
func TestLookToTeach(t *testing.T) {
	one, err := synth.TeachImage(7, "trick", "escape", 0, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := synth.TestFrame(7, 0, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	roll, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	bare := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := range bare.Pix {
		bare.Pix[i] = 120
	}
	tests := []struct {
		name string
		img  image.Image
		want TeachLook
	}{
		{"a teach image", one, TeachLook{Dice: 1, Found: true, Square: true, Whole: true}},
		{"a roll of 11 dice", roll, TeachLook{Dice: 11}},
		{"a bare mat", bare, TeachLook{}},
	}
	for _, tt := range tests {
		l, err := LookToTeach(tt.img)
		if err != nil || l != tt.want {
			t.Errorf("%s: %+v, %v; want %+v", tt.name, l, err, tt.want)
		}
	}
	if _, err := LookToTeach(image.NewRGBA(image.Rectangle{})); err == nil {
		t.Error("an empty image: no error")
	}
}

// CheckFace says what Teach says of a face folder: nothing of three teach
// images of one face; of three images of three faces (of three kinds),
// that two are unlike the one the face is taught from (alone); of a photo
// of a roll, that it shows more than one die.
func TestCheckFace(t *testing.T) {
	dir := t.TempDir()
	put := func(face, kind, shows string, j int, roll bool) {
		t.Helper()
		drawn := kind // shows may name another kind: KIND/FACE
		if k, f, ok := strings.Cut(shows, "/"); ok {
			drawn, shows = k, f
		}
		var img image.Image
		var err error
		if roll {
			b, _, e := synth.TestFrame(7, j, 1280, 720)
			if e != nil {
				t.Fatal(e)
			}
			img, err = jpeg.Decode(bytes.NewReader(b))
		} else {
			img, err = synth.TeachImage(7, drawn, shows, j, 640, 480)
		}
		if err != nil {
			t.Fatal(err)
		}
		writePNG(t, filepath.Join(dir, kind, face, fmt.Sprintf("%03d.png", j)), img)
	}
	for j := range 3 {
		put("6", "bank", "6", j, false)
		put("5", "bank", []string{"5", "trick/escape", "setup-theater/12"}[j], j, false)
		put("4", "bank", "4", j, j == 2)
	}
	tests := []struct {
		face string
		want []string
	}{
		{"6", nil},
		{"5", []string{"unlike ", "the one image bank/5 is taught from"}},
		{"4", []string{"002.png: found ", " dice, want exactly one die per teaching image"}},
	}
	for _, tt := range tests {
		msgs, err := CheckFace(filepath.Join(dir, "bank", tt.face))
		if err != nil {
			t.Fatalf("%s: %v", tt.face, err)
		}
		got := strings.Join(msgs, "\n")
		if (tt.want == nil) != (len(msgs) == 0) {
			t.Errorf("bank/%s: %q, want %q", tt.face, got, tt.want)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("bank/%s: no %q in %q", tt.face, w, got)
			}
		}
	}
	if _, err := CheckFace(filepath.Join(dir, "bank", "3")); err == nil {
		t.Error("a missing face folder: no error")
	}
}

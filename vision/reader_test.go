package vision

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"testing"
)

func flat(v uint8) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for i := range m.Pix {
		m.Pix[i] = v
	}
	return m
}

func TestFrameDiff(t *testing.T) {
	tests := []struct {
		name string
		a, b image.Image
		want float64
	}{
		{"same", flat(100), flat(100), 0},
		{"brighter by 10", flat(100), flat(110), 10},
		{"different sizes", flat(1), image.NewRGBA(image.Rect(0, 0, 2, 2)), 255},
		{"gray image", image.NewGray(image.Rect(0, 0, 64, 48)), flat(20), 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := FrameDiff(tc.a, tc.b); got < tc.want-0.5 || got > tc.want+0.5 {
				t.Errorf("FrameDiff = %.2f, want %.2f", got, tc.want)
			}
		})
	}
}

func die(kind, face string, x int, conf float64) Die {
	return Die{Kind: kind, Face: face, Unsure: face == "", Confidence: conf, X: x, Y: 100, Size: 60}
}

func guessed(d Die, face string) Die {
	d.Guess = face
	return d
}

func TestVote(t *testing.T) {
	tests := []struct {
		name string
		in   []Reading
		want []Die // Kind, Face, Unsure, Guess compared
	}{
		{"agreeing reads", []Reading{
			{Dice: []Die{die(KindBank, "3", 100, 0.9), die(KindTrick, "X", 300, 0.8)}},
			{Dice: []Die{die(KindBank, "3", 102, 0.9), die(KindTrick, "X", 298, 0.8)}},
		}, []Die{{Kind: KindBank, Face: "3"}, {Kind: KindTrick, Face: "X"}}},
		{"unsure once, sure twice", []Reading{
			{Dice: []Die{die(KindBank, "", 100, 0.3)}},
			{Dice: []Die{die(KindBank, "5", 100, 0.9)}},
			{Dice: []Die{die(KindBank, "5", 101, 0.8)}},
		}, []Die{{Kind: KindBank, Face: "5"}}},
		{"confident reads disagree: unsure", []Reading{
			{Dice: []Die{die(KindBank, "5", 100, 0.9)}},
			{Dice: []Die{die(KindBank, "6", 100, 0.9)}},
		}, []Die{{Kind: KindBank, Unsure: true, Guess: "5"}}},
		{"confident reads disagree: the surer guessed", []Reading{
			{Dice: []Die{die(KindBank, "5", 100, 0.6)}},
			{Dice: []Die{die(KindBank, "6", 100, 0.9)}},
			{Dice: []Die{die(KindBank, "", 100, 0.2)}},
		}, []Die{{Kind: KindBank, Unsure: true, Guess: "6"}}},
		{"all unsure: their best guess", []Reading{
			{Dice: []Die{guessed(die(KindBank, "", 100, 0.3), "4")}},
			{Dice: []Die{guessed(die(KindBank, "", 100, 0.2), "X")}},
			{Dice: []Die{guessed(die(KindBank, "", 100, 0.2), "X")}},
		}, []Die{{Kind: KindBank, Unsure: true, Guess: "X"}}},
		{"seen once in three: dropped", []Reading{
			{Dice: []Die{die(KindBank, "5", 100, 0.9), die(KindTrick, "?", 400, 0.9)}},
			{Dice: []Die{die(KindBank, "5", 100, 0.9)}},
			{Dice: []Die{die(KindBank, "5", 100, 0.9)}},
		}, []Die{{Kind: KindBank, Face: "5"}}},
		{"same face, kinds differ: face kept", []Reading{
			{Dice: []Die{die(KindSpecialist, "X", 100, 0.9)}},
			{Dice: []Die{die(KindSpecialist, "X", 100, 0.8)}},
			{Dice: []Die{die(KindApprentice, "X", 100, 0.7)}},
		}, []Die{{Kind: KindSpecialist, Face: "X"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Vote(tc.in)
			if len(got.Dice) != len(tc.want) {
				t.Fatalf("Vote gave %d dice %+v, want %d", len(got.Dice), got.Dice, len(tc.want))
			}
			for i, w := range tc.want {
				g := got.Dice[i]
				if g.Kind != w.Kind || g.Face != w.Face || g.Unsure != w.Unsure || g.Guess != w.Guess {
					t.Errorf("die %d = %s/%q unsure=%v guess %q, want %s/%q unsure=%v guess %q", i, g.Kind, g.Face, g.Unsure, g.Guess, w.Kind, w.Face, w.Unsure, w.Guess)
				}
			}
		})
	}
}

func TestSortDice(t *testing.T) {
	ds := []Die{{X: 30, Y: 1}, {X: 10, Y: 5}, {X: 10, Y: 2}}
	SortDice(ds)
	if ds[0].Y != 2 || ds[1].Y != 5 || ds[2].X != 30 {
		t.Errorf("SortDice = %+v", ds)
	}
}

// fakeSource gives moving frames, then still ones, then errors.
type fakeSource struct {
	moving, still int
	n             int
	err           error
}

func (s *fakeSource) Frame() (image.Image, error) {
	s.n++
	switch {
	case s.n <= s.moving:
		return flat(uint8(20 * s.n)), nil
	case s.n <= s.moving+s.still:
		m := flat(200)
		m.Set(s.n%64, 0, color.RGBA{0, 0, 0, 255}) // a speck of noise
		return m, nil
	}
	return nil, s.err
}

func (s *fakeSource) Close() error { return nil }

// fakeReader reports one die whose face is the frame's brightness.
type fakeReader struct{ reads int }

func (r *fakeReader) Read(f image.Image) (Reading, error) {
	r.reads++
	v := f.(*image.RGBA).Pix[4*64*47]
	return Reading{Dice: []Die{die(KindBank, fmt.Sprint(v), 50, 0.9)}}, nil
}

// failingReader fails every read with err.
type failingReader struct{ err error }

func (r failingReader) Read(image.Image) (Reading, error) { return Reading{}, r.err }

func TestStill(t *testing.T) {
	gone := fmt.Errorf("camera: %w", ErrSourceGone)
	t.Run("reads only once still", func(t *testing.T) {
		src := &fakeSource{moving: 8, still: 10, err: gone}
		r := &fakeReader{}
		rd, err := Still(src, r, StillOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(rd.Dice) != 1 || rd.Dice[0].Face != "200" {
			t.Errorf("Still read %+v, want one die showing 200", rd.Dice)
		}
		if r.reads != 3 {
			t.Errorf("Still read %d frames, want 3 (Combine default)", r.reads)
		}
		if src.n > 8+4 {
			t.Errorf("Still took %d frames, want at most 12", src.n)
		}
	})
	t.Run("more readers share the still frames", func(t *testing.T) {
		rs := []*fakeReader{{}, {}, {}}
		rd, err := Still(&fakeSource{moving: 8, still: 10, err: gone}, rs[0], StillOptions{Readers: []Reader{rs[1], rs[2]}})
		if err != nil {
			t.Fatal(err)
		}
		if len(rd.Dice) != 1 || rd.Dice[0].Face != "200" {
			t.Errorf("Still read %+v, want one die showing 200", rd.Dice)
		}
		for i, r := range rs {
			if r.reads != 1 {
				t.Errorf("reader %d read %d frames, want 1 (3 frames, 3 readers)", i, r.reads)
			}
		}
	})
	t.Run("a reader's error is Still's", func(t *testing.T) {
		bad := errors.New("reader broke")
		_, err := Still(&fakeSource{moving: 8, still: 10, err: gone}, &fakeReader{}, StillOptions{Readers: []Reader{failingReader{bad}}})
		if !errors.Is(err, bad) {
			t.Errorf("Still err = %v, want the reader's", err)
		}
	})
	t.Run("source gone while moving", func(t *testing.T) {
		src := &fakeSource{moving: 5, err: gone}
		_, err := Still(src, &fakeReader{}, StillOptions{})
		if !errors.Is(err, ErrSourceGone) {
			t.Errorf("Still err = %v, want ErrSourceGone", err)
		}
	})
	t.Run("never still", func(t *testing.T) {
		src := &fakeSource{moving: 1000}
		_, err := Still(src, &fakeReader{}, StillOptions{MaxFrames: 12})
		if !errors.Is(err, ErrNotStill) {
			t.Errorf("Still err = %v, want ErrNotStill", err)
		}
	})
}

func TestStillFrames(t *testing.T) {
	src := &fakeSource{moving: 8, still: 10, err: ErrSourceGone}
	fs, err := StillFrames(src, StillOptions{Combine: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 {
		t.Fatalf("%d frames, want 2 (Combine)", len(fs))
	}
	for i, f := range fs {
		if v := f.(*image.RGBA).Pix[4*64*47]; v != 200 {
			t.Errorf("frame %d shows %d, want a still frame (200)", i, v)
		}
	}
	if src.n != 8+4 {
		t.Errorf("took %d frames, want 12 (8 moving, then StillFrames+1 still)", src.n)
	}
	if _, err := StillFrames(&fakeSource{moving: 1000}, StillOptions{MaxFrames: 12}); !errors.Is(err, ErrNotStill) {
		t.Errorf("never still: err = %v, want ErrNotStill", err)
	}
}

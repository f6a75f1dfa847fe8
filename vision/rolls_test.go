package vision

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"testing"
)

// scene is a stretch of film: n frames of a still scene of brightness v
// (each with a speck of noise), or, moving, n frames that each differ.
type scene struct {
	v      uint8
	n      int
	moving bool
}

// filmSource plays scenes one after the other, then fails with err.
type filmSource struct {
	scenes []scene
	n      int // frames given
	err    error
}

func (s *filmSource) Frame() (image.Image, error) {
	k := s.n
	s.n++
	for _, sc := range s.scenes {
		if k >= sc.n {
			k -= sc.n
			continue
		}
		if sc.moving {
			return flat(uint8(40 * (k%5 + 1))), nil
		}
		m := flat(sc.v)
		m.Set(k%64, 0, color.RGBA{0, 0, 0, 255})
		return m, nil
	}
	return nil, s.err
}

func (s *filmSource) Close() error { return nil }

func faces(rd Reading) string {
	var out string
	for _, d := range rd.Dice {
		out += d.Face
	}
	return out
}

func TestRolls(t *testing.T) {
	gone := fmt.Errorf("camera: %w", ErrSourceGone)
	tests := []struct {
		name   string
		scenes []scene
		want   []string // faces read, one entry per roll
		err    error    // the error after them
	}{
		{"a roll lying still is read once", []scene{{v: 100, n: 40}}, []string{"100"}, ErrSourceGone},
		{"each roll after the hand moves", []scene{
			{v: 100, n: 10}, {n: 6, moving: true}, {v: 150, n: 10}, {n: 3, moving: true}, {v: 60, n: 30},
		}, []string{"100", "150", "60"}, ErrSourceGone},
		{"a roll seen changed between two frames", []scene{{v: 100, n: 10}, {v: 180, n: 10}}, []string{"100", "180"}, ErrSourceGone},
		{"the same roll after a shake is read again", []scene{
			{v: 100, n: 10}, {n: 4, moving: true}, {v: 100, n: 10},
		}, []string{"100", "100"}, ErrSourceGone},
		{"camera gone before the dice lie still for long enough", []scene{{v: 100, n: 3}}, nil, ErrSourceGone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := NewRolls(&filmSource{scenes: tt.scenes, err: gone}, &fakeReader{}, StillOptions{})
			var got []string
			for {
				rd, err := w.Next(context.Background())
				if err != nil {
					if !errors.Is(err, tt.err) {
						t.Errorf("Next err = %v, want %v", err, tt.err)
					}
					break
				}
				got = append(got, faces(rd))
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("read rolls %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRollsKeepsWaitingAfterNotStill(t *testing.T) {
	src := &filmSource{scenes: []scene{{v: 90, n: 10}, {n: 30, moving: true}, {v: 120, n: 10}}, err: ErrSourceGone}
	w := NewRolls(src, &fakeReader{}, StillOptions{MaxFrames: 20})
	if rd, err := w.Next(context.Background()); err != nil || faces(rd) != "90" {
		t.Fatalf("first roll: %q, %v; want 90", faces(rd), err)
	}
	if _, err := w.Next(context.Background()); !errors.Is(err, ErrNotStill) {
		t.Fatalf("second Next err = %v, want ErrNotStill", err)
	}
	rd, err := w.Next(context.Background())
	if err != nil || faces(rd) != "120" {
		t.Errorf("after ErrNotStill, Next read %q, %v; want the roll that came to rest, 120", faces(rd), err)
	}
}

func TestRollsStopsWithItsContext(t *testing.T) {
	src := &filmSource{scenes: []scene{{v: 100, n: 1000}}}
	w := NewRolls(src, &fakeReader{}, StillOptions{})
	if _, err := w.Next(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := w.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Next err = %v, want context.Canceled", err)
	}
}

func TestRollsReportsAFrameWithNoDice(t *testing.T) {
	w := NewRolls(&filmSource{scenes: []scene{{v: 100, n: 10}}, err: ErrSourceGone}, failingReader{ErrNoDice}, StillOptions{})
	if _, err := w.Next(context.Background()); !errors.Is(err, ErrNoDice) {
		t.Fatalf("Next err = %v, want ErrNoDice", err)
	}
	if _, err := w.Next(context.Background()); !errors.Is(err, ErrSourceGone) {
		t.Errorf("after an empty roll, Next err = %v, want to wait for a change (then ErrSourceGone), not read it again", err)
	}
}

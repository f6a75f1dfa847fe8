package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"tableside/vision"
	"tableside/vision/cv"
	"tableside/vision/synth"
)

// TestDiceWatch: "dice watch" reads roll after roll from a camera and
// prints each reading (with --json, the object `dice read --json` gives
// per image); the virtual camera throws its dice again after each and
// tells its truth; a camera that cannot be opened, or that goes
// mid-watch, says what to check, every roll read so far printed.
func TestDiceWatch(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and teaches a set")
	}
	dir := t.TempDir()
	model := filepath.Join(dir, "model.bin")
	var out, errOut bytes.Buffer
	if code := diceMain([]string{"render", "--seed", "7", "--count", "1", "--out", dir}, &out, &errOut); code != 0 {
		t.Fatalf("render: exit %d: %s", code, errOut.String())
	}
	if code := diceMain([]string{"teach", "--out", model, filepath.Join(dir, "teach")}, &out, &errOut); code != 0 {
		t.Fatalf("teach: exit %d: %s", code, errOut.String())
	}

	t.Run("virtual camera, JSON", func(t *testing.T) {
		var out, errOut bytes.Buffer
		if code := diceMain([]string{"watch", "--model", model, "--virtual", "7", "--rolls", "2", "--json"}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 2 {
			t.Fatalf("%d lines, want one JSON object per roll (2):\n%s", len(lines), out.String())
		}
		for i, l := range lines {
			var rd struct {
				Image  string   `json:"image"`
				Millis *float64 `json:"millis"`
				Dice   []struct {
					Kind, Face string
					Unsure     *bool
					Confidence *float64
					X, Y, Size *int
				} `json:"dice"`
			}
			if err := json.Unmarshal([]byte(l), &rd); err != nil {
				t.Fatalf("line %d: %v: %s", i+1, err, l)
			}
			if want := []string{"roll 1", "roll 2"}[i]; rd.Image != want || rd.Millis == nil || len(rd.Dice) != 11 {
				t.Errorf("line %d: image %q, millis %v, %d dice; want %q, a time, 11 dice", i+1, rd.Image, rd.Millis, len(rd.Dice), want)
			}
			for _, d := range rd.Dice {
				if d.Kind == "" || d.Unsure == nil || d.Confidence == nil || d.X == nil || d.Y == nil || d.Size == nil {
					t.Errorf("line %d: a die lacks a field of the dice read contract: %s", i+1, l)
					break
				}
			}
		}
		if n := strings.Count(errOut.String(), "  against the virtual camera's truth: 11 dice: correct faces"); n != 2 {
			t.Errorf("%d truth lines on stderr, want 2:\n%s", n, errOut.String())
		}
		if !strings.Contains(errOut.String(), "all rolls against the virtual camera's truth: 22 dice: correct faces") {
			t.Errorf("no truth of all rolls on stderr:\n%s", errOut.String())
		}
	})

	t.Run("more readers read alike", func(t *testing.T) {
		dice := func(readers string) string {
			var out, errOut bytes.Buffer
			if code := diceMain([]string{"watch", "--model", model, "--virtual", "7", "--rolls", "2", "--json", "--readers", readers}, &out, &errOut); code != 0 {
				t.Fatalf("--readers %s: exit %d: %s", readers, code, errOut.String())
			}
			var all []string
			for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				var rd struct{ Dice []map[string]any }
				if err := json.Unmarshal([]byte(l), &rd); err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(rd.Dice)
				all = append(all, string(b))
			}
			return strings.Join(all, "\n")
		}
		if one, three := dice("1"), dice("3"); one != three {
			t.Errorf("one reader read\n%s\nthree read\n%s", one, three)
		}
	})

	t.Run("camera that cannot be opened", func(t *testing.T) {
		var out, errOut bytes.Buffer
		code := diceMain([]string{"watch", "--model", model, "--camera", "63"}, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "is the camera plugged in? check /dev/video63") {
			t.Errorf("exit %d, %q; want 1 and what to check", code, errOut.String())
		}
	})

	t.Run("camera unplugged mid-watch", func(t *testing.T) {
		m, err := cv.Load(model)
		if err != nil {
			t.Fatal(err)
		}
		r := cv.NewReader(m)
		defer r.Close()
		cam, err := synth.NewVirtualCamera(7, synth.RandomOptions(7, 0, cv.FrameWidth, cv.FrameHeight))
		if err != nil {
			t.Fatal(err)
		}
		src := &unplugAfter{cam: cam, frames: 30}
		var out, errOut bytes.Buffer
		code := watchRolls(context.Background(), watchSource{src, cam}, []vision.Reader{r}, 0, false, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "unplugged (is the camera plugged in?)") {
			t.Errorf("exit %d, %q; want 1 and what to check", code, errOut.String())
		}
		if !strings.HasPrefix(out.String(), "roll 1: 11 dice in ") {
			t.Errorf("the roll read before the camera went is not printed:\n%s", out.String())
		}
	})
}

// TestDiceWatchUnsureDice: a roll with dice read unsure tells the player
// how to have it read again.
func TestDiceWatchUnsureDice(t *testing.T) {
	cam, err := synth.NewVirtualCamera(7, synth.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		unsure int
		want   string
	}{
		{0, ""},
		{1, "  1 die unsure: nudge it or move the light, and the roll is read again\n"},
		{2, "  2 dice unsure: nudge them or move the light, and the roll is read again\n"},
	} {
		var out, errOut bytes.Buffer
		if code := watchRolls(context.Background(), watchSource{src: cam}, []vision.Reader{unsureReader(tt.unsure)}, 1, false, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if got := strings.Contains(out.String(), "unsure:"); tt.want == "" && got || tt.want != "" && !strings.HasSuffix(out.String(), tt.want) {
			t.Errorf("%d unsure: printed\n%s\nwant it to end %q", tt.unsure, out.String(), tt.want)
		}
	}
}

// unsureReader reads one sure die and this many unsure ones in any frame.
type unsureReader int

func (u unsureReader) Read(image.Image) (vision.Reading, error) {
	rd := vision.Reading{Dice: []vision.Die{{Kind: vision.KindBank, Face: "4", Confidence: 0.9, X: 10, Y: 10, Size: 60}}}
	for i := range int(u) {
		rd.Dice = append(rd.Dice, vision.Die{Kind: vision.KindTrick, Unsure: true, Confidence: 0.2, X: 100 * (i + 1), Y: 10, Size: 60})
	}
	return rd, nil
}

// unplugAfter is a virtual camera whose cable is pulled after frames frames.
type unplugAfter struct {
	cam    *synth.VirtualCamera
	frames int
}

func (u *unplugAfter) Frame() (image.Image, error) {
	if u.frames--; u.frames < 0 {
		u.cam.Unplug()
	}
	return u.cam.Frame()
}

func (u *unplugAfter) Close() error { return u.cam.Close() }

// TestDiceWatchUsage: a model is needed, at most one camera, and no
// negative count of rolls.
func TestDiceWatchUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"--model", "m", "--pi", "--virtual", "1"}, {"--model", "m", "--camera", "0", "--pi"}, {"--model", "m", "--rolls", "-1"}, {"--model", "m", "--camera", "-1"}, {"--model", "m", "--readers", "0"}, {"--model", "m", "extra"}} {
		var out, errOut bytes.Buffer
		if code := diceMain(append([]string{"watch"}, args...), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage: tableside dice watch") {
			t.Errorf("%v: exit %d, %q", args, code, errOut.String())
		}
	}
}

// TestSizeWarning: a camera giving smaller frames than asked is told how
// to mend it; a larger one only that it reads more slowly.
func TestSizeWarning(t *testing.T) {
	tests := []struct {
		w, h int
		want string
	}{
		{640, 480, "the camera gives 640×480 frames, not the 1280×720 asked for: the dice look smaller and read less surely; bring the camera closer"},
		{1280, 960, "the camera gives 1280×960 frames, not 1280×720: they read as well, more slowly"},
		{1920, 1080, "the camera gives 1920×1080 frames, not 1280×720: they read as well, more slowly"},
	}
	for _, tt := range tests {
		if got := sizeWarning(tt.w, tt.h); !strings.HasPrefix(got, tt.want) {
			t.Errorf("sizeWarning(%d, %d) = %q, want it to begin %q", tt.w, tt.h, got, tt.want)
		}
	}
}

package cv

import (
	"errors"
	"image"
	"testing"

	"tableside/vision"
	"tableside/vision/synth"
)

// FilmRolls films each roll as the appliance will read it: every die of the
// roll is tallied twice (one still frame, and vision.Still's vote), with a
// read time each.
func TestFilmRollsTalliesEachRollOnceEachWay(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	one, voted, all := NewTally(), NewTally(), NewTally()
	lt, err := FilmRolls([]*Reader{r}, 7, 2, false, []*Tally{one, all}, []*Tally{voted, all})
	if err != nil {
		t.Fatal(err)
	}
	if one.Frames != 2 || voted.Frames != 2 || all.Frames != 4 {
		t.Errorf("frames tallied: one %d, voted %d, both %d; want 2, 2, 4", one.Frames, voted.Frames, all.Frames)
	}
	if one.Dice != 22 || voted.Dice != 22 {
		t.Errorf("dice tallied: one %d, voted %d; want 22 each (11 a roll)", one.Dice, voted.Dice)
	}
	if len(lt.One) != 2 || len(lt.Voted) != 2 {
		t.Errorf("times: %d one-frame, %d voted; want 2 each", len(lt.One), len(lt.Voted))
	}
	if voted.Outcomes[WrongFace] != 0 || voted.Outcomes[Missed] > 1 {
		t.Errorf("voted: %s; %v", voted.Short(), voted.Errors)
	}
}

// Every roll of every seed is its own scene.
func TestRollSeedsApart(t *testing.T) {
	seen := map[uint64][2]uint64{}
	for _, s := range []uint64{0, 1, 2, 1000, 8001} {
		for _, i := range []int{0, 1, 999, 1000, 1 << 20} {
			k := rollSeed(s, i)
			if o, ok := seen[k]; ok {
				t.Errorf("rollSeed(%d, %d) = rollSeed(%d, %d)", s, i, o[0], o[1])
			}
			seen[k] = [2]uint64{s, uint64(i)}
		}
	}
}

// Readers sharing a still moment's frames (StillOptions.Readers, one
// model) read it as one reader alone does: the same scene filmed twice
// gives the same dice, confidences and all.
func TestStillWithMoreReadersReadsAsOne(t *testing.T) {
	m := model(t)
	rs := []*Reader{NewReader(m), NewReader(m), NewReader(m)}
	for _, r := range rs {
		defer r.Close()
	}
	o := synth.RandomOptions(7, 3, 1280, 720)
	read := func(more ...vision.Reader) vision.Reading {
		cam, err := synth.NewVirtualCamera(rollSeed(7, 3), o)
		if err != nil {
			t.Fatal(err)
		}
		defer cam.Close()
		rd, err := vision.Still(cam, rs[0], vision.StillOptions{Readers: more})
		if err != nil {
			t.Fatal(err)
		}
		return rd
	}
	alone, shared := read(), read(rs[1], rs[2])
	if len(alone.Dice) == 0 || len(alone.Dice) != len(shared.Dice) {
		t.Fatalf("alone %d dice, shared %d", len(alone.Dice), len(shared.Dice))
	}
	for i := range alone.Dice {
		if alone.Dice[i] != shared.Dice[i] {
			t.Errorf("die %d: alone %+v, shared %+v", i, alone.Dice[i], shared.Dice[i])
		}
	}
}

// An MJPEG camera's frames are the camera's, compressed: decoded JPEG
// that Still still sees as the camera's still scene (FrameDiff from a raw
// frame under its default threshold, 3); the camera's errors pass
// through as they are.
func TestJPEGSourceCompressesFrames(t *testing.T) {
	cam, err := synth.NewVirtualCamera(3, synth.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := jpegSource{cam, 60}
	defer src.Close()
	f, err := src.Frame()
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := cam.Frame()
	if _, ok := f.(*image.YCbCr); !ok {
		t.Errorf("frame is a %T, want a decoded JPEG (*image.YCbCr)", f)
	}
	if d := vision.FrameDiff(f, raw); d >= 3 {
		t.Errorf("JPEG frame differs from a raw one by %.2f, want under 3", d)
	}
	cam.Unplug()
	if _, err := src.Frame(); !errors.Is(err, vision.ErrSourceGone) {
		t.Errorf("unplugged: %v, want ErrSourceGone", err)
	}
}

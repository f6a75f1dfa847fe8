package cv

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"

	"tableside/vision"
	"tableside/vision/synth"
)

// LiveTimes are the read times (ms) of the rolls FilmRolls filmed: of one
// still frame each, and of vision.Still's reading (its last still frames
// read and voted; the frames it waited through not counted).
type LiveTimes struct {
	One, Voted []float64
}

// FilmRolls films rolls with a virtual camera and reads them as the
// appliance will: roll i is a new scene under the conditions of test
// frame i of seed's sets (synth.RandomOptions; the camera gives raw
// frames, no JPEG), read once from one still frame (into the tallies
// one) and once by vision.Still with its default options, which waits
// for stillness and votes its last still frames together (into voted).
// A roll read as holding no dice counts its dice missed. The first of
// readers reads the one frame; Still reads with them all, side by side
// (StillOptions.Readers). With mjpeg, the camera sends its frames as a
// USB camera's MJPEG, each compressed at the roll's JPEG quality
// (synth.RandomOptions: 60–95).
func FilmRolls(readers []*Reader, seed uint64, rolls int, mjpeg bool, one, voted []*Tally) (LiveTimes, error) {
	more := make([]vision.Reader, 0, len(readers)-1)
	for _, o := range readers[1:] {
		more = append(more, o)
	}
	var lt LiveTimes
	for i := range rolls {
		tr, rd, rv, err := filmRoll(readers[0], more, seed, i, mjpeg)
		if err != nil {
			return lt, fmt.Errorf("cv: roll %d: %w", i, err)
		}
		name := fmt.Sprintf("roll-%04d", i)
		rd.Image, rv.Image, tr.Image = name, name, name
		lt.One, lt.Voted = append(lt.One, rd.Millis), append(lt.Voted, rv.Millis)
		for _, t := range one {
			t.Add(tr, rd)
		}
		for _, t := range voted {
			t.Add(tr, rv)
		}
	}
	return lt, nil
}

// filmRoll films roll i of seed: its truth, one still frame's reading
// (by r) and vision.Still's (by r and more).
func filmRoll(r *Reader, more []vision.Reader, seed uint64, i int, mjpeg bool) (tr synth.Truth, rd, rv vision.Reading, err error) {
	o := synth.RandomOptions(seed, i, 1280, 720)
	cam, err := synth.NewVirtualCamera(rollSeed(seed, i), o)
	if err != nil {
		return tr, rd, rv, err
	}
	defer cam.Close()
	var src vision.Source = cam
	if mjpeg {
		src = jpegSource{cam, o.JPEGQuality}
	}
	f, err := src.Frame()
	if err != nil {
		return tr, rd, rv, err
	}
	if rd, err = r.Read(f); err != nil && !errors.Is(err, vision.ErrNoDice) {
		return tr, rd, rv, err
	}
	if rv, err = vision.Still(src, r, vision.StillOptions{Readers: more}); err != nil && !errors.Is(err, vision.ErrNoDice) {
		return tr, rd, rv, err
	}
	return cam.Truth(), rd, rv, nil
}

// rollSeed is the virtual camera's seed for roll i of seed, apart from
// every other roll's (seeds and rolls below 2³²).
func rollSeed(seed uint64, i int) uint64 { return seed<<32 | uint64(uint32(i)) }

// jpegSource is a camera that sends JPEG frames, as a USB camera's MJPEG:
// each frame of src compressed at quality and decoded again.
type jpegSource struct {
	src     vision.Source
	quality int
}

func (j jpegSource) Frame() (image.Image, error) {
	f, err := j.src.Frame()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, f, &jpeg.Options{Quality: j.quality}); err != nil {
		return nil, fmt.Errorf("cv: mjpeg: %w", err)
	}
	img, err := jpeg.Decode(&b)
	if err != nil {
		return nil, fmt.Errorf("cv: mjpeg: %w", err)
	}
	return img, nil
}

func (j jpegSource) Close() error { return j.src.Close() }

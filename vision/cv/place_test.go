package cv

import (
	"math"
	"testing"

	"tableside/vision/synth"
)

// A square foreshortened by a known factor along a known direction: its
// shape tensor gives them back, and the top face placed with them has the
// square's corners.
func TestSquashOfForeshortenedSquare(t *testing.T) {
	const k, dir = 0.85, 0.6 // radians
	sq := rect{C: pt{32, 32}, W: 40, H: 40, Angle: 0.3, Squash: k, SquashDir: dir}
	c := sq.corners(1)
	blob := rect{C: pt{100, 50}, W: refineSize / refineGrow, H: refineSize / refineGrow} // patch pixel = frame pixel
	sh, ok := shapeOf(blob, c[:])
	if !ok {
		t.Fatal("no shape")
	}
	gk, gdir := squashOf([][3]float64{sh, sh})
	if math.Abs(gk-k) > 1e-6 || angleErr90(gdir*180/math.Pi, dir*180/math.Pi) > 1e-4 {
		t.Errorf("squash %.4f along %.4f, want %.4f along %.4f", gk, gdir, k, dir)
	}
	// The frame angle of the foreshortened square's first edge, made a
	// square again by foreshorten.
	e := math.Atan2(c[1].Y-c[0].Y, c[1].X-c[0].X)
	got := foreshorten(rect{C: sq.C, W: 40, H: 40, Angle: e}, gk, gdir)
	for i, p := range got.corners(1) {
		if math.Hypot(p.X-c[i].X, p.Y-c[i].Y) > 1e-6 {
			t.Errorf("corner %d at %.3f,%.3f, want %.3f,%.3f", i, p.X, p.Y, c[i].X, c[i].Y)
		}
	}
}

// A square seen from above has the unit shape tensor, whatever the blob
// whose refine patch it is measured in.
func TestShapeOfSquareIsUnit(t *testing.T) {
	blob := rect{C: pt{0, 0}, W: 100, H: 80, Angle: 1}
	sx, sy := blob.W*refineGrow/refineSize, blob.H*refineGrow/refineSize
	co, si := math.Cos(blob.Angle), math.Sin(blob.Angle)
	c := rect{W: 30, H: 30, Angle: 0.4}.corners(1)
	for i, p := range c { // frame offsets to patch pixels
		c[i] = pt{(co*p.X + si*p.Y) / sx, (-si*p.X + co*p.Y) / sy}
	}
	sh, ok := shapeOf(blob, c[:])
	if !ok {
		t.Fatal("no shape")
	}
	if k, _ := squashOf([][3]float64{sh}); math.Abs(k-1) > 1e-9 {
		t.Errorf("squash %.6f, want 1", k)
	}
}

// In dim light the dark glyph's colour is also the colour of the dice's
// sides and shadow: on tilted frames of pale dice on a dark mat every top
// face is still placed at its own size (within 10%), not at the size of
// the ring of sides and shadow around it.
func TestDimTiltedTopFacesPlacedAtTheirSize(t *testing.T) {
	det := newDetector()
	defer det.Close()
	q := newRectifier()
	defer q.Close()
	dice := []synth.KindFace{{Kind: "trick"}, {Kind: "trick"}, {Kind: "specialist"}, {Kind: "apprentice"}, {Kind: "trick"}, {Kind: "specialist"}}
	for seed := uint64(1); seed <= 4; seed++ {
		img, truth, err := synth.Frame(seed, synth.Options{Dice: dice, Background: "felt", Light: "dim", Tilt: 27, MinSize: 40, MaxSize: 60, JPEGQuality: 63})
		if err != nil {
			t.Fatal(err)
		}
		frame, err := ToBGR(img)
		if err != nil {
			t.Fatal(err)
		}
		fs, mask, scale := det.find(frame)
		q.useMask(mask, scale)
		q.refineAll(frame, fs)
		q.useMask(mask, 0)
		frame.Close()
		for _, d := range truth.Dice {
			for _, f := range fs {
				if math.Hypot(f.r.C.X-float64(d.X), f.r.C.Y-float64(d.Y)) > float64(d.Size)/2 {
					continue
				}
				if k := f.r.side() / float64(d.Size); math.Abs(k-1) > 0.1 {
					t.Errorf("seed %d: %s/%s at %d,%d: placed side %.1f, true %d", seed, d.Kind, d.Face, d.X, d.Y, f.r.side(), d.Size)
				}
			}
		}
	}
}

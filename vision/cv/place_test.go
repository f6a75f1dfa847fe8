package cv

import (
	"math"
	"testing"
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

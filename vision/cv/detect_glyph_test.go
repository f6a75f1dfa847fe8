package cv

import (
	"image"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// A dark die's glyph joined to the blob of two dice the mask shows: the
// ink outside the two dice is left over, none when the dice cover it.
func TestLeftoverInk(t *testing.T) {
	const s = 40
	mask := gocv.NewMatWithSize(200, 240, gocv.MatTypeCV8UC1)
	defer mask.Close()
	ink := gocv.NewMatWithSize(200, 240, gocv.MatTypeCV8UC1)
	defer ink.Close()
	gocv.Rectangle(&mask, image.Rect(40, 40, 80, 80), colorWhite, -1)
	gocv.Rectangle(&mask, image.Rect(80, 40, 120, 80), colorWhite, -1)
	gocv.Rectangle(&ink, image.Rect(50, 50, 70, 70), colorWhite, -1)
	gocv.Rectangle(&ink, image.Rect(90, 50, 110, 70), colorWhite, -1)
	// The glyph below the right die, joined to it.
	for _, m := range []*gocv.Mat{&mask, &ink} {
		gocv.Rectangle(m, image.Rect(92, 80, 108, 100), colorWhite, -1)
	}
	bs := contourBlobs(mask, 10)
	if len(bs) != 1 {
		t.Fatalf("test mask: blobs %+v", bs)
	}
	two := []rect{{C: pt{59.5, 59.5}, W: 40, H: 40}, {C: pt{99.5, 59.5}, W: 40, H: 40}}
	gs := leftoverInk(mask, ink, bs[0].pts, two, s)
	if len(gs) != 1 || math.Hypot(gs[0].r.C.X-100, gs[0].r.C.Y-92) > 3 {
		t.Errorf("leftover %+v, want one glyph about 100,92", gs)
	}
	all := append(two, rect{C: pt{99.5, 89.5}, W: 40, H: 40})
	if gs := leftoverInk(mask, ink, bs[0].pts, all, s); len(gs) != 0 {
		t.Errorf("leftover %+v, want none where dice cover all ink", gs)
	}
}

// A shadow's line beside a dark die's glyph (neither joined to a die the
// mask shows): the line holds no ink and claims no die; the glyph gets one.
func TestInklessBlobClaimsNoDie(t *testing.T) {
	const w, h = 320, 200
	work := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(60, 60, 60, 0), h, w, gocv.MatTypeCV8UC3)
	defer work.Close()
	mask := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	defer mask.Close()
	raw := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	defer raw.Close()
	// A die the mask shows sets the die size (40) ...
	gocv.Rectangle(&mask, image.Rect(20, 20, 60, 60), colorWhite, -1)
	gocv.Rectangle(&raw, image.Rect(30, 30, 50, 50), colorWhite, -1)
	// ... a long thin line without ink, larger than the glyph ...
	gocv.Line(&mask, image.Pt(150, 80), image.Pt(165, 120), colorWhite, 6)
	// ... and the glyph of a dark die beside it.
	for _, m := range []*gocv.Mat{&mask, &raw} {
		gocv.Rectangle(m, image.Rect(170, 95, 186, 111), colorWhite, -1)
	}
	bs := contourBlobs(mask, 10)
	if len(bs) != 3 {
		t.Fatalf("test mask: %d blobs", len(bs))
	}
	var glyphDice []found
	for _, f := range blobs(work, mask, raw, raw, bs) {
		if !f.solid {
			glyphDice = append(glyphDice, f)
		}
	}
	if len(glyphDice) != 1 || math.Hypot(glyphDice[0].r.C.X-177.5, glyphDice[0].r.C.Y-102.5) > 2 {
		t.Errorf("glyph dice %+v, want one about 177.5,102.5", glyphDice)
	}
}

// The free ink about a piece of a glyph: ink inside a die found is not
// counted.
func TestFreeInkCentre(t *testing.T) {
	raw := gocv.NewMatWithSize(100, 100, gocv.MatTypeCV8UC1)
	defer raw.Close()
	gocv.Rectangle(&raw, image.Rect(10, 40, 20, 50), colorWhite, -1) // in the die
	gocv.Rectangle(&raw, image.Rect(50, 40, 60, 50), colorWhite, -1) // free
	die := []found{{r: rect{C: pt{15, 45}, W: 20, H: 20}}}
	c := freeInkCentre(raw, die, pt{40, 45}, 50)
	if math.Hypot(c.X-55, c.Y-45) > 0.5 {
		t.Errorf("centre %v, want 55,45", c)
	}
	if c := freeInkCentre(raw, nil, pt{40, 45}, 50); c.X > 50 || c.X < 20 {
		t.Errorf("centre without dice %v, want between the two inks", c)
	}
}

// When no blob looks like one square die (every die touches another, or
// shows only its glyph), a die's side is the blobs' shorter side, not the
// largest blob's (a pair of touching dice, which then went unsplit: seed 1
// frame 42 missed three dice so).
func TestDieSideWithoutSquareBlobs(t *testing.T) {
	pair := func(w, h float64) blob { return blob{r: rect{W: w, H: h}, area: 0.95 * w * h} }
	cases := []struct {
		name string
		bs   []blob
		want float64
	}{
		{"pairs and a glyph", []blob{pair(123, 60), pair(88, 55), pair(85, 51), {r: rect{W: 30, H: 12}, area: 200}}, 55},
		{"one long die and its shadow", []blob{pair(90, 50)}, math.Sqrt(0.95 * 90 * 50)},
	}
	for _, c := range cases {
		if got := dieSides(c.bs)(pt{}); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: side %.1f, want %.1f", c.name, got, c.want)
		}
	}
}

// A die as dark as the mat, touching two others, shows only its glyph,
// and the glyph joins its neighbours' blob: the ink left over once their
// dice are cut out is its glyph, though it lies nearer one of them than a
// glyph standing apart may (those dice's squares, enlarged, were cut out
// of it already), or once trim cut the body of the one it touches out of
// the blob. Frames of the bench sets (`tableside dice bench --seed N`)
// whose dark die the detector missed.
func TestAGlyphCutFromItsNeighboursBlobIsADie(t *testing.T) {
	det := newDetector()
	defer det.Close()
	for _, c := range []struct {
		seed  uint64
		frame int
		x, y  int
	}{
		{61, 182, 1121, 447}, // a Bank 4 on dark cloth, touching a Turn Setup die
		{31, 5, 879, 615},    // a Bank 4
		{31, 184, 1063, 336}, // a Dark Alley die
		{1, 42, 1096, 484},   // a Bank X
		// A dark die touching one light die, whose blob trim cut its
		// glyph from (the body it kept a little long towards it).
		{7, 137, 223, 72},  // a Bank 6 on dark cloth, touching a Trick die
		{8, 106, 394, 472}, // a Bank 5 on cloth, touching a Specialist die
	} {
		frame, truth := setFrame(t, c.seed, c.frame)
		fs, _, _ := det.find(frame)
		for _, d := range truth.Dice {
			if d.X == c.x && d.Y == c.y && !foundNear(fs, d) {
				t.Errorf("seed %d frame %d: %s/%s at %d,%d not found", c.seed, c.frame, d.Kind, d.Face, d.X, d.Y)
			}
		}
	}
}

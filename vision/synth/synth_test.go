package synth

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tableside/vision"
)

// imageQuad is the top face of die i of a scene, in image pixels.
func imageQuad(sc *scene, i int) [8]float64 {
	c := sc.dice[i].q.corners()
	for k := 0; k < 4; k++ {
		c[2*k], c[2*k+1] = sc.hom.apply(c[2*k], c[2*k+1])
	}
	return c
}

// inQuad: the point lies inside the convex quad (clockwise on screen).
func inQuad(q [8]float64, x, y float64) bool {
	for k := 0; k < 4; k++ {
		ex, ey := q[(2*k+2)%8]-q[2*k], q[(2*k+3)%8]-q[2*k+1]
		if ex*(y-q[2*k+1])-ey*(x-q[2*k]) < 0 {
			return false
		}
	}
	return true
}

// quadGap is the separation of two convex quads along their best separating
// edge normal (negative when they overlap).
func quadGap(a, b [8]float64) float64 {
	best := math.Inf(-1)
	for _, q := range [][8]float64{a, b} {
		for k := 0; k < 4; k++ {
			ex, ey := q[(2*k+2)%8]-q[2*k], q[(2*k+3)%8]-q[2*k+1]
			n := math.Hypot(ex, ey)
			nx, ny := -ey/n, ex/n
			amin, amax := project(a, nx, ny)
			bmin, bmax := project(b, nx, ny)
			best = math.Max(best, math.Max(bmin-amax, amin-bmax))
		}
	}
	return best
}

func TestFrame_TruthInsideApartAndTouching(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Options
	}{
		{"plain", Options{}},
		{"touching", Options{Touching: true}},
		{"touching-glare-blur", Options{Touching: true, Glare: true, Blur: true}},
		{"fullhd", Options{Width: 1920, Height: 1080, Touching: true}},
		{"small-dice", Options{MinSize: 40, MaxSize: 50, Touching: true}},
		{"tilted", Options{Touching: true, Glare: true, Tilt: 30}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			touchingFrames := 0
			for seed := uint64(1); seed <= 20; seed++ {
				sc, err := newScene(seed, tc.o) // the layout of Frame, without painting
				if err != nil {
					t.Fatal(err)
				}
				tr := sc.truth()
				if inQuad(imageQuad(sc, 0), -10, -10) {
					t.Fatal("inQuad accepts a point outside the frame")
				}
				w, h := tr.Width, tr.Height
				if len(tr.Dice) != 11 {
					t.Fatalf("seed %d: %d dice, want 11", seed, len(tr.Dice))
				}
				touched := 0
				for i, d := range tr.Dice {
					if d.X < 0 || d.Y < 0 || d.X >= w || d.Y >= h {
						t.Errorf("seed %d: die %d centre (%d,%d) outside %d×%d", seed, i, d.X, d.Y, w, h)
					}
					lo, hi := float64(tc.o.MinSize), float64(tc.o.MaxSize)
					if lo == 0 {
						lo, hi = 50, 110
					}
					if w > 1280 {
						lo, hi = lo*float64(w)/1280, hi*float64(w)/1280
					}
					slack := 1.04 // perspective enlarges the dice near the camera
					if tc.o.Tilt > 0 {
						slack = 1.5
					}
					if s := float64(d.Size); s < lo*0.5 || s > hi*slack {
						t.Errorf("seed %d: die %d size %v outside %v..%v", seed, i, s, lo, hi)
					}
					if d.Blur != tc.o.Blur {
						t.Errorf("seed %d: die %d blur %v, want %v", seed, i, d.Blur, tc.o.Blur)
					}
					near := math.Inf(1)
					if !inQuad(imageQuad(sc, i), float64(d.X), float64(d.Y)) {
						t.Errorf("seed %d: die %d truth centre (%d,%d) not on its top face", seed, i, d.X, d.Y)
					}
					for j := range tr.Dice {
						if j != i {
							near = math.Min(near, quadGap(imageQuad(sc, i), imageQuad(sc, j)))
						}
					}
					if near < -0.8 {
						t.Errorf("seed %d: die %d overlaps another (gap %.2f px)", seed, i, near)
					}
					if d.Touching {
						touched++
						if near > 1.5 {
							t.Errorf("seed %d: die %d flagged touching but %.2f px from the nearest", seed, i, near)
						}
					} else if near < 4 {
						t.Errorf("seed %d: die %d not flagged touching but %.2f px from another", seed, i, near)
					}
				}
				if touched > 0 {
					touchingFrames++
				}
				if !tc.o.Touching && touched > 0 {
					t.Errorf("seed %d: %d dice touching, none asked", seed, touched)
				}
			}
			if tc.o.Touching && touchingFrames != 20 {
				t.Errorf("touching asked: only %d of 20 frames have touching dice", touchingFrames)
			}
		})
	}
}

// The pixels at the inner corners of every die's top face (where no glyph
// is drawn) have the kind's body colour: the truth's centre, size and
// angle locate the dice that were drawn.
func TestFrame_PixelsMatchTruth(t *testing.T) {
	for _, tilt := range []float64{0, 20} {
		for seed := uint64(1); seed <= 4; seed++ {
			img, tr, err := Frame(seed, Options{Light: "even", Noise: -1, Tilt: tilt, Touching: true})
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range tr.Dice {
				body := looks[d.Kind].body
				ux, uy := cosd(d.Angle), sind(d.Angle)  // face's right, in image
				vx, vy := -sind(d.Angle), cosd(d.Angle) // face's down
				half := float64(d.Size) / 2
				for _, c := range [4][2]float64{{-0.7, -0.7}, {0.7, -0.7}, {0.7, 0.7}, {-0.7, 0.7}} {
					x := float64(d.X) + half*(c[0]*ux+c[1]*vx)
					y := float64(d.Y) + half*(c[0]*uy+c[1]*vy)
					p := img.RGBAAt(int(x), int(y))
					got := [3]float64{float64(p.R), float64(p.G), float64(p.B)}
					want := [3]float64{float64(body.r), float64(body.g), float64(body.b)}
					for k := range got {
						if math.Abs(got[k]-want[k]) > 0.2*want[k]+8 {
							t.Errorf("tilt %v seed %d die %d (%s) corner %v: colour %v, want about %v", tilt, seed, i, d.Kind, c, got, want)
							break
						}
					}
				}
			}
		}
	}
}

func TestFrame_KindsFacesAndOptions(t *testing.T) {
	dice := []KindFace{{vision.KindBank, "5"}, {vision.KindSetupTheater, "14"}, {vision.KindTrick, ""}}
	_, tr, err := Frame(3, Options{Dice: dice, Background: "wood", Light: "dim", Tilt: 15})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Background != "wood" || tr.Light != "dim" || len(tr.Dice) != 3 {
		t.Fatalf("truth %+v", tr)
	}
	for i, d := range tr.Dice {
		if d.Kind != dice[i].Kind || (dice[i].Face != "" && d.Face != dice[i].Face) {
			t.Errorf("die %d: %s/%s, want %s/%s", i, d.Kind, d.Face, dice[i].Kind, dice[i].Face)
		}
		if d.Tilt != 15 {
			t.Errorf("die %d: tilt %v, want 15", i, d.Tilt)
		}
	}
	if !contains(Faces(vision.KindTrick), tr.Dice[2].Face) {
		t.Errorf("random trick face %q not a trick face", tr.Dice[2].Face)
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func TestFrame_BadOptions(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Dice: []KindFace{{"dragon", ""}}}, "unknown die kind"},
		{Options{Dice: []KindFace{{vision.KindBank, "7"}}}, "has no face"},
		{Options{Background: "marble"}, "unknown background"},
		{Options{Light: "disco"}, "unknown light"},
		{Options{Width: 20, Height: 20}, "out of range"},
		{Options{Tilt: 80}, "tilt"},
		{Options{MinSize: 90, MaxSize: 60}, "size range"},
		{Options{Width: 200, Height: 150}, "cannot place"},
	} {
		_, _, err := Frame(1, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "synth: ") {
			t.Errorf("%+v: error %v, want one containing %q", tc.o, err, tc.want)
		}
	}
	if _, _, err := Single(1, vision.KindTrick, "", Options{}); err == nil {
		t.Error("Single without a face: no error")
	}
}

func TestFaces(t *testing.T) {
	for _, tc := range []struct {
		kind string
		want string
	}{
		{vision.KindTrick, "escape mechanical optical spiritual ? X"},
		{vision.KindSpecialist, "assistant manager engineer X"},
		{vision.KindApprentice, "apprentice X"},
		{vision.KindBank, "3 4 5 6 X"},
		{vision.KindSetupTheater, "12 13 14 23 24 34"},
		{vision.KindSetupDarkAlley, "12 13 14 23 24 34"},
		{"dragon", ""},
	} {
		if got := strings.Join(Faces(tc.kind), " "); got != tc.want {
			t.Errorf("Faces(%q) = %q, want %q", tc.kind, got, tc.want)
		}
	}
}

// rot90 turns a square mask a quarter turn clockwise.
func rot90(m []float32) []float32 {
	n := glyphRes
	out := make([]float32, len(m))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			out[x*n+(n-1-y)] = m[y*n+x]
		}
	}
	return out
}

// glyphDistance is the smallest mean absolute difference between a and b
// turned by 0, 90, 180 or 270 degrees (fraction of the face area).
func glyphDistance(a, b []float32) float64 {
	best := math.Inf(1)
	for r := 0; r < 4; r++ {
		s := 0.0
		for i := range a {
			s += math.Abs(float64(a[i] - b[i]))
		}
		best = math.Min(best, s/float64(len(a)))
		b = rot90(b)
	}
	return best
}

// Every two faces a reader must tell apart differ in at least 3% of the face
// area at every quarter turn (a reader rectifying a die up to 90° can tell
// them apart); X looks the same on every Downtown kind.
func TestGlyphs_DistinctAtAllRotations(t *testing.T) {
	const margin = 0.03
	groups := [][]KindFace{}
	var downtown []KindFace
	seen := map[string]bool{}
	for _, k := range Kinds[:4] {
		for _, f := range Faces(k) {
			if !seen[f] {
				seen[f] = true
				downtown = append(downtown, KindFace{k, f})
			}
		}
	}
	groups = append(groups, downtown)
	for _, k := range []string{vision.KindSetupDowntown, vision.KindSetupTheater} {
		var g []KindFace
		for _, f := range Faces(k) {
			g = append(g, KindFace{k, f})
		}
		groups = append(groups, g)
	}
	worst, worstPair := math.Inf(1), ""
	for _, g := range groups {
		for i, a := range g {
			for _, b := range g[i+1:] {
				d := glyphDistance(GlyphMask(a.Kind, a.Face), GlyphMask(b.Kind, b.Face))
				if d < margin {
					t.Errorf("%s/%s and %s/%s differ by %.3f of the face, want ≥ %.2f", a.Kind, a.Face, b.Kind, b.Face, d, margin)
				}
				if d < worst {
					worst, worstPair = d, a.Face+" vs "+b.Face
				}
			}
		}
	}
	t.Logf("closest pair: %s (%.3f of the face)", worstPair, worst)
	x := GlyphMask(vision.KindTrick, "X")
	for _, k := range Kinds[1:4] {
		if d := glyphDistance(x, GlyphMask(k, "X")); d != 0 {
			t.Errorf("X of %s differs from the trick X by %.3f", k, d)
		}
	}
	if GlyphMask("dragon", "X") != nil || GlyphMask(vision.KindBank, "7") != nil {
		t.Error("GlyphMask of an unknown kind or face is not nil")
	}
}

func TestWriteSet_LayoutAndDeterminism(t *testing.T) {
	so := SetOptions{PerFace: 2, Count: 3, TeachW: 320, TeachH: 240, TestW: 640, TestH: 360, MaxWorkers: 2}
	dirA, dirB := t.TempDir(), t.TempDir()
	sum, err := WriteSetWith(dirA, 9, so)
	if err != nil {
		t.Fatal(err)
	}
	faces := 0
	for _, k := range Kinds {
		faces += len(Faces(k))
	}
	want := SetSummary{TeachImages: 2 * faces, Faces: faces, TestFrames: 3, TestDice: 33}
	if sum != want {
		t.Errorf("summary %+v, want %+v", sum, want)
	}
	// Directory contract: teach/<kind>/<face>/*.png, test/*.jpg + *.json.
	var wantFiles []string
	for _, k := range Kinds {
		for _, f := range Faces(k) {
			for j := 0; j < 2; j++ {
				wantFiles = append(wantFiles, filepath.Join("teach", k, f, fmt.Sprintf("%03d.png", j)))
			}
		}
	}
	for i := 0; i < 3; i++ {
		wantFiles = append(wantFiles, fmt.Sprintf("test/frame-%04d.jpg", i), fmt.Sprintf("test/frame-%04d.json", i))
	}
	sort.Strings(wantFiles)
	got := listFiles(t, dirA)
	if strings.Join(got, "\n") != strings.Join(wantFiles, "\n") {
		t.Fatalf("files:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantFiles, "\n"))
	}
	checkTeachImage(t, filepath.Join(dirA, "teach", vision.KindBank, "4", "001.png"), 320, 240)
	checkTestFrame(t, filepath.Join(dirA, "test"), "frame-0002", 640, 360)
	// Same seed, one worker: identical bytes.
	so.MaxWorkers = 1
	if _, err := WriteSetWith(dirB, 9, so); err != nil {
		t.Fatal(err)
	}
	for _, f := range got {
		a, _ := os.ReadFile(filepath.Join(dirA, f))
		b, _ := os.ReadFile(filepath.Join(dirB, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two sets from the same seed", f)
		}
	}
	// TestFrame gives a frame of the set without writing the set.
	jpg, truth, err := TestFrame(9, 2, 640, 360)
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := os.ReadFile(filepath.Join(dirA, "test", "frame-0002.jpg")); !bytes.Equal(a, jpg) || truth.Image != "frame-0002.jpg" {
		t.Errorf("TestFrame(9, 2) is not frame-0002 of the set (image %q)", truth.Image)
	}
}

func listFiles(t *testing.T, dir string) []string {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

func checkTeachImage(t *testing.T, path string, w, h int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if img.Bounds() != image.Rect(0, 0, w, h) {
		t.Errorf("%s: size %v, want %d×%d", path, img.Bounds(), w, h)
	}
}

func checkTestFrame(t *testing.T, dir, name string, w, h int) {
	js, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var tr Truth
	if err := json.Unmarshal(js, &tr); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"image"`, `"width"`, `"height"`, `"background"`, `"light"`, `"dice"`, `"kind"`, `"face"`,
		`"x"`, `"y"`, `"size"`, `"angle"`, `"tilt"`, `"glare"`, `"touching"`, `"blur"`} {
		if !bytes.Contains(js, []byte(key)) {
			t.Errorf("%s.json lacks %s", name, key)
		}
	}
	if tr.Image != name+".jpg" || tr.Width != w || tr.Height != h || len(tr.Dice) != 11 {
		t.Errorf("%s.json: image %q %d×%d with %d dice", name, tr.Image, tr.Width, tr.Height, len(tr.Dice))
	}
	if tr.Quality < 60 || tr.Quality > 95 {
		t.Errorf("%s.json: JPEG quality %d outside 60..95", name, tr.Quality)
	}
	f, err := os.Open(filepath.Join(dir, name+".jpg"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, w, h) {
		t.Errorf("%s.jpg: size %v, want %d×%d", name, img.Bounds(), w, h)
	}
}

// meanDiff is the mean absolute difference of two same-size RGBA pictures.
func meanDiff(a, b image.Image) float64 {
	pa, pb := a.(*image.RGBA).Pix, b.(*image.RGBA).Pix
	s := 0.0
	for i := range pa {
		s += math.Abs(float64(pa[i]) - float64(pb[i]))
	}
	return s / float64(len(pa))
}

func TestVirtualCamera_StillShakeRollUnplug(t *testing.T) {
	cam, err := NewVirtualCamera(5, Options{Width: 480, Height: 320, MinSize: 40, MaxSize: 60, Noise: 2, Background: "wood",
		Dice: []KindFace{{vision.KindTrick, ""}, {vision.KindBank, ""}, {vision.KindSetupAcademy, ""}}})
	if err != nil {
		t.Fatal(err)
	}
	frame := func() image.Image {
		t.Helper()
		f, err := cam.Frame()
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	still := frame()
	next := frame()
	noise := meanDiff(still, next)
	if noise == 0 || noise > 3.5 {
		t.Errorf("two still frames differ by %.2f, want fresh noise only (0 < d ≤ 3.5)", noise)
	}
	cam.Shake(3)
	for i := 0; i < 3; i++ {
		if d := meanDiff(still, frame()); d < 1.5*noise+1 {
			t.Errorf("shaken frame %d differs from the still scene by %.2f, noise alone %.2f", i, d, noise)
		}
	}
	if d := meanDiff(still, frame()); d > 3.5 {
		t.Errorf("after the shake the frame differs from the still scene by %.2f", d)
	}
	before := cam.Truth()
	after, err := cam.Roll()
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(before.Dice) == fmt.Sprint(after.Dice) || fmt.Sprint(cam.Truth()) != fmt.Sprint(after) {
		t.Error("Roll did not change the dice")
	}
	if d := meanDiff(still, frame()); d < 1.5*noise+1 {
		t.Errorf("a new roll differs from the old scene by only %.2f", d)
	}
	cam.Unplug()
	if _, err := cam.Frame(); !errors.Is(err, vision.ErrSourceGone) {
		t.Errorf("unplugged: error %v, want ErrSourceGone", err)
	}
	cam.Replug()
	frame()
	if err := cam.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := cam.Frame(); !errors.Is(err, vision.ErrSourceGone) {
		t.Errorf("closed: error %v, want ErrSourceGone", err)
	}
}

// The truth's angle points to the face's top: on a Turn Setup die the "up"
// bar is there (ink), while the opposite point, between the lower slots,
// shows the body.
func TestFrame_AngleMatchesGlyph(t *testing.T) {
	for _, tilt := range []float64{0, 25} {
		for seed := uint64(1); seed <= 6; seed++ {
			dice := []KindFace{{vision.KindSetupAcademy, "12"}, {vision.KindSetupTheater, "34"}}
			img, tr, err := Frame(seed, Options{Dice: dice, Light: "even", Noise: -1, Tilt: tilt, MinSize: 80, MaxSize: 110})
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range tr.Dice {
				half := float64(d.Size) / 2
				upX, upY := sind(d.Angle), -cosd(d.Angle)
				at := func(k float64) float64 { // grey level k half-sides up
					p := img.RGBAAt(int(float64(d.X)+k*half*upX), int(float64(d.Y)+k*half*upY))
					return (float64(p.R) + float64(p.G) + float64(p.B)) / 3
				}
				// brightest near the bar (perspective moves it a little)
				up := math.Max(at(0.56), math.Max(at(0.6), at(0.64)))
				down := at(-0.6) // between the lower discs
				if dice[i].Kind == vision.KindSetupTheater {
					down = math.Min(at(0.38), at(0.42)) // the gap between the bar and the weekday marks
				}
				if up < 200 {
					t.Errorf("tilt %v seed %d die %d: top of the face %v, want the white up bar", tilt, seed, i, up)
				}
				if down > 170 {
					t.Errorf("tilt %v seed %d die %d: %v where the body should show", tilt, seed, i, down)
				}
			}
		}
	}
}

// TeachImage renders the teach image WriteSetWith writes.
func TestTeachImageIsTheSetsTeachImage(t *testing.T) {
	dir := t.TempDir()
	if _, err := WriteSetWith(dir, 5005, SetOptions{PerFace: 2, Count: -1, TeachW: 160, TeachH: 120}); err != nil {
		t.Fatal(err)
	}
	img, err := TeachImage(5005, "setup-theater", "13", 1, 160, 120)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "teach", "setup-theater", "13", "001.png"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Error("TeachImage differs from the set's 001.png")
	}
	if _, err := TeachImage(5005, "setup-theater", "99", 0, 160, 120); err == nil {
		t.Error("no error for a face that is not one")
	}
}

// TeachOptions film one die of the kind and face asked, at the size asked.
func TestTeachOptionsFilmOneDie(t *testing.T) {
	cam, err := NewVirtualCamera(3, TeachOptions(3, "bank", "5", 1280, 720))
	if err != nil {
		t.Fatal(err)
	}
	tr := cam.Truth()
	if len(tr.Dice) != 1 || tr.Dice[0].Kind != "bank" || tr.Dice[0].Face != "5" || tr.Width != 1280 || tr.Height != 720 {
		t.Errorf("truth %+v, want one bank die showing 5 in a 1280×720 frame", tr)
	}
}

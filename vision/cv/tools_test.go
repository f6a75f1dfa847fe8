package cv

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// The tests in this file are tools for looking into the reader, run by
// hand on a rendered set (`tableside dice bench --dir DIR`); they skip
// unless their environment variables are set.

// TestDiag teaches from $TABLESIDE_DIAG/teach, reads $TABLESIDE_DIAG/test
// and tells for every die read unsure or wrong which piece of evidence was
// weakest (fit, margin, kind or templates), counting the causes. With
// $TABLESIDE_DIAG_OUT it also writes one line per matched die (its truth,
// its reading, every piece of evidence, and how far the centres of its
// first and final placements lie from the true one, in sides; last, what
// sureChecks sees at the final placement: its edges' turn in degrees and
// their coherence, and the ring's luminance) to that file, to look for
// what tells confident wrong faces from confident right ones.
//
//	TABLESIDE_DIAG=/tmp/f5 TABLESIDE_DIAG_OUT=/tmp/all5.tsv go test -run TestDiag -v ./vision/cv
func TestDiag(t *testing.T) {
	dir, _ := renderedSet(t, "TABLESIDE_DIAG")
	out := os.Getenv("TABLESIDE_DIAG_OUT")
	m, err := Teach(filepath.Join(dir, "teach"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("margin %.2f, held out %d, wrong %d", m.Margin, m.heldOut, len(m.heldOutWrong))
	r := NewReader(m)
	defer r.Close()
	causes := map[string]int{}
	lines := []string{"frame\ttruth\tgot\tok\tconf\tfit\tface\ttmpl\tkind\tmarginr\tkm\tresid\trim\tglare\tgshare\ttry\tside\tmedside\ttruesize\tcond\tcause\tangerr\tdoubt\tcerr0\tcerr\trc\teturn\tecoh\tbodyL"}
	eachMatchedDie(t, r, dir, func(name string, tr synth.Truth, d synth.DieTruth, c candidate, med float64, frame gocv.Mat) {
		v, cl := c.v, m.Classes[c.v.class]
		lk := r.lookAt(frame, v.at)
		ok, cause := 0, ""
		if cl.Face == d.Face {
			ok = 1
		}
		if v.conf < m.Threshold || ok == 0 {
			cause = causeOf(m, v, ok == 1)
			causes[cause]++
		}
		lines = append(lines, fmt.Sprintf("%s\t%s/%s\t%s/%s\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.4f\t%.2f\t%v\t%.3f\t%d\t%.1f\t%.1f\t%d\t%s\t%s\t%.1f\t%s\t%.3f\t%.3f\t%.1f,%.1f,%.1f,%.1f\t%.1f\t%.2f\t%.0f",
			name, d.Kind, d.Face, cl.Kind, cl.Face, ok, v.conf, v.fit, v.faceEv, v.tmplEv, v.kindEv, v.margin/m.Margin, v.kindMargin, v.resid, v.rim, v.glare, v.glareShare, v.try, c.rc.side(), med, d.Size, strings.Join(conditions(tr, d), ","), cause, angleErr90(placementOf(v.at).Angle, d.Angle), v.doubt,
			math.Hypot(c.rc.C.X-float64(d.X), c.rc.C.Y-float64(d.Y))/float64(d.Size), math.Hypot(v.at.C.X-float64(d.X), v.at.C.Y-float64(d.Y))/float64(d.Size), c.rc.C.X, c.rc.C.Y, c.rc.side(), c.rc.Angle*180/math.Pi, lk.turn*180/math.Pi, lk.coh, lk.lum))
	})
	t.Logf("causes of the unsure and wrong dice: %v", causes)
	if out != "" {
		if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// causeOf names the weakest evidence of a die read unsure or wrong.
func causeOf(m *Model, v verdict, right bool) string {
	cause := "templates"
	switch {
	case v.fit < 1:
		cause = "fit"
	case v.margin/m.Margin < 1:
		cause = "margin"
	case v.kindMargin < minKindZ:
		cause = "kind"
	}
	if !right {
		cause += "-wrongguess"
	}
	if !right && v.conf >= m.Threshold {
		cause = "CONFIDENT-WRONG"
	}
	return cause
}

// renderedSet is the rendered set named by the environment variable env
// (its directory and its test frames in order); the test skips without it.
func renderedSet(t *testing.T, env string) (string, []string) {
	dir := os.Getenv(env)
	if dir == "" {
		t.Skip("set " + env + " to a rendered set's directory (tableside dice bench --dir DIR)")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "test", "*.jpg"))
	sort.Strings(paths)
	return dir, paths
}

// loadFrame reads a rendered frame and its truth; the caller closes the
// frame.
func loadFrame(t *testing.T, path string) (synth.Truth, gocv.Mat) {
	tr, err := synth.LoadTruth(strings.TrimSuffix(path, ".jpg") + ".json")
	if err != nil {
		t.Fatal(err)
	}
	frame, err := ReadImageFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return tr, frame
}

// eachMatchedDie reads every frame of dir/test and calls fn for each true
// die with the candidate nearest to it (within half its side), and the
// median side of the frame's candidates.
func eachMatchedDie(t *testing.T, r *Reader, dir string, fn func(name string, tr synth.Truth, d synth.DieTruth, c candidate, med float64, frame gocv.Mat)) {
	files, _ := filepath.Glob(filepath.Join(dir, "test", "*.json"))
	sort.Strings(files)
	for _, f := range files {
		b, _ := os.ReadFile(f)
		var tr synth.Truth
		if err := json.Unmarshal(b, &tr); err != nil {
			t.Fatal(err)
		}
		frame := gocv.IMRead(strings.TrimSuffix(f, ".json")+".jpg", gocv.IMReadColor)
		r.read(frame)
		var sides []float64
		for _, c := range r.cands {
			sides = append(sides, c.rc.side())
		}
		sort.Float64s(sides)
		med := 0.0
		if len(sides) > 0 {
			med = sides[len(sides)/2]
		}
		for _, d := range tr.Dice {
			bi, bd := -1, float64(d.Size)/2
			for j, c := range r.cands {
				if e := math.Hypot(c.rc.C.X-float64(d.X), c.rc.C.Y-float64(d.Y)); e < bd {
					bi, bd = j, e
				}
			}
			if bi >= 0 {
				fn(filepath.Base(f), tr, d, r.cands[bi], med, frame)
			}
		}
		frame.Close()
	}
}

// dumpReader loads the model and frame that TestDump and TestDumpRead
// look at, and the directory they write into.
func dumpReader(t *testing.T) (*Reader, gocv.Mat, string) {
	path, model, dir := os.Getenv("TABLESIDE_DUMP"), os.Getenv("TABLESIDE_DUMP_MODEL"), os.Getenv("TABLESIDE_DUMP_DIR")
	if path == "" || model == "" || dir == "" {
		t.Skip("set TABLESIDE_DUMP (a frame), TABLESIDE_DUMP_MODEL and TABLESIDE_DUMP_DIR")
	}
	m, err := Load(model)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(m)
	t.Cleanup(r.Close)
	frame := gocv.IMRead(path, gocv.IMReadColor)
	t.Cleanup(func() { frame.Close() })
	return r, frame, dir
}

// writePatch writes a rectified patch (patchNN.png) and its ink map
// (inkNN.png) as the reader sees them.
func writePatch(t *testing.T, dir, patch, ink string, i int, p []byte) {
	bgr := image.NewRGBA(image.Rect(0, 0, patchSize, patchSize))
	for j := 0; j < patchSize*patchSize; j++ {
		bgr.Set(j%patchSize, j/patchSize, color.RGBA{p[3*j+2], p[3*j+1], p[3*j], 255})
	}
	g := image.NewGray(image.Rect(0, 0, patchSize, patchSize))
	for j, x := range featureOf(p).ink {
		g.Pix[j] = uint8(math.Max(0, math.Min(255, float64(x)*255)))
	}
	writePNG(t, filepath.Join(dir, fmt.Sprintf("%s%02d.png", patch, i)), bgr)
	writePNG(t, filepath.Join(dir, fmt.Sprintf("%s%02d.png", ink, i)), g)
}

// TestDump is a tool for looking at one frame as the reader sees it: for
// every found die it prints the placed top face and its first reading,
// and writes the rectified patch (pNN.png) and its ink map (iNN.png).
//
//	TABLESIDE_DUMP=/tmp/f5/test/frame-0070.jpg TABLESIDE_DUMP_MODEL=/tmp/f5/model.bin \
//	  TABLESIDE_DUMP_DIR=/tmp/dump go test -run 'TestDump$' -v ./vision/cv
func TestDump(t *testing.T) {
	r, frame, dir := dumpReader(t)
	fs, mask, scale := r.det.find(frame)
	r.q.useMask(mask, scale)
	defer r.q.useMask(gocv.Mat{}, 0)
	r.q.refineAll(frame, fs)
	for i, f := range fs {
		v := r.classifyAt(frame, f.r)
		c := r.m.Classes[v.class]
		t.Logf("%02d: centre %.0f,%.0f %.0fx%.0f at %.1f° solid %v: %s/%s conf %.2f resid %.3f margin %.2f kind margin %.2f fit %.2f rim %.2f",
			i, f.r.C.X, f.r.C.Y, f.r.W, f.r.H, f.r.Angle*180/math.Pi, f.solid, c.Kind, c.Face, v.conf, v.resid, v.margin, v.kindMargin, v.fit, v.rim)
		writePatch(t, dir, "p", "i", i, r.q.patch(frame, f.r))
	}
}

// TestDumpRead is TestDump after the whole reading: the patch and ink map
// of every die at the placement the reader kept (fNN.png, gNN.png).
//
//	TABLESIDE_DUMP=/tmp/f5/test/frame-0070.jpg TABLESIDE_DUMP_MODEL=/tmp/f5/model.bin \
//	  TABLESIDE_DUMP_DIR=/tmp/dump go test -run TestDumpRead -v ./vision/cv
func TestDumpRead(t *testing.T) {
	r, frame, dir := dumpReader(t)
	r.read(frame)
	for i, c := range r.cands {
		v := c.v
		cl := r.m.Classes[v.class]
		t.Logf("%02d: centre %.0f,%.0f %.0fx%.0f at %.1f°: %s/%s conf %.2f resid %.3f face %.2f tmpl %.2f fit %.2f rim %.2f try %d",
			i, v.at.C.X, v.at.C.Y, v.at.W, v.at.H, v.at.Angle*180/math.Pi, cl.Kind, cl.Face, v.conf, v.resid, v.faceEv, v.tmplEv, v.fit, v.rim, v.try)
		writePatch(t, dir, "f", "g", i, r.q.patch(frame, v.at))
	}
}

// TestDumpTries is a tool for following one die through the reading: it
// lists every placement tried for the die found nearest
// $TABLESIDE_DUMP_AT ("x,y", frame pixels) and what was read there, then
// the final reading.
//
//	TABLESIDE_DUMP=/tmp/f5/test/frame-0070.jpg TABLESIDE_DUMP_MODEL=/tmp/f5/model.bin \
//	  TABLESIDE_DUMP_DIR=/tmp/dump TABLESIDE_DUMP_AT=640,360 go test -run TestDumpTries -v ./vision/cv
func TestDumpTries(t *testing.T) {
	var at pt
	if _, err := fmt.Sscanf(os.Getenv("TABLESIDE_DUMP_AT"), "%f,%f", &at.X, &at.Y); err != nil {
		t.Skip("set TABLESIDE_DUMP_AT=x,y too")
	}
	r, frame, _ := dumpReader(t)
	best := math.Inf(1)
	var lines []string
	r.trace = func(found rect, v verdict) {
		d := math.Hypot(found.C.X-at.X, found.C.Y-at.Y)
		if d >= best {
			return
		}
		best, lines = d, nil
		for i, w := range r.tried {
			lines = append(lines, fmt.Sprintf("try %d: %s", i, describe(r.m, w)))
		}
		lines = append(lines, "final: "+describe(r.m, v))
	}
	r.read(frame)
	for _, l := range lines {
		t.Log(l)
	}
}

// describe tells a reading and where it was made.
func describe(m *Model, v verdict) string {
	c := m.Classes[v.class]
	return fmt.Sprintf("at %.0f,%.0f side %.1f turned %.1f°: %s/%s conf %.2f resid %.3f face %.2f tmpl %.2f fit %.2f doubt %q",
		v.at.C.X, v.at.C.Y, v.at.side(), v.at.Angle*180/math.Pi, c.Kind, c.Face, v.conf, v.resid, v.faceEv, v.tmplEv, v.fit, v.doubt)
}

// TestPlaceDiag measures the steps of top-face placement against a
// rendered set's truth (TABLESIDE_PLACE=DIR): the side of the top faces
// found on their own, the frame's size model, and the placed squares.
func TestPlaceDiag(t *testing.T) {
	_, paths := renderedSet(t, "TABLESIDE_PLACE")
	det := newDetector()
	defer det.Close()
	q := newRectifier()
	defer q.Close()
	stats := map[string][]float64{}
	add := func(k string, v float64) { stats[k] = append(stats[k], v) }
	for _, p := range paths {
		tr, frame := loadFrame(t, p)
		fs, mask, scale := det.find(frame)
		q.useMask(mask, scale)
		var xs, ys, ss []float64
		refined := make([]rect, len(fs))
		ok := make([]bool, len(fs))
		var shapes [][3]float64
		for i := range fs {
			var sh [3]float64
			refined[i], sh, ok[i] = q.refineShape(fs[i].r, q.view(frame, fs[i].r))
			if ok[i] {
				shapes = append(shapes, sh)
				xs, ys, ss = append(xs, refined[i].C.X), append(ys, refined[i].C.Y), append(ss, refined[i].side())
			}
		}
		size := sizeModel(xs, ys, ss)
		if len(shapes) > 0 {
			k, dir := squashOf(shapes)
			t.Logf("%s tilt %.1f cos %.3f: k %.3f dir %.0f°", filepath.Base(p), tr.Dice[0].Tilt, math.Cos(tr.Dice[0].Tilt*math.Pi/180), k, dir*180/math.Pi)
		}
		for i := range fs {
			var best *synth.DieTruth
			for k := range tr.Dice {
				d := &tr.Dice[k]
				if math.Hypot(float64(d.X)-fs[i].r.C.X, float64(d.Y)-fs[i].r.C.Y) < 0.5*float64(d.Size) {
					best = d
				}
			}
			if best == nil {
				continue
			}
			s := float64(best.Size)
			cond := "sharp"
			if best.Blur {
				cond = "blur"
			}
			deg := func(a float64) float64 { return angleErr90(a*180/math.Pi, best.Angle) }
			add("angle-blob/"+cond, deg(fs[i].r.Angle))
			if best.Tilt > 15 {
				add("angle-blob/tilt", deg(fs[i].r.Angle))
			}
			if ok[i] {
				add("angle-refined/"+cond, deg(refined[i].Angle))
				if best.Tilt > 15 {
					add("angle-refined/tilt", deg(refined[i].Angle))
				}
				add("refined/"+cond, refined[i].side()/s-1)
				add("refinedW-H/"+cond, math.Abs(refined[i].W-refined[i].H)/s)
			} else {
				add("notrefined/"+cond, 0)
			}
			add("model/"+cond, size(refined[i].C.X, refined[i].C.Y)/s-1)
		}
		q.useMask(mask, 0)
		frame.Close()
	}
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		v := stats[k]
		sort.Float64s(v)
		fmt.Fprintf(&b, "%-22s n %5d  p5 %+.3f p25 %+.3f med %+.3f p75 %+.3f p95 %+.3f\n", k, len(v), v[len(v)*5/100], v[len(v)/4], v[len(v)/2], v[len(v)*3/4], v[len(v)*95/100])
	}
	t.Log("\n" + b.String())
}

// The oracle evaluation classifies every true die of a rendered set at its
// true placement (centre, side and angle from the sidecar), and at
// placements off by a little, so that the classifier's errors are told
// from the placement's. It runs on a set rendered by `tableside dice bench
// --dir DIR` when TABLESIDE_ORACLE=DIR is set (the model DIR/model.bin if
// there is one, else taught from DIR/teach):
//
//	TABLESIDE_ORACLE=/tmp/vc3 go test -run TestOracle -v ./vision/cv
func TestOracle(t *testing.T) {
	dir, paths := renderedSet(t, "TABLESIDE_ORACLE")
	m, err := Load(filepath.Join(dir, "model.bin"))
	if err != nil || os.Getenv("TABLESIDE_ORACLE_TEACH") != "" {
		if m, err = Teach(filepath.Join(dir, "teach")); err != nil {
			t.Fatal(err)
		}
	}
	if n := os.Getenv("TABLESIDE_ORACLE_FRAMES"); n != "" {
		var k int
		fmt.Sscan(n, &k)
		if k < len(paths) {
			paths = paths[:k]
		}
	}
	q := newRectifier()
	defer q.Close()
	type perturb struct {
		name          string
		dx, dy, k, da float64 // shift (fraction of side), scale, angle (degrees)
	}
	ps := []perturb{
		{"exact", 0, 0, 1, 0},
		{"shift 5%", 0.05, 0, 1, 0},
		{"shift 5% diag", 0.035, 0.035, 1, 0},
		{"scale 0.93", 0, 0, 0.93, 0},
		{"scale 1.07", 0, 0, 1.07, 0},
		{"angle 5", 0, 0, 1, 5},
		{"angle -5", 0, 0, 1, -5},
	}
	type tally struct{ n, ok, unsure, wrong, wrongKind int }
	res := make([]tally, len(ps))
	byCond := map[string]*tally{}
	var wrongs []string
	limits := map[string]int{}
	var okMargins, badMargins []float64
	for _, p := range paths {
		tr, frame := loadFrame(t, p)
		for _, d := range tr.Dice {
			a := d.Angle * math.Pi / 180
			for i, pp := range ps {
				ux, uy := math.Cos(a), math.Sin(a)
				s := float64(d.Size)
				rc := rect{C: pt{float64(d.X) + (pp.dx*ux-pp.dy*uy)*s, float64(d.Y) + (pp.dx*uy+pp.dy*ux)*s},
					W: s * pp.k, H: s * pp.k, Angle: a + pp.da*math.Pi/180}
				v := m.classify(featureOf(q.patch(frame, rc)))
				c := m.Classes[v.class]
				if i == 0 {
					if c.Face == d.Face {
						okMargins = append(okMargins, v.margin)
					} else {
						badMargins = append(badMargins, v.margin)
						wrongs = append(wrongs, fmt.Sprintf("ARGMAX %s: %s/%s read %s/%s margin %.1f fit %.2f zTrue %.1f (%s)", filepath.Base(p), d.Kind, d.Face, c.Kind, c.Face, v.margin, v.fit, colourZ(featureOf(q.patch(frame, rc)).col, m.Colours[kindIndex(m, d.Kind)]), strings.Join(conditions(tr, d), ",")))
					}
				}
				tl := &res[i]
				tl.n++
				out := "ok"
				switch {
				case v.conf < m.Threshold:
					tl.unsure++
					out = "unsure"
					if i == 0 {
						lim := "margin"
						if v.fit < v.margin/m.Margin && v.fit < v.kindMargin/minKindZ {
							lim = "fit"
						} else if v.kindMargin/minKindZ < v.margin/m.Margin {
							lim = "kind"
						}
						limits[lim]++
					}
				case c.Face != d.Face:
					tl.wrong++
					out = "wrong"
					wrongs = append(wrongs, fmt.Sprintf("%s %s: %s/%s read %s/%s %.2f (%s)", pp.name, filepath.Base(p), d.Kind, d.Face, c.Kind, c.Face, v.conf, strings.Join(conditions(tr, d), ",")))
				case c.Kind != d.Kind && !m.isTwinKind(v, d.Kind):
					tl.wrongKind++
					out = "wrongkind"
				default:
					tl.ok++
				}
				if i == 0 {
					for _, cn := range append(conditions(tr, d), "all") {
						if byCond[cn] == nil {
							byCond[cn] = &tally{}
						}
						b := byCond[cn]
						b.n++
						switch out {
						case "ok":
							b.ok++
						case "unsure":
							b.unsure++
						case "wrong":
							b.wrong++
						default:
							b.wrongKind++
						}
					}
				}
			}
		}
		frame.Close()
	}
	pc := func(a, n int) float64 { return 100 * float64(a) / float64(max(n, 1)) }
	var b strings.Builder
	fmt.Fprintf(&b, "%-16s %6s %8s %8s %8s %8s\n", "placement", "dice", "correct", "unsure", "wrong", "wrongkind")
	for i, pp := range ps {
		r := res[i]
		fmt.Fprintf(&b, "%-16s %6d %7.2f%% %7.2f%% %7.2f%% %7.2f%%\n", pp.name, r.n, pc(r.ok, r.n), pc(r.unsure, r.n), pc(r.wrong, r.n), pc(r.wrongKind, r.n))
	}
	var cs []string
	for c := range byCond {
		cs = append(cs, c)
	}
	sort.Strings(cs)
	fmt.Fprintf(&b, "exact placement by condition:\n")
	for _, c := range cs {
		r := byCond[c]
		fmt.Fprintf(&b, "%-28s %6d %7.2f%% %7.2f%% %7.2f%% %7.2f%%\n", c, r.n, pc(r.ok, r.n), pc(r.unsure, r.n), pc(r.wrong, r.n), pc(r.wrongKind, r.n))
	}
	fmt.Fprintf(&b, "unsure at exact placement limited by %v; sure margin %.2f; %d of %d held-out variants wrong, margins %v\n", limits, m.Margin, len(m.heldOutWrong), m.heldOut, tail(m.heldOutWrong))
	sort.Float64s(okMargins)
	sort.Float64s(badMargins)
	fmt.Fprintf(&b, "exact: %d right faces, margins at 1,2,5,10%%: %.1f %.1f %.1f %.1f; %d wrong faces, margins %v\n", len(okMargins),
		okMargins[len(okMargins)/100], okMargins[len(okMargins)/50], okMargins[len(okMargins)/20], okMargins[len(okMargins)/10], len(badMargins), tail(badMargins))
	for i, w := range wrongs {
		if i >= 60 {
			break
		}
		fmt.Fprintln(&b, "  "+w)
	}
	t.Log("\n" + b.String())
}

// isTwinKind reports whether kind is the kind of a twin the verdict may be.
func (m *Model) isTwinKind(v verdict, kind string) bool {
	for _, a := range v.alts {
		if m.Classes[a].Kind == kind {
			return true
		}
	}
	return false
}

// tail is the last few values of a sorted slice.
func tail(v []float64) []float64 {
	if len(v) > 12 {
		return v[len(v)-12:]
	}
	return v
}

func kindIndex(m *Model, kind string) int {
	for i, c := range m.Colours {
		if c.Kind == kind {
			return i
		}
	}
	return 0
}

// TestGlareDiag is a tool for looking at the dice a rendered set's
// reading leaves unsure or wrong (TABLESIDE_GLARE=DIR; the model
// DIR/model.bin). For each it prints, at the placement the reader kept:
// the polarity and how far the body colour lies from its kind's (gateZ),
// the rank of its true class among the classes the scores keep (-1: its
// kind's colour ruled out), the glare fits of the likeliest classes (as
// glareRead fits them), and its true class fitted alone (the glare placed
// by that class) with what its glare taken out reads. It counts where
// the true class was lost.
//
//	TABLESIDE_GLARE=/tmp/b/k24 go test -run TestGlareDiag -v ./vision/cv
func TestGlareDiag(t *testing.T) {
	dir, _ := renderedSet(t, "TABLESIDE_GLARE")
	m, err := Load(filepath.Join(dir, "model.bin"))
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(m)
	defer r.Close()
	counts := map[string]int{}
	eachMatchedDie(t, r, dir, func(name string, tr synth.Truth, d synth.DieTruth, c candidate, _ float64, _ gocv.Mat) {
		if c.v.conf >= m.Threshold && m.Classes[c.v.class].Face == d.Face {
			return
		}
		_, frame := loadFrame(t, filepath.Join(dir, "test", strings.TrimSuffix(name, ".json")+".jpg"))
		defer frame.Close()
		line, where := glareDiagLine(m, r.q.patch(frame, c.v.at), c.v, d)
		counts[where]++
		t.Logf("%s %s/%s: %s | %s", name, d.Kind, d.Face, line, strings.Join(conditions(tr, d), ","))
	})
	t.Logf("where the true class was lost: %v", counts)
}

// glareDiagLine describes TestGlareDiag's look at patch p, read v, of a
// die with truth d, and names where its true class was lost.
func glareDiagLine(m *Model, p []byte, v verdict, d synth.DieTruth) (string, string) {
	truth := slices.IndexFunc(m.Classes, func(c Class) bool { return c.Kind == d.Kind && c.Face == d.Face })
	if truth < 0 {
		return "no such class in the model", "no class"
	}
	f := featureOf(p)
	cs, turn, _ := m.rankedClasses(f)
	rank := slices.Index(cs, truth)
	name := func(c int) string { return m.Classes[c].Kind + "/" + m.Classes[c].Face }
	var fits []glareClassFit
	var shown []string
	if len(cs) > 0 {
		fits = m.glareFits(p, cs[:min(len(cs), glareClasses)], turn)
		for _, g := range fits[:min(4, len(fits))] {
			shown = append(shown, fmt.Sprintf("%s %.3f", name(g.class), g.resid))
		}
	}
	alone := m.glareFits(p, []int{truth}, allTurns)[0]
	w := m.deglaredRead(p, f, alone)
	line := fmt.Sprintf("read %s %.2f; polarity %+d, colour %.1f spreads from its kind's; rank %d of %d; fits [%s]; alone %.3f, deglared %s %.2f",
		name(v.class), v.conf, f.pol, gateZ(f.col, m.Colours[m.colOf[truth]]), rank, len(cs), strings.Join(shown, ", "), alone.resid, name(w.class), w.conf)
	switch {
	case rank < 0:
		return line, "colour ruled it out"
	case rank >= glareClasses:
		return line, "ranked beyond the fitted"
	case m.Classes[fits[0].class].Face == d.Face:
		return line, "fits best, left unsure"
	case alone.resid < fits[0].resid:
		return line, "fits best alone"
	}
	return line, "another face fits better"
}

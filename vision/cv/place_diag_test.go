package cv

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tableside/vision/synth"
)

// TestPlaceDiag measures the steps of top-face placement against a
// rendered set's truth (TABLESIDE_PLACE=DIR): the side of the top faces
// found on their own, the frame's size model, and the placed squares.
func TestPlaceDiag(t *testing.T) {
	dir := os.Getenv("TABLESIDE_PLACE")
	if dir == "" {
		t.Skip("set TABLESIDE_PLACE to a rendered set's directory")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "test", "*.jpg"))
	sort.Strings(paths)
	det := newDetector()
	defer det.Close()
	q := newRectifier()
	defer q.Close()
	stats := map[string][]float64{}
	add := func(k string, v float64) { stats[k] = append(stats[k], v) }
	for _, p := range paths {
		tr, err := synth.LoadTruth(strings.TrimSuffix(p, ".jpg") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		frame, err := ReadImageFile(p)
		if err != nil {
			t.Fatal(err)
		}
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

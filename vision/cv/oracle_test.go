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
		tr, err := synth.LoadTruth(strings.TrimSuffix(p, ".jpg") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		frame, err := ReadImageFile(p)
		if err != nil {
			t.Fatal(err)
		}
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

package cv

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"tableside/vision"
	"tableside/vision/internal/portable"
	"tableside/vision/synth"
)

// Outcome of reading one true die.
const (
	Correct   = "correct"   // right face, confident
	Unsure    = "unsure"    // reported unsure
	WrongFace = "wrong"     // a confident wrong face
	Missed    = "missed"    // not found at all
	WrongKind = "wrongkind" // right face, confident, wrong kind
	// LookAlike: an X face read with the kind of its look-alike twin
	// (Specialist and Apprentice dice share one body colour in the
	// renderer): the kind was chosen by how many dice of each kind a frame
	// holds, which cannot tell two X faces apart.
	LookAlike = "lookalike"
)

// lookAlikeKinds are the kinds whose X faces look alike in the renderer.
var lookAlikeKinds = map[string]bool{vision.KindSpecialist: true, vision.KindApprentice: true}

// Tally counts outcomes over many frames, by condition.
type Tally struct {
	Dice   int
	Frames int // readings added (frames, or rolls each read from several)
	// Unit names what Frames counts in Report ("": "frames").
	Unit     string
	Outcomes map[string]int
	// ByCond[condition][outcome]: conditions glare, touching, blur,
	// tilt>15, light=..., background=..., kind=...
	ByCond map[string]map[string]int
	Extra  int      // dice reported where there was none
	Errors []string // descriptions of confident errors, misses and extra dice
	// UnsureGuessed counts the unsure dice whose best guess (never
	// reported) was the right face: a doubt, not a misread.
	UnsureGuessed int
	// Misreads describe the unsure dice and their best guesses.
	Misreads []string
	// Place[condition] are the placement errors of the matched dice whose
	// placement is known (AddPlaced).
	Place map[string]*PlaceErrors
}

// PlaceErrors are the errors of top-face placements against the truth,
// one entry per matched die: centre distance over the true side, side
// over the true side minus 1, angle difference modulo 90° (degrees, in
// [0,45]).
type PlaceErrors struct {
	Centre, Side, Angle []float64
}

func (p *PlaceErrors) add(d synth.DieTruth, pl Placement) {
	size := float64(d.Size)
	p.Centre = append(p.Centre, portable.Hypot(pl.X-float64(d.X), pl.Y-float64(d.Y))/size)
	p.Side = append(p.Side, pl.Side/size-1)
	p.Angle = append(p.Angle, angleErr90(pl.Angle, d.Angle))
}

// angleErr90 is the difference of two angles in degrees modulo 90° (a
// square face looks the same turned by 90°), in [0,45].
func angleErr90(a, b float64) float64 {
	d := math.Mod(a-b, 90)
	if d < 0 {
		d += 90
	}
	return math.Min(d, 90-d)
}

// NewTally makes an empty Tally.
func NewTally() *Tally {
	return &Tally{Outcomes: map[string]int{}, ByCond: map[string]map[string]int{}, Place: map[string]*PlaceErrors{}}
}

// Add scores one reading against its truth: each true die is matched with
// the nearest reported die within half a die.
func (t *Tally) Add(tr synth.Truth, rd vision.Reading) { t.AddPlaced(tr, rd, nil) }

// AddPlaced is Add that also scores the placements of the reading's dice
// (ps[i] is where die i's top face was placed; nil: unknown).
func (t *Tally) AddPlaced(tr synth.Truth, rd vision.Reading, ps []Placement) {
	t.Frames++
	used := make([]bool, len(rd.Dice))
	for _, d := range tr.Dice {
		j := nearest(d, rd.Dice, used)
		out := Missed
		if j >= 0 {
			used[j] = true
			out = outcome(d, rd.Dice[j])
			if j < len(ps) {
				t.place(tr, d, ps[j])
			}
		}
		t.count(tr, d, out)
		misread := out == Unsure && rd.Dice[j].Guess != d.Face
		if out == Unsure && !misread {
			t.UnsureGuessed++
		}
		if out == WrongFace || out == Missed || out == WrongKind || out == Unsure {
			got := "nothing"
			if j >= 0 {
				e := rd.Dice[j]
				got = fmt.Sprintf("%s/%s (%.2f)", e.Kind, e.Face, e.Confidence)
				if out == Unsure {
					out, got = "unsure, best guess right", fmt.Sprintf("%s/%s? (%.2f)", e.Kind, e.Guess, e.Confidence)
				}
				if misread {
					out = "unsure, best guess wrong"
				}
			}
			line := fmt.Sprintf("%s: %s %s/%s at %d,%d size %d %s: got %s",
				tr.Image, out, d.Kind, d.Face, d.X, d.Y, d.Size, strings.Join(conditions(tr, d), ","), got)
			if out != WrongFace && out != Missed && out != WrongKind {
				t.Misreads = append(t.Misreads, line)
			} else {
				t.Errors = append(t.Errors, line)
			}
		}
	}
	for j, u := range used {
		if !u {
			t.Extra++
			e := rd.Dice[j]
			t.Errors = append(t.Errors, fmt.Sprintf("%s: extra %s/%s (%.2f) at %d,%d size %d",
				tr.Image, e.Kind, e.Face, e.Confidence, e.X, e.Y, e.Size))
		}
	}
}

func (t *Tally) place(tr synth.Truth, d synth.DieTruth, pl Placement) {
	for _, c := range append(conditions(tr, d), "all") {
		if t.Place[c] == nil {
			t.Place[c] = &PlaceErrors{}
		}
		t.Place[c].add(d, pl)
	}
}

func nearest(d synth.DieTruth, ds []vision.Die, used []bool) int {
	best, bd := -1, float64(d.Size)/2
	for j, r := range ds {
		if used[j] {
			continue
		}
		if e := portable.Hypot(float64(r.X-d.X), float64(r.Y-d.Y)); e < bd {
			best, bd = j, e
		}
	}
	return best
}

func outcome(d synth.DieTruth, r vision.Die) string {
	switch {
	case r.Unsure:
		return Unsure
	case r.Face != d.Face:
		return WrongFace
	case r.Kind != d.Kind && d.Face == "X" && lookAlikeKinds[d.Kind] && lookAlikeKinds[r.Kind]:
		return LookAlike
	case r.Kind != d.Kind:
		return WrongKind
	}
	return Correct
}

func conditions(tr synth.Truth, d synth.DieTruth) []string {
	var cs []string
	if d.Glare {
		cs = append(cs, "glare")
	}
	if d.Touching {
		cs = append(cs, "touching")
	}
	if d.Blur {
		cs = append(cs, "blur")
	}
	if d.Tilt > 15 {
		cs = append(cs, "tilt>15")
	}
	return append(cs, "light="+tr.Light, "background="+tr.Background, "kind="+d.Kind)
}

func (t *Tally) count(tr synth.Truth, d synth.DieTruth, out string) {
	t.Dice++
	t.Outcomes[out]++
	for _, c := range append(conditions(tr, d), "all") {
		if t.ByCond[c] == nil {
			t.ByCond[c] = map[string]int{}
		}
		t.ByCond[c][out]++
		t.ByCond[c]["n"]++
	}
}

// Rate is the share of true dice with an outcome.
func (t *Tally) Rate(out string) float64 {
	if t.Dice == 0 {
		return 0
	}
	return float64(t.Outcomes[out]) / float64(t.Dice)
}

// RightFace is the share of true dice read with the right face, surely:
// the "correct faces" (a look-alike X die given its twin's kind,
// or any die given a wrong kind, still shows the right face).
func (t *Tally) RightFace() float64 {
	s := 0.0
	for _, o := range rightFaces {
		s += t.Rate(o)
	}
	return s
}

// rightFaces are the outcomes that show the right face surely (RightFace).
var rightFaces = []string{Correct, LookAlike, WrongKind}

// Report writes the tally as a readable table.
func (t *Tally) Report(w io.Writer) {
	unit := cmp.Or(t.Unit, "frames")
	fmt.Fprintf(w, "%d dice in %d %s: correct faces %.2f%% (face and kind %.2f%%, look-alike X kind %.2f%%, wrong kind %.2f%%), unsure %.2f%%, confident wrong face %.2f%%, missed %.2f%%, extra %d (%.2f%%)\n",
		t.Dice, t.Frames, unit, 100*t.RightFace(), 100*t.Rate(Correct), 100*t.Rate(LookAlike), 100*t.Rate(WrongKind),
		100*t.Rate(Unsure), 100*t.Rate(WrongFace), 100*t.Rate(Missed), t.Extra, 100*float64(t.Extra)/math.Max(1, float64(t.Dice)))
	if n := t.Outcomes[Unsure]; n > 0 {
		fmt.Fprintf(w, "unsure dice whose best guess was the right face: %d of %d (the others are misreads held back)\n", t.UnsureGuessed, n)
	}
	var conds []string
	for c := range t.ByCond {
		conds = append(conds, c)
	}
	sort.Strings(conds)
	fmt.Fprintf(w, "%-28s %6s %8s %8s %8s %8s %9s %8s\n", "condition", "dice", "faces", "+kind", "unsure", "wrong", "wrongkind", "missed")
	for _, c := range conds {
		m := t.ByCond[c]
		n := float64(m["n"])
		pc := func(k ...string) float64 {
			s := 0
			for _, o := range k {
				s += m[o]
			}
			return 100 * float64(s) / n
		}
		fmt.Fprintf(w, "%-28s %6d %7.2f%% %7.2f%% %7.2f%% %7.2f%% %8.2f%% %7.2f%%\n", c, m["n"],
			pc(rightFaces...), pc(Correct), pc(Unsure), pc(WrongFace), pc(WrongKind), pc(Missed))
	}
	t.reportPlacement(w)
}

// placeConds are the conditions the placement report breaks down.
var placeConds = []string{"all", "glare", "touching", "blur", "tilt>15"}

func (t *Tally) reportPlacement(w io.Writer) {
	if t.Place["all"] == nil {
		return
	}
	fmt.Fprintf(w, "top-face placement of matched dice: %-10s %6s %17s %17s %17s\n", "", "dice", "centre/side", "|side ratio-1|", "angle mod 90°")
	fmt.Fprintf(w, "%-46s %6s %8s %8s %8s %8s %8s %8s\n", "", "", "median", "p95", "median", "p95", "median", "p95")
	for _, c := range placeConds {
		p := t.Place[c]
		if p == nil {
			continue
		}
		side := make([]float64, len(p.Side))
		for i, v := range p.Side {
			side[i] = math.Abs(v)
		}
		fmt.Fprintf(w, "  %-44s %6d %8.3f %8.3f %8.3f %8.3f %7.1f° %7.1f°\n", c, len(p.Centre),
			pctOf(p.Centre, 0.5), pctOf(p.Centre, 0.95), pctOf(side, 0.5), pctOf(side, 0.95),
			pctOf(p.Angle, 0.5), pctOf(p.Angle, 0.95))
	}
	fmt.Fprintf(w, "  side ratio bias (median side/true side - 1): %+.3f\n", pctOf(t.Place["all"].Side, 0.5))
}

// pctOf is the q quantile of v (nearest rank).
func pctOf(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[int(q*float64(len(s)-1)+0.5)]
}

// The accuracy targets, for a bench of at least 2,000 dice:
// correct faces, confident wrong faces and unsure dice.
const (
	TargetRightFace = 0.995
	TargetWrongFace = 0.001
	TargetUnsure    = 0.02
)

// Count is how many true dice had one of the outcomes.
func (t *Tally) Count(outs ...string) int {
	n := 0
	for _, o := range outs {
		n += t.Outcomes[o]
	}
	return n
}

// Short is the tally's accuracy on one line.
func (t *Tally) Short() string {
	return fmt.Sprintf("%d dice: correct faces %.2f%%, unsure %.2f%%, confident wrong face %.2f%% (%d), missed %.2f%%",
		t.Dice, 100*t.RightFace(), 100*t.Rate(Unsure), 100*t.Rate(WrongFace), t.Outcomes[WrongFace], 100*t.Rate(Missed))
}

// MissedTargets names the accuracy targets the tally misses (none: nil).
func (t *Tally) MissedTargets() []string {
	var out []string
	if t.RightFace() < TargetRightFace {
		out = append(out, "correct faces")
	}
	if t.Rate(WrongFace) > TargetWrongFace {
		out = append(out, "confident wrong faces")
	}
	if t.Rate(Unsure) > TargetUnsure {
		out = append(out, "unsure")
	}
	return out
}

// ReportIntervals writes the tally's correct faces, confident wrong faces
// and unsure dice with their 95% intervals (Wilson95): what the rates
// over many sets say of a set never seen.
func (t *Tally) ReportIntervals(w io.Writer) {
	for _, r := range []struct {
		name   string
		k      int
		target string
	}{
		{"correct faces", t.Count(rightFaces...), fmt.Sprintf("≥ %.1f%%", 100*TargetRightFace)},
		{"confident wrong face", t.Count(WrongFace), fmt.Sprintf("≤ %.1f%%", 100*TargetWrongFace)},
		{"unsure", t.Count(Unsure), fmt.Sprintf("≤ %.0f%%", 100*TargetUnsure)},
	} {
		lo, hi := Wilson95(r.k, t.Dice)
		fmt.Fprintf(w, "  %-21s %6d of %d, %.3f%% (95%% interval %.3f%% to %.3f%%; target %s)\n",
			r.name, r.k, t.Dice, 100*float64(r.k)/math.Max(1, float64(t.Dice)), 100*lo, 100*hi, r.target)
	}
}

// Wilson95 is the 95% Wilson score interval of the share k of n
// (n = 0: nothing known, 0 to 1).
func Wilson95(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959964
	nn, p := float64(n), float64(k)/float64(n)
	d := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / d
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

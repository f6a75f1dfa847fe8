package cv

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"tableside/vision"
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
	Dice     int
	Frames   int
	Outcomes map[string]int
	// ByCond[condition][outcome]: conditions glare, touching, blur,
	// tilt>15, light=..., background=..., kind=...
	ByCond map[string]map[string]int
	Extra  int      // dice reported where there was none
	Errors []string // descriptions of confident errors and misses
}

// NewTally makes an empty Tally.
func NewTally() *Tally {
	return &Tally{Outcomes: map[string]int{}, ByCond: map[string]map[string]int{}}
}

// Add scores one reading against its truth: each true die is matched with
// the nearest reported die within half a die.
func (t *Tally) Add(tr synth.Truth, rd vision.Reading) {
	t.Frames++
	used := make([]bool, len(rd.Dice))
	for _, d := range tr.Dice {
		j := nearest(d, rd.Dice, used)
		out := Missed
		if j >= 0 {
			used[j] = true
			out = outcome(d, rd.Dice[j])
		}
		t.count(tr, d, out)
		if out == WrongFace || out == Missed || out == WrongKind {
			got := "nothing"
			if j >= 0 {
				got = fmt.Sprintf("%s/%s (%.2f)", rd.Dice[j].Kind, rd.Dice[j].Face, rd.Dice[j].Confidence)
			}
			t.Errors = append(t.Errors, fmt.Sprintf("%s: %s %s/%s at %d,%d size %d %s: got %s",
				tr.Image, out, d.Kind, d.Face, d.X, d.Y, d.Size, strings.Join(conditions(tr, d), ","), got))
		}
	}
	for _, u := range used {
		if !u {
			t.Extra++
		}
	}
}

func nearest(d synth.DieTruth, ds []vision.Die, used []bool) int {
	best, bd := -1, float64(d.Size)/2
	for j, r := range ds {
		if used[j] {
			continue
		}
		if e := math.Hypot(float64(r.X-d.X), float64(r.Y-d.Y)); e < bd {
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

// Report writes the tally as a readable table.
func (t *Tally) Report(w io.Writer) {
	fmt.Fprintf(w, "%d dice in %d frames: correct %.2f%%, unsure %.2f%%, confident wrong face %.2f%%, right face wrong kind %.2f%%, look-alike X kind %.2f%%, missed %.2f%%, extra %d\n",
		t.Dice, t.Frames, 100*t.Rate(Correct), 100*t.Rate(Unsure), 100*t.Rate(WrongFace),
		100*t.Rate(WrongKind), 100*t.Rate(LookAlike), 100*t.Rate(Missed), t.Extra)
	var conds []string
	for c := range t.ByCond {
		conds = append(conds, c)
	}
	sort.Strings(conds)
	fmt.Fprintf(w, "%-28s %6s %8s %8s %8s %8s %8s %8s\n", "condition", "dice", "correct", "unsure", "wrong", "wrongkind", "lookalike", "missed")
	for _, c := range conds {
		m := t.ByCond[c]
		n := float64(m["n"])
		fmt.Fprintf(w, "%-28s %6d %7.2f%% %7.2f%% %7.2f%% %7.2f%% %8.2f%% %7.2f%%\n", c, m["n"],
			100*float64(m[Correct])/n, 100*float64(m[Unsure])/n, 100*float64(m[WrongFace])/n,
			100*float64(m[WrongKind])/n, 100*float64(m[LookAlike])/n, 100*float64(m[Missed])/n)
	}
}

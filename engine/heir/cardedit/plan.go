package cardedit

import (
	"slices"

	"tableside/engine"
	"tableside/engine/heir"
)

// setOptions are the Plan card sets (heir-solo-rules: COMPONENTS, 9 for use
// with the Academy, 8 without).
const (
	setAcademy = "academy"
	setBase    = "base"
)

// planLocations are the Locations a Plan card shows, in the order offered.
var planLocations = []string{heir.Theater, heir.Downtown, heir.Academy, heir.MarketRow, heir.DarkAlley, heir.Workshop}

// saLocations are the Locations a Special Assignment card can be for
// (heir-solo-rules: DARK ALLEY step 2, the five colours).
var saLocations = []string{heir.Theater, heir.Downtown, heir.Academy, heir.MarketRow, heir.Workshop}

// enterPlan asks for one Plan card; none at any question drops the card.
func (e *editor) enterPlan() {
	c, ok := e.askPlan()
	dup := slices.IndexFunc(e.lib.PlanCards, func(o heir.PlanCard) bool { return samePlan(o, c) })
	if e.refused(ok, dup, func(i int) string { return e.lib.PlanCards[i].ID }) {
		return
	}
	prefix := "plan-B"
	if c.Academy {
		prefix = "plan-A"
	}
	c.ID = newID(e.lib, prefix)
	e.lib.PlanCards = append(e.lib.PlanCards, c)
	e.changed("card.added", "cards.ev.added.plan", engine.Params{"id": c.ID, "locations": stepWords(c.Steps)})
}

func (e *editor) askPlan() (heir.PlanCard, bool) {
	var c heir.PlanCard
	set, ok := e.askSet()
	if !ok {
		return c, false
	}
	c.Academy = set == setAcademy
	if c.Kind, ok = e.askKind(c.Academy); !ok {
		return c, false
	}
	if c.Steps, ok = e.askSteps(c.Academy); !ok {
		return c, false
	}
	return c, e.askSpecial(&c)
}

// askSet asks which set the card belongs to; a full set is not offered.
func (e *editor) askSet() (string, bool) {
	var opts []engine.Option
	for _, s := range []struct {
		id      string
		academy bool
	}{{setAcademy, true}, {setBase, false}} {
		if n := PlanCount(e.lib, s.academy); n < SetSize(s.academy) {
			opts = append(opts, opt(s.id, "cards.opt.set."+s.id, engine.Params{"n": itoa(n), "of": itoa(SetSize(s.academy))}))
		}
	}
	got := e.choose(engine.Prompt{ID: "plan.set", Key: "cards.ask.plan.set", Options: opts, Min: 1, Max: 1, None: true,
		Rule: &engine.RuleRef{Book: "heir", Section: "COMPONENTS"}})
	if len(got) == 0 {
		return "", false
	}
	return got[0], true
}

// askKind asks Perform or Set Up (GAME SETUP step 12: icons top and bottom,
// or only on top); a kind the set already holds in full is not offered.
func (e *editor) askKind(academy bool) (string, bool) {
	var opts []engine.Option
	for _, k := range []string{heir.Perform, heir.SetUp} {
		if kindRoom(e.lib, academy, k) > 0 {
			opts = append(opts, opt(k, "cards.opt.kind."+k, nil))
		}
	}
	got := e.choose(engine.Prompt{ID: "plan.kind", Key: "cards.ask.plan.kind", Options: opts, Min: 1, Max: 1, None: true,
		Rule: &engine.RuleRef{Book: "heir", Section: "GAME SETUP", Step: "12"}})
	if len(got) == 0 {
		return "", false
	}
	return got[0], true
}

// maxSteps is the most Location icons a Plan card can show (one per
// Character the Heir can have on the board).
const maxSteps = 7

// askSteps asks each Location icon in turn, left to right; none after the
// first one ends the card.
func (e *editor) askSteps(academy bool) ([]heir.PlanStep, bool) {
	var opts []engine.Option
	for _, l := range planLocations {
		if l != heir.Academy || academy {
			opts = append(opts, opt(l, "cards.loc."+l, nil))
		}
	}
	var steps []heir.PlanStep
	for len(steps) < maxSteps {
		key := "cards.ask.plan.step"
		if len(steps) > 0 {
			key = "cards.ask.plan.next"
		}
		got := e.choose(engine.Prompt{ID: "plan.step", Key: key, Options: opts, Min: 1, Max: 1, None: true,
			Params: engine.Params{"n": itoa(len(steps) + 1), "so_far": stepWords(steps)},
			Rule:   &engine.RuleRef{Book: "heir", Section: "ASSIGNMENT PHASE"}})
		if len(got) == 0 {
			break
		}
		steps = append(steps, heir.PlanStep{Location: got[0]})
	}
	return steps, len(steps) > 0
}

// askSpecial asks which Locations are marked as a Special Assignment card;
// none means no mark.
func (e *editor) askSpecial(c *heir.PlanCard) bool {
	var opts []engine.Option
	for i, s := range c.Steps {
		if slices.Contains(saLocations, s.Location) {
			opts = append(opts, opt(itoa(i+1), "cards.opt.step", engine.Params{"n": itoa(i + 1), "location": "@cards.loc." + s.Location}))
		}
	}
	if len(opts) == 0 {
		return true
	}
	got := e.choose(engine.Prompt{ID: "plan.special", Key: "cards.ask.plan.special", Options: opts, Min: 1, Max: len(opts), None: true,
		Rule: &engine.RuleRef{Book: "heir", Section: "ASSIGNMENT PHASE"}})
	for _, id := range got {
		for i := range c.Steps {
			if itoa(i+1) == id {
				c.Steps[i].Special = true
			}
		}
	}
	return true
}

// stepWords writes a card's Locations as "@key" words, left to right.
func stepWords(steps []heir.PlanStep) string {
	if len(steps) == 0 {
		return "-"
	}
	out := ""
	for i, s := range steps {
		if i > 0 {
			out += ", "
		}
		out += "@cards.loc." + s.Location
		if s.Special {
			out += " @cards.word.special"
		}
	}
	return out
}

package cardedit_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/heir"
	"tableside/engine/heir/cardedit"
	"tableside/engine/heir/heirtest"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// step is one scripted answer: the prompt it must answer (the part of the
// prompt id after "N:") and the answer.
type step struct {
	prompt string
	a      engine.Answer
}

func pick(ids ...string) engine.Answer { return engine.Answer{Choices: ids} }
func num(n int) engine.Answer          { return engine.Answer{Number: &n} }

var none = engine.Answer{None: true}

// play runs the editor on lib with the scripted answers and returns the
// final library and every event.
func play(t *testing.T, lib heir.Library, steps []step) (heir.Library, []engine.Event) {
	t.Helper()
	setup, _ := json.Marshal(cardedit.Setup{Library: lib})
	g, err := engine.New(cardedit.Bot{}, setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	evs := g.Started()
	for i, s := range steps {
		p, ok := g.Prompt()
		if !ok {
			t.Fatalf("step %d (%s): the editor is done", i, s.prompt)
		}
		if _, id, _ := strings.Cut(p.ID, ":"); id != s.prompt {
			t.Fatalf("step %d: prompt %s, want %s", i, p.ID, s.prompt)
		}
		ev, err := g.Answer(s.a)
		if err != nil {
			t.Fatalf("step %d (%s): %v", i, s.prompt, err)
		}
		evs = append(evs, ev...)
	}
	if !g.Over() {
		p, _ := g.Prompt()
		t.Fatalf("the editor still asks %s", p.ID)
	}
	return g.State().(cardedit.State).Library, evs
}

// planSteps are the answers that enter c.
func planSteps(c heir.PlanCard) []step {
	set := "base"
	if c.Academy {
		set = "academy"
	}
	s := []step{{"menu", pick("plan")}, {"plan.set", pick(set)}, {"plan.kind", pick(c.Kind)}}
	var special []string
	for i, st := range c.Steps {
		s = append(s, step{"plan.step", pick(st.Location)})
		if st.Special {
			special = append(special, fmt.Sprint(i+1))
		}
	}
	if len(c.Steps) < 7 {
		s = append(s, step{"plan.step", none})
	}
	if slices.ContainsFunc(c.Steps, func(st heir.PlanStep) bool { return st.Location != heir.DarkAlley }) {
		if len(special) == 0 {
			s = append(s, step{"plan.special", none})
		} else {
			s = append(s, step{"plan.special", pick(special...)})
		}
	}
	return s
}

// soloSteps are the answers that enter c (grey markers facing up).
func soloSteps(c theater.CardSpec) []step {
	s := []step{{"menu", pick("solo")}, {"solo.theater", pick(c.Theater)}}
	var slots []string
	for _, sl := range c.Slots {
		slots = append(slots, fmt.Sprintf("%d,%d", sl.X, sl.Y))
	}
	s = append(s, step{"solo.slots", pick(slots...)})
	s = append(s, linkSteps(c)...)
	var grey []string
	for _, n := range c.Neutral {
		grey = append(grey, fmt.Sprintf("%d,%d", n.Slot.X, n.Slot.Y))
	}
	if len(grey) == 0 {
		s = append(s, step{"solo.grey", none})
	} else {
		s = append(s, step{"solo.grey", pick(grey...)})
	}
	for _, n := range sortedGrey(c.Neutral) {
		s = append(s, step{"solo.grey.symbol", pick(string(n.Category))})
	}
	return append(s, step{"solo.bonus.fame", num(c.Bonus.Fame)}, step{"solo.bonus.coins", num(c.Bonus.Coins)},
		step{"solo.bonus.shards", num(c.Bonus.Shards)})
}

// linkSteps answer the link and Shard questions: options are numbered by
// the adjacent pairs of the card's slots, in the editor's order.
func linkSteps(c theater.CardSpec) []step {
	var pairs [][2]trickerion.Slot
	for i, a := range c.Slots {
		for _, b := range c.Slots[i+1:] {
			if d := (a.X-b.X)*(a.X-b.X) + (a.Y-b.Y)*(a.Y-b.Y); d == 1 {
				pairs = append(pairs, [2]trickerion.Slot{a, b})
			}
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	var links, shards []string
	for i, p := range pairs {
		for _, l := range c.Links {
			if (l.A == p[0] && l.B == p[1]) || (l.A == p[1] && l.B == p[0]) {
				links = append(links, fmt.Sprint(i+1))
				if l.Shard {
					shards = append(shards, fmt.Sprint(i+1))
				}
			}
		}
	}
	if len(links) == 0 {
		return []step{{"solo.links", none}}
	}
	out := []step{{"solo.links", pick(links...)}}
	if len(shards) == 0 {
		return append(out, step{"solo.shards", none})
	}
	return append(out, step{"solo.shards", pick(shards...)})
}

func sortedGrey(ns []theater.NeutralMarker) []theater.NeutralMarker {
	out := slices.Clone(ns)
	slices.SortFunc(out, func(a, b theater.NeutralMarker) int { return (a.Slot.Y*2 + a.Slot.X) - (b.Slot.Y*2 + b.Slot.X) })
	return out
}

var done = step{"menu", pick("done")}

// TestEnterPlanCard: a Plan card's set, kind (GAME SETUP step 12: icons top
// and bottom = Perform), Locations left to right and Special Assignment
// marks (ASSIGNMENT PHASE) come out as entered.
func TestEnterPlanCard(t *testing.T) {
	want := heir.PlanCard{ID: "plan-A1", Academy: true, Kind: heir.Perform, Steps: []heir.PlanStep{
		{Location: heir.Theater}, {Location: heir.Downtown, Special: true}, {Location: heir.DarkAlley}}}
	lib, evs := play(t, heir.Library{}, append(planSteps(want), done))
	if len(lib.PlanCards) != 1 || !reflect.DeepEqual(lib.PlanCards[0], want) {
		t.Fatalf("library %+v, want %+v", lib.PlanCards, want)
	}
	i := slices.IndexFunc(evs, func(e engine.Event) bool { return e.Type == "card.added" })
	if i < 0 || !reflect.DeepEqual(evs[i].Data["library"], lib) {
		t.Fatalf("no card.added event holding the library: %+v", evs)
	}
}

// TestEverySampleCardRoundTrips: every card of a whole library (the
// sample's 17 Plan cards and 12 solo cards) can be entered through the
// questions and comes out the same, and the game accepts the result.
func TestEverySampleCardRoundTrips(t *testing.T) {
	sample := heirtest.Library()
	var steps []step
	for _, c := range sample.PlanCards {
		steps = append(steps, planSteps(c)...)
	}
	for _, c := range sample.SoloPerformanceCards {
		steps = append(steps, soloSteps(c)...)
	}
	lib, evs := play(t, heir.Library{}, append(steps, done))
	if len(lib.PlanCards) != 17 || len(lib.SoloPerformanceCards) != 12 {
		t.Fatalf("%d plan and %d solo cards; events %+v", len(lib.PlanCards), len(lib.SoloPerformanceCards), evs[len(evs)-3:])
	}
	for i, c := range lib.PlanCards {
		w := sample.PlanCards[i]
		if c.Academy != w.Academy || c.Kind != w.Kind || !slices.Equal(c.Steps, w.Steps) {
			t.Errorf("plan card %d: %+v, want %+v", i, c, w)
		}
	}
	for i, c := range lib.SoloPerformanceCards {
		w := sample.SoloPerformanceCards[i]
		w.ID, w.Name, w.Neutral = c.ID, c.Name, sortedGrey(w.Neutral)
		if !reflect.DeepEqual(cardedit.Canonical(c), cardedit.Canonical(w)) {
			t.Errorf("solo card %d:\n %+v\nwant\n %+v", i, c, w)
		}
	}
	for _, academy := range []bool{true, false} {
		raw, _ := json.Marshal(heir.Setup{Academy: &academy, Library: lib})
		if _, o, err := heir.ParseSetup(raw); err != nil || !o.PlanLibrary {
			t.Errorf("academy=%v: the game does not take the entered library: %v", academy, err)
		}
	}
}

// TestFullSetIsNotOffered: COMPONENTS — 9 Plan cards for use with the
// Academy (4 Perform + 5 Set Up), 8 without (4 + 4).
func TestFullSetIsNotOffered(t *testing.T) {
	lib := heirtest.Library()
	lib.PlanCards = slices.DeleteFunc(lib.PlanCards, func(c heir.PlanCard) bool { return !c.Academy && c.Kind == heir.SetUp })
	setup, _ := json.Marshal(cardedit.Setup{Library: lib})
	g, err := engine.New(cardedit.Bot{}, setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	for _, tc := range []struct {
		a        engine.Answer
		want     string
		optsWant []string
	}{
		{pick("plan"), "plan.set", []string{"base"}},
		{pick("base"), "plan.kind", []string{heir.SetUp}},
	} {
		if _, err := g.Answer(tc.a); err != nil {
			t.Fatal(err)
		}
		p, _ := g.Prompt()
		var ids []string
		for _, o := range p.Options {
			ids = append(ids, o.ID)
		}
		if !strings.HasSuffix(p.ID, tc.want) || !slices.Equal(ids, tc.optsWant) {
			t.Errorf("prompt %s offers %v, want %s offering %v", p.ID, ids, tc.want, tc.optsWant)
		}
	}
}

// TestMenuWithWholeLibrary: with every card entered, only removing and
// finishing are offered.
func TestMenuWithWholeLibrary(t *testing.T) {
	setup, _ := json.Marshal(cardedit.Setup{Library: heirtest.Library()})
	g, err := engine.New(cardedit.Bot{}, setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	p, _ := g.Prompt()
	var ids []string
	for _, o := range p.Options {
		ids = append(ids, o.ID)
	}
	if !slices.Equal(ids, []string{"remove", "done"}) {
		t.Errorf("menu offers %v", ids)
	}
}

func TestDuplicateAndRemove(t *testing.T) {
	c := heir.PlanCard{Kind: heir.SetUp, Steps: []heir.PlanStep{{Location: heir.Workshop}}}
	steps := append(planSteps(c), planSteps(c)...)
	lib, evs := play(t, heir.Library{}, append(steps, step{"menu", pick("remove")}, step{"remove", pick("plan-B1")}, done))
	if len(lib.PlanCards) != 0 {
		t.Errorf("library after removing: %+v", lib.PlanCards)
	}
	var types []string
	for _, e := range evs {
		types = append(types, e.Type)
	}
	if !slices.Equal(types, []string{"card.added", "card.duplicate", "card.removed"}) {
		t.Errorf("events %v", types)
	}
}

// TestNoneDropsTheCard: none at a question the card cannot do without
// leaves the library as it was.
func TestNoneDropsTheCard(t *testing.T) {
	for _, steps := range [][]step{
		{{"menu", pick("plan")}, {"plan.set", none}},
		{{"menu", pick("plan")}, {"plan.set", pick("base")}, {"plan.kind", pick(heir.Perform)}, {"plan.step", none}},
		{{"menu", pick("solo")}, {"solo.theater", pick(trickerion.GrandMagorian)}, {"solo.slots", none}},
		{{"menu", pick("solo")}, {"solo.theater", pick(trickerion.MagnusPantheon)}, {"solo.slots", pick("0,0")},
			{"solo.grey", pick("0,0")}, {"solo.grey.symbol", none}},
	} {
		lib, evs := play(t, heir.Library{}, append(steps, done))
		if len(lib.PlanCards)+len(lib.SoloPerformanceCards) != 0 || evs[len(evs)-1].Type != "card.dropped" {
			t.Errorf("%v: library %+v, events %+v", steps, lib, evs)
		}
	}
}

func TestCorrectionIsRefused(t *testing.T) {
	g, err := engine.New(cardedit.Bot{}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	_, err = g.Answer(engine.Answer{Correct: &engine.Correction{Target: "x", Value: "1"}})
	if !errors.Is(err, cardedit.ErrNoCorrection) {
		t.Errorf("correction: %v", err)
	}
}

func TestBadLibraryIsRefused(t *testing.T) {
	lib := heirtest.Library()
	lib.PlanCards = append(lib.PlanCards, lib.PlanCards[0])
	for name, raw := range map[string]string{
		"not json":   `{"library":`,
		"same id":    string(must(json.Marshal(cardedit.Setup{Library: lib}))),
		"empty card": `{"library":{"plan_cards":[{"id":"x","kind":"perform"}]}}`,
	} {
		if _, err := engine.New(cardedit.Bot{}, json.RawMessage(raw), 1); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// FuzzEditor: random legal answers never break the editor, every question
// offers none, and the library stays one the game accepts card by card.
func FuzzEditor(f *testing.F) {
	f.Add(uint64(1))
	f.Add(uint64(7))
	f.Fuzz(func(t *testing.T, seed uint64) {
		g, err := engine.New(cardedit.Bot{}, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		r := rand.New(rand.NewPCG(seed, 3))
		for i := 0; i < 400; i++ {
			p, ok := g.Prompt()
			if !ok {
				break
			}
			if !p.None {
				t.Fatalf("prompt %s offers no none", p.ID)
			}
			if _, err := g.Answer(engine.RandomAnswer(p, r, 4)); err != nil {
				t.Fatalf("%s: %v", p.ID, err)
			}
			lib := g.State().(cardedit.State).Library
			if err := cardedit.Check(lib); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestEnteredSoloCardIsNamedAtTheTable: a Solo card entered here has no
// printed name; the game names it by its theater and bonus when it tells
// the player which card to put out (GAME SETUP step 3).
func TestEnteredSoloCardIsNamedAtTheTable(t *testing.T) {
	var steps []step
	for _, c := range heirtest.Library().SoloPerformanceCards {
		steps = append(steps, soloSteps(c)...)
	}
	lib, _ := play(t, heir.Library{}, append(steps, done))
	setup, _ := json.Marshal(heir.Setup{Library: lib})
	g, err := engine.New(heir.Bot{}, setup, 5)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	r := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 100; i++ {
		p, _ := g.Prompt()
		if strings.HasSuffix(p.ID, "setup.card") {
			text := heir.Messages().Render("en", p.Key, p.Params)
			if !strings.Contains(text, "Riverside Theater (solo-R") || !strings.Contains(text, "bonus ") {
				t.Errorf("the first card is put out as %q", text)
			}
			return
		}
		if _, err := g.Answer(engine.RandomAnswer(p, r, 0)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no setup.card instruction in the first 100 prompts")
}

// TestEveryMessageRenders: every prompt, option and event of random
// editing sessions renders in English and French, with no key or
// placeholder left in the text.
func TestEveryMessageRenders(t *testing.T) {
	cat := cardedit.Messages()
	check := func(key string, p engine.Params) {
		for _, lang := range engine.Languages {
			if s := cat.Render(lang, key, p); strings.Contains(s, "cards.") || strings.Contains(s, "{") {
				t.Fatalf("%s in %s renders %q", key, lang, s)
			}
		}
	}
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := engine.New(cardedit.Bot{}, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 9))
		for i := 0; i < 300; i++ {
			p, ok := g.Prompt()
			if !ok {
				break
			}
			check(p.Key, p.Params)
			for _, o := range p.Options {
				check(o.Key, o.Params)
			}
			evs, err := g.Answer(engine.RandomAnswer(p, r, 6))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				check(e.Key, e.Params)
			}
		}
		g.Close()
	}
}

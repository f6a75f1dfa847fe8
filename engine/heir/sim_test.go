package heir

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/engine/heir/theater"
)

// simulate plays n random games and returns the average questions (non-ack
// prompts) and acks per game turn and the average final scores.
func simulate(t *testing.T, setup string, n int) (questions, acks, heir, player float64) {
	for seed := range uint64(n) {
		g, err := engine.New(Bot{}, json.RawMessage(setup), seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 11))
		for !g.Over() {
			p, _ := g.Prompt()
			if s := g.State().(State); s.Turn > 0 && s.Phase != "end-game" {
				if p.Kind == engine.Ack {
					acks++
				} else {
					questions++
				}
			}
			if _, err := g.Answer(engine.RandomAnswer(p, r, 8)); err != nil {
				t.Fatal(err)
			}
		}
		s := g.State().(State)
		heir += float64(s.Result.Heir)
		player += float64(s.Result.Player)
	}
	d := float64(n * Turns)
	return questions / d, acks / d, heir / float64(n), player / float64(n)
}

func TestQuestionsPerTurn(t *testing.T) {
	lib := planLibraryFixture()
	full := `{"library":{"plan_cards":` + lib + `,"solo_performance_cards":` + soloFixture() + `}}`
	for _, setup := range []string{`{}`, `{"academy":false}`, full} {
		q, a, h, p := simulate(t, setup, 100)
		t.Logf("%s: %.2f questions and %.2f instructions per turn; Heir %.1f, random player %.1f", setup[:min(len(setup), 30)], q, a, h, p)
		if q > 12 && setup == full {
			t.Errorf("%.2f questions per turn with the library, want at most 12", q)
		}
	}
}

// planLibraryFixture is a made-up library of the 17 Plan cards (the real
// cards' Locations are not in any source).
func planLibraryFixture() string {
	var cards []PlanCard
	seqs := [][]string{
		{Theater, Downtown, Theater, MarketRow, DarkAlley, Workshop},
		{Downtown, Academy, Theater, DarkAlley, MarketRow, Theater},
		{Theater, Theater, Downtown, Academy, Workshop, MarketRow},
		{Downtown, Theater, DarkAlley, Theater, Academy, Workshop},
		{Downtown, DarkAlley, Academy, MarketRow, Theater, Workshop},
	}
	for i := range 17 {
		academy := i < 9
		kind := SetUp
		if i%9 < 4 || !academy && i-9 < 4 {
			kind = Perform
		}
		var steps []PlanStep
		for j, l := range seqs[i%len(seqs)] {
			if l == Academy && !academy {
				l = Workshop
			}
			steps = append(steps, PlanStep{Location: l, Special: j == 1 && l != DarkAlley})
		}
		cards = append(cards, PlanCard{ID: "P" + itoa(i+1), Academy: academy, Kind: kind, Steps: steps})
	}
	b, _ := json.Marshal(cards)
	return string(b)
}

// soloFixture stands in for the 12 Solo Performance cards (not in any
// source): 4 multiplayer layouts of each theater under new ids.
func soloFixture() string {
	var out []theater.CardSpec
	n := map[string]int{}
	for _, c := range theater.MultiplayerSpecs() {
		if n[c.Theater] == 4 {
			continue
		}
		n[c.Theater]++
		c.ID = fmt.Sprintf("solo-%s-%d", c.Theater, n[c.Theater])
		out = append(out, c)
	}
	b, _ := json.Marshal(out)
	return string(b)
}

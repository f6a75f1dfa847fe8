package heir

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/heir/locations"
	"tableside/engine/trickerion"
)

// playRandom plays one whole game answering every prompt at random within
// its bounds; it returns the game (over) and the prompts asked.
func playRandom(t *testing.T, setup string, seed uint64) (*engine.Game, []engine.Prompt, []engine.Event) {
	t.Helper()
	g, err := engine.New(Bot{}, json.RawMessage(setup), seed)
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var asked []engine.Prompt
	events := g.Started()
	for i := 0; !g.Over(); i++ {
		if i > 5000 {
			t.Fatalf("game did not end after %d prompts", i)
		}
		p, _ := g.Prompt()
		asked = append(asked, p)
		ev, err := g.Answer(engine.RandomAnswer(p, r, 8))
		if err != nil {
			t.Fatalf("answer to %s: %v", p.ID, err)
		}
		events = append(events, ev...)
		checkInvariants(t, g.State().(State))
	}
	return g, asked, events
}

// checkInvariants are the facts every position must hold.
func checkInvariants(t *testing.T, s State) {
	t.Helper()
	h := s.Heir
	if len(h.Tricks) > locations.TrickSlots {
		t.Fatalf("turn %d: %d Tricks", s.Turn, len(h.Tricks))
	}
	if h.Coins < 0 || h.Fame < 0 || h.Shards < 0 {
		t.Fatalf("turn %d: negative totals %+v", s.Turn, h)
	}
	if h.Banners+h.BannersOut > 12 {
		t.Fatalf("turn %d: %d Banners", s.Turn, h.Banners+h.BannersOut)
	}
	if h.Plan != nil && h.Stance != Stance(h.Plan, h.Fame, h.trickIDs()) {
		t.Fatalf("turn %d: stance %s does not match its definition", s.Turn, h.Stance)
	}
}

// TestWholeGame plays complete games for each difficulty with and without
// the Academy, with seeded random legal answers.
func TestWholeGame(t *testing.T) {
	for _, diff := range []string{"easy", "normal", "hard"} {
		for _, academy := range []bool{true, false} {
			for seed := range uint64(6) {
				lib := ""
				if seed >= 3 {
					lib = `,"library":{"plan_cards":` + planLibraryFixture() + `,"solo_performance_cards":` + soloFixture() + `}`
				}
				setup := fmt.Sprintf(`{"difficulty":%q,"academy":%v,"dawn":%v,"dawn_challenge":%v%s}`, diff, academy, seed%2 == 0, seed == 2, lib)
				t.Run(fmt.Sprintf("%s/academy=%v/%d", diff, academy, seed), func(t *testing.T) {
					g, asked, events := playRandom(t, setup, seed)
					s := g.State().(State)
					if s.Result == nil || s.Phase != "over" {
						t.Fatalf("no result: phase %s", s.Phase)
					}
					checkKeys(t, asked, events)
				})
			}
		}
	}
}

// checkKeys checks every key asked is in both languages of the catalog.
func checkKeys(t *testing.T, asked []engine.Prompt, events []engine.Event) {
	t.Helper()
	cat := Messages()
	for _, e := range events {
		for _, lang := range engine.Languages {
			if _, ok := cat[lang][e.Key]; !ok {
				t.Errorf("event %s: key %q missing in %s", e.Type, e.Key, lang)
			}
		}
	}
	for _, p := range asked {
		keys := []string{p.Key}
		for _, o := range p.Options {
			keys = append(keys, o.Key)
		}
		for _, k := range keys {
			for _, lang := range engine.Languages {
				if _, ok := cat[lang][k]; !ok {
					t.Errorf("prompt %s: key %q missing in %s", p.ID, k, lang)
				}
			}
		}
	}
}

func TestCatalogComplete(t *testing.T) {
	if miss := Messages().Missing(); len(miss) > 0 {
		t.Fatalf("catalog misses %v", miss)
	}
}

var _ = trickerion.Escape

// playRandomUntil plays at random until a prompt whose id contains stop.
func playRandomUntil(t *testing.T, setup string, seed uint64, stop string) (*engine.Game, engine.Prompt) {
	t.Helper()
	g, err := engine.New(Bot{}, json.RawMessage(setup), seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for !g.Over() {
		p, _ := g.Prompt()
		if strings.Contains(p.ID, stop) {
			return g, p
		}
		if _, err := g.Answer(engine.RandomAnswer(p, r, 8)); err != nil {
			t.Fatal(err)
		}
	}
	return g, engine.Prompt{}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

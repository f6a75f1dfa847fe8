package heir_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tableside/engine"
	"tableside/engine/heir"
	"tableside/engine/heir/heirtest"
	"tableside/engine/heir/locations"
)

// library is heirtest's sample library for a setup: every card, or the
// Plan cards alone.
func library(planOnly bool) string {
	lib := heirtest.Library()
	if planOnly {
		lib.SoloPerformanceCards = nil
	}
	b, err := json.Marshal(lib)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// checkInvariants are the facts every position must hold.
func checkInvariants(t *testing.T, s heir.State) {
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
	if h.Plan != nil && h.Stance != heir.Stance(h.Plan, h.Fame, h.TrickIDs()) {
		t.Fatalf("turn %d: stance %s does not match its definition", s.Turn, h.Stance)
	}
}

// checkCharacters: the board holds 6 Characters (5 without the Academy);
// the rest are 'Additional Apprentices' (END TURN PHASE); the Heir has at
// most 4 Apprentices and one of each Specialist (DOWNTOWN steps 2, 3, 6).
func checkCharacters(t *testing.T, s heir.State) {
	t.Helper()
	slots := 6
	if !s.Options.Academy {
		slots = 5
	}
	count := map[string]int{}
	for i, c := range s.Heir.Characters {
		count[c.Kind]++
		if i >= slots && c.Kind != heir.Apprentice {
			t.Fatalf("turn %d: a %s beyond the board's %d slots", s.Turn, c.Kind, slots)
		}
	}
	for _, k := range s.Heir.Waiting {
		if k == heir.Apprentice {
			count[heir.Apprentice]++
		} else {
			count[heir.Specialist]++
		}
	}
	if count[heir.Apprentice] > 4 || count[heir.Specialist] > 3 || len(s.Heir.Characters) > 0 && count[heir.Magician] != 1 {
		t.Fatalf("turn %d: Characters %v", s.Turn, count)
	}
}

// TestWholeGame plays complete games for each difficulty with and without
// the Academy, with seeded random legal answers, checking the invariants at
// every answer and that every message key asked is in both languages.
func TestWholeGame(t *testing.T) {
	for _, diff := range []string{"easy", "normal", "hard"} {
		for _, academy := range []bool{true, false} {
			for seed := range uint64(6) {
				lib := ""
				if seed >= 3 {
					lib = `,"library":` + library(false)
				}
				setup := fmt.Sprintf(`{"difficulty":%q,"academy":%v,"dawn":%v,"dawn_challenge":%v%s}`, diff, academy, seed%2 == 0, seed == 2, lib)
				t.Run(fmt.Sprintf("%s/academy=%v/%d", diff, academy, seed), func(t *testing.T) {
					g := heir.NewGame(t, setup, seed)
					var asked []engine.Prompt
					events := g.Started()
					heir.PlayRandom(t, g, rand.New(rand.NewPCG(seed, 7)), 8,
						func(p engine.Prompt) bool { asked = append(asked, p); return false },
						func(ev []engine.Event) { events = append(events, ev...); checkInvariants(t, g.State().(heir.State)) })
					s := g.State().(heir.State)
					if s.Result == nil || s.Phase != "over" {
						t.Fatalf("no result: phase %s", s.Phase)
					}
					if f, n := s.FinalFame(); f != s.Result.Heir || n != heir.Turns {
						t.Errorf("FinalFame %d after %d turns, result %d after %d", f, n, s.Result.Heir, heir.Turns)
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
	cat := heir.Messages()
	has := func(what, k string) {
		for _, lang := range engine.Languages {
			if _, ok := cat[lang][k]; !ok {
				t.Errorf("%s: key %q missing in %s", what, k, lang)
			}
		}
	}
	for _, e := range events {
		has("event "+e.Type, e.Key)
	}
	for _, p := range asked {
		has("prompt "+p.ID, p.Key)
		for _, o := range p.Options {
			has("prompt "+p.ID, o.Key)
		}
	}
}

func TestCatalogComplete(t *testing.T) {
	if miss := heir.Messages().Missing(); len(miss) > 0 {
		t.Fatalf("catalog misses %v", miss)
	}
}

// FuzzWholeGame plays random games and checks the invariants at every
// prompt: no panic, at most 4 Tricks, no negative totals, Banners ≤ 12, the
// stance as defined, the Characters the board can hold; and that replaying
// the log gives the same state.
func FuzzWholeGame(f *testing.F) {
	for i := range uint64(4) {
		f.Add(i, i*7+1, uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed, answers uint64, flags uint8) {
		lib := ""
		if flags&8 != 0 {
			lib = `,"library":` + library(false)
		}
		dawn := flags&2 != 0
		setup := fmt.Sprintf(`{"difficulty":%q,"academy":%v,"dawn":%v,"dawn_challenge":%v,"ignore_heir_ability":%v%s}`,
			[]string{"easy", "normal", "hard"}[flags%3], flags&4 == 0, dawn, dawn && flags&16 != 0, flags&32 != 0, lib)
		g := heir.NewGame(t, setup, seed)
		heir.PlayRandom(t, g, rand.New(rand.NewPCG(answers, 3)), 1+int(flags%7), nil, func([]engine.Event) {
			s := g.State().(heir.State)
			checkInvariants(t, s)
			checkCharacters(t, s)
		})
		again, err := engine.Replay(heir.Bot{}, g.Header(), g.Answers())
		if err != nil {
			t.Fatal(err)
		}
		defer again.Close()
		if a, b := heir.MustJSON(t, again.State()), heir.MustJSON(t, g.State()); a != b {
			t.Fatalf("replay differs:\n%s\n%s", a, b)
		}
	})
}

// TestEveryQuestionOffersNone: "Every question has a 'none / not possible'
// answer" — and a game answered 'none' wherever it can still ends.
func TestEveryQuestionOffersNone(t *testing.T) {
	for _, setup := range []string{`{}`, `{"academy":false,"dawn":true}`, `{"difficulty":"hard","library":` + library(true) + `}`} {
		for seed := range uint64(4) {
			g := heir.NewGame(t, setup, seed)
			oneIn := 1 + int(seed%2)*3 // seeds 0, 2: always none; 1, 3: one time in 4
			heir.PlayRandom(t, g, rand.New(rand.NewPCG(seed, 5)), oneIn, func(p engine.Prompt) bool {
				if p.Kind != engine.Ack && !p.None {
					t.Fatalf("%s: question %s has no 'none' answer", setup, p.ID)
				}
				return false
			}, nil)
		}
	}
}

// simulate plays n random games and returns the average questions (non-ack
// prompts) and acks per game turn and the average final scores.
func simulate(t *testing.T, setup string, n int) (questions, acks, heirFame, player float64) {
	for seed := range uint64(n) {
		g := heir.NewGame(t, setup, seed)
		heir.PlayRandom(t, g, rand.New(rand.NewPCG(seed, 11)), 8, func(p engine.Prompt) bool {
			if s := g.State().(heir.State); s.Turn > 0 && s.Phase != "end-game" {
				if p.Kind == engine.Ack {
					acks++
				} else {
					questions++
				}
			}
			return false
		}, nil)
		s := g.State().(heir.State)
		heirFame += float64(s.Result.Heir)
		player += float64(s.Result.Player)
	}
	d := float64(n * heir.Turns)
	return questions / d, acks / d, heirFame / float64(n), player / float64(n)
}

// The target: at most 12 player questions per game turn with the
// card library filled.
func TestQuestionsPerTurn(t *testing.T) {
	full := `{"library":` + library(false) + `}`
	for _, setup := range []string{`{}`, `{"academy":false}`, full} {
		q, a, h, p := simulate(t, setup, 100)
		t.Logf("%s: %.2f questions and %.2f instructions per turn; Heir %.1f, random player %.1f", setup[:min(len(setup), 30)], q, a, h, p)
		if q > 12 && setup == full {
			t.Errorf("%.2f questions per turn with the library, want at most 12", q)
		}
	}
}

// heir-solo-rules: GAME SETUP step 12 a-d, both compositions.
func TestPlanDeck_Compositions(t *testing.T) {
	lib := heirtest.PlanCards()
	for _, academy := range []bool{true, false} {
		p, s := heir.PlanSet(lib, academy)
		for seed := range uint64(50) {
			deck := heir.BuildPlanDeck(p, s, rand.New(rand.NewPCG(seed, 1)))
			if len(deck) != 7 {
				t.Fatalf("academy=%v: %d cards", academy, len(deck))
			}
			kinds := make([]string, 7)
			for i, c := range deck {
				kinds[i] = c.Kind
			}
			if kinds[0] != heir.SetUp || kinds[6] != heir.Perform { // d on top, a at the bottom
				t.Errorf("academy=%v: top %s bottom %s", academy, kinds[0], kinds[6])
			}
			if n := countKind(kinds[1:4], heir.SetUp); n != 2 { // c: 2 Set Up + 1 Perform
				t.Errorf("academy=%v: step c holds %d Set Up", academy, n)
			}
			if n := countKind(kinds[4:6], heir.SetUp); n > 1 { // b: two of 1 Set Up + 2 Perform
				t.Errorf("academy=%v: step b holds %d Set Up", academy, n)
			}
			ids := map[string]bool{}
			for _, c := range deck {
				if ids[c.ID] || c.Academy != academy {
					t.Fatalf("academy=%v: card %s twice or of the other set", academy, c.ID)
				}
				ids[c.ID] = true
			}
		}
	}
}

func countKind(kinds []string, k string) int {
	n := 0
	for _, x := range kinds {
		if x == k {
			n++
		}
	}
	return n
}

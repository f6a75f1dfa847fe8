package heir

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tableside/engine"
)

// checkCharacters: the board holds 6 Characters (5 without the Academy);
// the rest are 'Additional Apprentices' (END TURN PHASE); the Heir has at
// most 4 Apprentices and one of each Specialist (DOWNTOWN steps 2, 3, 6).
func checkCharacters(t *testing.T, s State) {
	t.Helper()
	slots := 6
	if !s.Options.Academy {
		slots = 5
	}
	count := map[string]int{}
	for i, c := range s.Heir.Characters {
		count[c.Kind]++
		if i >= slots && c.Kind != Apprentice {
			t.Fatalf("turn %d: a %s beyond the board's %d slots", s.Turn, c.Kind, slots)
		}
	}
	for _, k := range s.Heir.Waiting {
		if k == Apprentice {
			count[Apprentice]++
		} else {
			count[Specialist]++
		}
	}
	if count[Apprentice] > 4 || count[Specialist] > 3 || len(s.Heir.Characters) > 0 && count[Magician] != 1 {
		t.Fatalf("turn %d: Characters %v", s.Turn, count)
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
			lib = `,"library":{"plan_cards":` + planLibraryFixture() + `,"solo_performance_cards":` + soloFixture() + `}`
		}
		dawn := flags&2 != 0
		setup := fmt.Sprintf(`{"difficulty":%q,"academy":%v,"dawn":%v,"dawn_challenge":%v,"ignore_heir_ability":%v%s}`,
			[]string{"easy", "normal", "hard"}[flags%3], flags&4 == 0, dawn, dawn && flags&16 != 0, flags&32 != 0, lib)
		g, err := engine.New(Bot{}, json.RawMessage(setup), seed)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		r := rand.New(rand.NewPCG(answers, 3))
		for i := 0; !g.Over(); i++ {
			if i > 5000 {
				t.Fatal("no end after 5,000 answers")
			}
			p, _ := g.Prompt()
			if _, err := g.Answer(engine.RandomAnswer(p, r, 1+int(flags%7))); err != nil {
				t.Fatalf("answer to %s: %v", p.ID, err)
			}
			s := g.State().(State)
			checkInvariants(t, s)
			checkCharacters(t, s)
		}
		again, err := engine.Replay(Bot{}, g.Header(), g.Answers())
		if err != nil {
			t.Fatal(err)
		}
		defer again.Close()
		if a, b := mustJSON(t, again.State()), mustJSON(t, g.State()); a != b {
			t.Fatalf("replay differs:\n%s\n%s", a, b)
		}
	})
}

// TestEveryQuestionOffersNone: "Every question has a 'none / not possible'
// answer" — and a game answered 'none' wherever it can still ends.
func TestEveryQuestionOffersNone(t *testing.T) {
	for _, setup := range []string{`{}`, `{"academy":false,"dawn":true}`, `{"difficulty":"hard","library":{"plan_cards":` + planLibraryFixture() + `}}`} {
		for seed := range uint64(4) {
			g, err := engine.New(Bot{}, json.RawMessage(setup), seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 5))
			for i := 0; !g.Over(); i++ {
				if i > 5000 {
					t.Fatalf("%s: no end", setup)
				}
				p, _ := g.Prompt()
				if p.Kind != engine.Ack && !p.None {
					t.Fatalf("%s: question %s has no 'none' answer", setup, p.ID)
				}
				oneIn := 1 + int(seed%2)*3 // seeds 0, 2: always none; 1, 3: one time in 4
				if _, err := g.Answer(engine.RandomAnswer(p, r, oneIn)); err != nil {
					t.Fatal(err)
				}
			}
			g.Close()
		}
	}
}

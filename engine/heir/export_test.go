package heir

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
)

// The whole games of the tests are played in package heir_test, which can
// use heirtest's sample library (heirtest imports heir). These are the
// helpers the tests of both packages share, and what heir_test reads of the
// package's inside.

// PlanSet is planSet.
var PlanSet = planSet

// TrickIDs is trickIDs.
func (h *Heir) TrickIDs() []string { return h.trickIDs() }

// NewGame starts a game of the Heir or fails the test; the game is closed
// when the test ends.
func NewGame(t testing.TB, setup string, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.New(Bot{}, json.RawMessage(setup), seed)
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	t.Cleanup(g.Close)
	return g
}

// PlayRandom answers g with random legal answers from r (the "none" way
// out one time in noneOneIn) until the game ends or stop, called on each
// prompt before it is answered, says to stop; it returns that prompt. The
// events of each answer go to seen, when given. A game still going after
// 5,000 answers fails the test.
func PlayRandom(t testing.TB, g *engine.Game, r *rand.Rand, noneOneIn int, stop func(engine.Prompt) bool, seen func([]engine.Event)) engine.Prompt {
	t.Helper()
	for i := 0; !g.Over(); i++ {
		if i > 5000 {
			t.Fatalf("no end after %d answers", i)
		}
		p, _ := g.Prompt()
		if stop != nil && stop(p) {
			return p
		}
		ev, err := g.Answer(engine.RandomAnswer(p, r, noneOneIn))
		if err != nil {
			t.Fatalf("answer to %s: %v", p.ID, err)
		}
		if seen != nil {
			seen(ev)
		}
	}
	return engine.Prompt{}
}

// PlayRandomUntil starts setup from seed and plays at random until a
// prompt whose id contains stop, left open.
func PlayRandomUntil(t testing.TB, setup string, seed uint64, stop string) (*engine.Game, engine.Prompt) {
	t.Helper()
	g := NewGame(t, setup, seed)
	p := PlayRandom(t, g, rand.New(rand.NewPCG(seed, 7)), 8, func(p engine.Prompt) bool { return strings.Contains(p.ID, stop) }, nil)
	return g, p
}

// MustJSON encodes v or fails the test.
func MustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

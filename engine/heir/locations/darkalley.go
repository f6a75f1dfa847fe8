package locations

import (
	"maps"
	"math/rand/v2"
	"slices"
	"sync"

	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// AssignmentCards is how many Special Assignment cards the Heir draws at the
// Dark Alley with ap Action Points: Easy 1/1/1/2/2, Normal 1/1/2/2/3, Hard
// 1/2/2/3/3 for 1 to 5 AP (heir-solo-rules: DARK ALLEY table). Below 1 AP
// it draws none; above 5 AP it reads the 5 AP column.
func AssignmentCards(l difficulty.Level, ap int) int {
	return difficulty.ByAP(l.Tables().DarkAlleyCards, ap)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// AssignmentColours are the Special Assignment decks the Heir draws from, in
// its tie-break order Theater > Downtown > Academy > Market Row > Workshop
// (heir-solo-rules: DARK ALLEY step 2); the Academy deck only with the
// Academy. The list is shared: callers must not change it.
func AssignmentColours(academy bool) []string {
	return colours()[academy]
}

// colours reads the draw priority of the component data once: with the
// Academy as it is, without it the Academy deck left out.
var colours = sync.OnceValue(func() map[bool][]string {
	all := difficulty.Data().DarkAlleyDrawPriority
	return map[bool][]string{true: all, false: slices.DeleteFunc(slices.Clone(all), func(l string) bool { return l == trickerion.Academy })}
})

// DarkAlleyState is what the Heir's Dark Alley action reads.
type DarkAlleyState struct {
	Level     difficulty.Level
	AP        int
	Academy   bool
	Priestess bool // the Heir's Magician is the Priestess of Mysticism
	// Held counts the Special Assignment cards in the Heir's hand by
	// colour (Location id), not counting cards assigned to Characters.
	Held map[string]int
	// DeckLeft counts the cards left in each colour's deck; a colour
	// missing from the map is not known and taken as not empty.
	DeckLeft map[string]int
}

// DarkAlleyResult is what the Heir's Dark Alley action did and the counts
// after.
type DarkAlleyResult struct {
	Rotate   bool   // the coin said: rotate the Pending Prophecies by one
	Steps    []Step // StepRotateProphecy, StepPriestessSwap, then StepDrawAssignment
	Held     map[string]int
	DeckLeft map[string]int
}

// DarkAlley resolves the Heir's Dark Alley action (heir-solo-rules: DARK
// ALLEY):
//  1. a coin flip (from r) decides whether the Pending Prophecies rotate by
//     one; if they do and the Heir is the Priestess of Mysticism, next
//     turn's Prophecy is then swapped with a randomly drawn one (HEIR'S
//     MAGICIAN ABILITIES, Priestess of Mysticism: the table draws it);
//  2. AssignmentCards cards are drawn one at a time, each from the colour
//     the Heir holds fewest of (counting the ones just drawn), ties broken
//     by AssignmentColours order.
//
// Rules decision: a colour whose deck is empty is passed over; if every
// deck is empty the Heir draws fewer cards.
func DarkAlley(s DarkAlleyState, r *rand.Rand) DarkAlleyResult {
	n := AssignmentCards(s.Level, s.AP)
	res := DarkAlleyResult{Held: maps.Clone(s.Held), DeckLeft: maps.Clone(s.DeckLeft)}
	if res.Held == nil {
		res.Held = map[string]int{}
	}
	res.Rotate = r.IntN(2) == 0
	res.Steps = make([]Step, 0, n+2*b2i(res.Rotate)) // room for every step
	if res.Rotate {
		res.Steps = append(res.Steps, Step{Kind: StepRotateProphecy, Rule: "1"})
		if s.Priestess {
			res.Steps = append(res.Steps, Step{Kind: StepPriestessSwap, Rule: "Priestess of Mysticism"})
		}
	}
	for range n {
		c, ok := res.fewest(AssignmentColours(s.Academy))
		if !ok {
			break
		}
		res.Held[c]++
		if n, known := res.DeckLeft[c]; known {
			res.DeckLeft[c] = n - 1
		}
		res.Steps = append(res.Steps, Step{Kind: StepDrawAssignment, Rule: "2", Location: c})
	}
	if len(res.Steps) == 0 {
		res.Steps = nil
	}
	return res
}

// fewest is the colour with a non-empty deck the Heir holds fewest of, the
// first in colours on a tie.
func (res *DarkAlleyResult) fewest(colours []string) (string, bool) {
	best, found := "", false
	for _, c := range colours {
		if n, known := res.DeckLeft[c]; known && n <= 0 {
			continue
		}
		if !found || res.Held[c] < res.Held[best] {
			best, found = c, true
		}
	}
	return best, found
}

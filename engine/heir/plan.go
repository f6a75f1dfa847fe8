package heir

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Plan card kinds (heir-solo-rules: GAME SETUP step 12).
const (
	Perform = "perform" // Location icons top and bottom
	SetUp   = "set-up"  // Location icons only at the top
)

// PlanCard is one of the Heir's 17 Plan cards, as the player entered it in
// the card library: which set it belongs to (9 for use with the Academy, 8
// without), its kind, and its Locations left to right, each possibly marked
// as a Special Assignment card.
type PlanCard struct {
	ID      string     `json:"id"`
	Academy bool       `json:"academy"`
	Kind    string     `json:"kind"`
	Steps   []PlanStep `json:"steps"`
}

// PlanStep is one Location on a Plan card.
type PlanStep struct {
	Location string `json:"location"`
	Special  bool   `json:"special,omitempty"` // marked as a Special Assignment card
}

// planLocations are the Locations a Plan card can show.
var planLocations = []string{Theater, Downtown, Academy, MarketRow, DarkAlley, Workshop}

// saColours are the Special Assignment colours, in the Heir's priority order
// (heir-solo-rules: DARK ALLEY step 2).
var saColours = []string{Theater, Downtown, Academy, MarketRow, Workshop}

// Validate checks a Plan card's entry.
func (c PlanCard) Validate() error {
	if c.ID == "" {
		return fmt.Errorf("heir: plan card without id")
	}
	if c.Kind != Perform && c.Kind != SetUp {
		return fmt.Errorf("heir: plan card %s: kind %q is not %q or %q", c.ID, c.Kind, Perform, SetUp)
	}
	if len(c.Steps) == 0 || len(c.Steps) > 7 {
		return fmt.Errorf("heir: plan card %s: %d Locations, want 1 to 7", c.ID, len(c.Steps))
	}
	for _, s := range c.Steps {
		if !slices.Contains(planLocations, s.Location) {
			return fmt.Errorf("heir: plan card %s: unknown Location %q", c.ID, s.Location)
		}
		if s.Special && !slices.Contains(saColours, s.Location) {
			return fmt.Errorf("heir: plan card %s: no Special Assignment cards for %s", c.ID, s.Location)
		}
		if s.Location == Academy && !c.Academy {
			return fmt.Errorf("heir: plan card %s: an Academy Location on a card of the set without the Academy", c.ID)
		}
	}
	return nil
}

// planSet splits the library's cards of one set into Perform and Set Up.
func planSet(lib []PlanCard, academy bool) (perform, setUp []PlanCard) {
	for _, c := range lib {
		if c.Academy != academy {
			continue
		}
		if c.Kind == Perform {
			perform = append(perform, c)
		} else {
			setUp = append(setUp, c)
		}
	}
	return perform, setUp
}

// planCounts is how many Perform and Set Up cards a set holds: with the
// Academy 4 + 5 (9 cards), without 4 + 4 (8 cards)
// (heir-solo-rules: COMPONENTS; PLAYING WITHOUT ACADEMY).
func planCounts(academy bool) (perform, setUp int) {
	if academy {
		return 4, 5
	}
	return 4, 4
}

// checkPlanLibrary checks that the library holds a whole set for the game.
func checkPlanLibrary(lib []PlanCard, academy bool) error {
	for _, c := range lib {
		if err := c.Validate(); err != nil {
			return err
		}
	}
	p, s := planSet(lib, academy)
	wp, ws := planCounts(academy)
	if len(p) != wp || len(s) != ws {
		return fmt.Errorf("heir: plan cards (academy=%v): %d Perform and %d Set Up entered, the set has %d and %d", academy, len(p), len(s), wp, ws)
	}
	return nil
}

// BuildPlanDeck builds the Heir's Plan deck, top card first, by GAME SETUP
// step 12 a–d (with the Academy) or the composition without the Academy:
//
//	a. one random Perform card at the bottom;
//	b. 1 Set Up + 2 Perform shuffled, two of them on top, one removed unseen;
//	c. 2 Set Up + 1 Perform shuffled, all on top;
//	d. one of the remaining Set Up cards on top (with the Academy the other is removed).
//
// The deck has 7 cards, one per turn.
func BuildPlanDeck(perform, setUp []PlanCard, r *rand.Rand) []PlanCard {
	p := shuffled(perform, r)
	s := shuffled(setUp, r)
	bottom := p[0]                                     // a
	b := shuffled([]PlanCard{s[0], p[1], p[2]}, r)[:2] // b
	c := shuffled([]PlanCard{s[1], s[2], p[3]}, r)     // c
	top := s[3]                                        // d: s[4] (Academy) stays out
	deck := []PlanCard{top}
	deck = append(deck, c...)
	deck = append(deck, b...)
	return append(deck, bottom)
}

func shuffled[T any](in []T, r *rand.Rand) []T {
	out := slices.Clone(in)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

package academy

import (
	"math/rand/v2"
	"testing"
)

// idx returns the Board index of a space id.
func idx(t *testing.T, id string) int {
	t.Helper()
	i, err := SpaceIndex(id)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// free is an empty slot with ability a.
func free(a Ability) Slot { return Slot{Ability: a} }

// taken is a slot holding the player's marker.
func taken() Slot { return Slot{Occupant: Occupant{Owner: Player}} }

// heirOn is a slot holding the Heir's marker for trick.
func heirOn(trick string) Slot { return Slot{Occupant: Occupant{Owner: Heir, TrickID: trick}} }

// put places a tile of the space's kind on the board.
func put(t *testing.T, b *Board, id string, threshold int, slots ...Slot) {
	t.Helper()
	i := idx(t, id)
	b.Rooms[i].Tile = &Tile{Kind: spaces[i].Kind, Threshold: threshold, Slots: slots}
}

func seeded() *rand.Rand { return rand.New(rand.NewPCG(7, 11)) }

// twoFreeSlots draws every tile as two plain free slots.
func twoFreeSlots(TileRequest) ([]Slot, error) {
	return []Slot{free(AbilityNone), free(AbilityNone)}, nil
}

// kinds lists the Kind of each step.
func kinds(steps []Step) []StepKind {
	out := make([]StepKind, len(steps))
	for i, s := range steps {
		out[i] = s.Kind
	}
	return out
}

func sameKinds(a, b []StepKind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

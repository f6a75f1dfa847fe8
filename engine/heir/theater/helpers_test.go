package theater

import (
	"testing"

	"tableside/engine/trickerion"
)

// trick returns the Heir's Trick id with n markers on it.
func trick(t *testing.T, id string, n int) HeirTrick {
	t.Helper()
	tr, ok := trickerion.TrickByID(id)
	if !ok {
		t.Fatalf("no trick %s", id)
	}
	return TrickFrom(tr, n)
}

// card returns multiplayer Performance card id on display with markers.
func card(t *testing.T, id string, ms ...Marker) Card {
	t.Helper()
	pc, ok := trickerion.PerformanceCardByID(id)
	if !ok {
		t.Fatalf("no performance card %s", id)
	}
	return Card{Spec: FromPerformanceCard(pc), Markers: ms}
}

func leaving(c Card) Card {
	c.Leaving = true
	return c
}

func at(x, y int) trickerion.Slot { return trickerion.Slot{X: x, Y: y} }

// heirM is an Heir marker of Trick tr.
func heirM(tr HeirTrick, x, y int, f Direction) Marker {
	return Marker{Owner: Heir, TrickID: tr.ID, Category: tr.Category, Level: tr.Level, Slot: at(x, y), Facing: f}
}

// playerM is a player's marker of a Trick of category c and level 1.
func playerM(id string, c trickerion.Category, x, y int, f Direction) Marker {
	return Marker{Owner: Player, TrickID: id, Category: c, Level: 1, Slot: at(x, y), Facing: f}
}

// Tricks used below (tricks.json): T16 Window to the Otherworld
// (spiritual L1, 3F 2C), T26 Stocks Escape (escape L1, 1C 1S), T29 Prison
// Break (escape L2, 3F 3C), T13 Mind Reading (spiritual L1, 1S), T37
// Linking Rings (mechanical L1, 2C).
const (
	window = "T16_WindowToTheOtherworld"
	stocks = "T26_StocksEscape"
	prison = "T29_PrisonBreak"
	mind   = "T13_MindReading"
	rings  = "T37_LinkingRings"
)

type want struct {
	card   int
	trick  string
	slot   trickerion.Slot
	facing Direction
	gain   trickerion.Yield
}

func checkPlacements(t *testing.T, got []Placement, ws []want) {
	t.Helper()
	if len(got) != len(ws) {
		t.Fatalf("placements = %+v, want %d", got, len(ws))
	}
	for i, w := range ws {
		g := got[i]
		if g.Card != w.card || g.TrickID != w.trick || g.Slot != w.slot || (w.facing != "" && g.Facing != w.facing) || g.Gain != w.gain {
			t.Errorf("placement %d = card %d %s %v %s gain %+v; want card %d %s %v %s gain %+v",
				i, g.Card, g.TrickID, g.Slot, g.Facing, g.Gain, w.card, w.trick, w.slot, w.facing, w.gain)
		}
	}
}

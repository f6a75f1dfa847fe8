// Package locations holds Dahlgaard's Heir's actions at Downtown, Market Row
// and the Dark Alley (heir-solo-rules: DOWNTOWN, MARKET ROW, DARK ALLEY) as
// pure functions: explicit inputs in, the ordered steps the Heir takes out.
// It asks nothing and holds no prose; the Heir's FLOW turns the steps into
// instructions, events and state changes, and asks the table for the facts
// the rules need (a rerolled die's face, what the Market holds).
//
// It also owns two small definitions the other Heir packages share:
// FameLevel (the highest Trick Level open to the Heir) and CompareYield /
// TrickLess (the Heir's descending-Yield order of Tricks), so that the FLOW,
// the Theater and these Locations agree.
package locations

import "tableside/engine/trickerion"

// Fame thresholds of Trick Levels 2 and 3 (Trick cards' Fame thresholds
// 1/16/36).
const (
	Level2Fame = 16
	Level3Fame = 36
)

// FameLevel is the highest Trick Level available to the Heir at this Fame:
// 1 below 16 Fame, 2 from 16, 3 from 36 (heir-solo-rules: DOWNTOWN step 1,
// "the highest Level available to it"; PLACE CHARACTER, stance).
func FameLevel(fame int) int {
	switch {
	case fame >= Level3Fame:
		return 3
	case fame >= Level2Fame:
		return 2
	default:
		return 1
	}
}

// CompareYield orders two Yields as the Heir ranks its Tricks: more Fame is
// higher, then (if tied) more Shards, then more Coins (heir-solo-rules:
// DOWNTOWN step 1c). It returns a positive number when a is higher than b,
// negative when lower, 0 when equal.
func CompareYield(a, b trickerion.Yield) int {
	if a.Fame != b.Fame {
		return a.Fame - b.Fame
	}
	if a.Shards != b.Shards {
		return a.Shards - b.Shards
	}
	return a.Coins - b.Coins
}

// TrickLess reports whether Trick a stands left of Trick b on the Heir's
// board: the board is kept in descending Yield order (heir-solo-rules:
// DOWNTOWN step 1c). Tricks of equal Yield are not ordered by it.
func TrickLess(a, b trickerion.Trick) bool {
	return CompareYield(a.Yield, b.Yield) > 0
}

// GentlemanFame is the Fame the Heir gains from the Gentleman's ability when
// it places a Character at location: the number of Trick cards it has, if the
// Character is its Magician and the location is Downtown, Market Row, the
// Dark Alley or the Academy; 0 otherwise (heir-solo-rules: HEIR'S MAGICIAN
// ABILITIES, Gentleman). The FLOW checks that the Heir's Magician is the
// Gentleman.
func GentlemanFame(location string, magician bool, trickCards int) int {
	if !magician {
		return 0
	}
	switch location {
	case trickerion.Downtown, trickerion.MarketRow, trickerion.DarkAlley, trickerion.Academy:
		return trickCards
	}
	return 0
}

package theater

import (
	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// PerformanceValue is what performing card c pays its performer besides
// the Tricks' Yields: 1 Fame per Link on the card
// (trickerion-rules-summary.fr: 6. PHASE SPECTACLE, Bonus d'Artiste,
// Enchaînements) plus the card's bonus. Grey printed markers count.
func PerformanceValue(c Card) trickerion.Yield {
	return trickerion.Yield{Fame: c.linkCount()}.Add(c.Spec.Bonus)
}

// ChoosePerformance returns the index of the card the Heir performs: among
// the cards with at least one Heir marker, the highest PerformanceValue by
// Fame, then Shards, then Coins, then the leftmost (heir-solo-rules:
// PERFORMANCE PHASE). ok is false when no card has an Heir marker.
// Red Lotus's extra Fame is not part of the choice: the rule ranks "the
// bonus for Links + Performance card bonus" only.
func ChoosePerformance(cards []Card) (index int, ok bool) {
	index = -1
	var best trickerion.Yield
	for i, c := range cards {
		if c.Count(Heir, "") == 0 {
			continue
		}
		v := PerformanceValue(c)
		if index < 0 || v.Fame > best.Fame ||
			(v.Fame == best.Fame && (v.Shards > best.Shards || (v.Shards == best.Shards && v.Coins > best.Coins))) {
			index, best = i, v
		}
	}
	return index, index >= 0
}

// FlatBackstageBonus is what the Heir gains instead of the Specialists'
// backstage bonus when it performs with n Characters backstage
// (heir-solo-rules: PERFORMANCE PHASE, with ERRATA: Easy nothing, Normal 2
// Coins per Character, Hard 1 Fame per Character).
func FlatBackstageBonus(level difficulty.Level, n int) trickerion.Yield {
	y := level.Tables().BackstageFlatBonus
	return trickerion.Yield{Fame: n * y.Fame, Coins: n * y.Coins, Shards: n * y.Shards}
}

// TrickYield is the Yield one of the Heir's markers pays.
type TrickYield struct {
	TrickID string           `json:"trick_id"`
	Slot    trickerion.Slot  `json:"slot"`
	Yield   trickerion.Yield `json:"yield"`
	// Stays: the marker stays on the card (Practice Room) instead of
	// going back to its Trick.
	Stays bool `json:"stays,omitempty"`
}

// fullYield is a Trick's Yield with its Practice Room increase; the Heir
// ignores Thursday, Sunday and Prophecy modifiers (heir-solo-rules:
// PERFORMANCE PHASE).
func fullYield(t HeirTrick) trickerion.Yield { return t.Yield.Add(t.Practice.YieldIncrease) }

// reducedYield is the Yield minus 1 Fame and 1 Coin, each floored at 0
// (heir-solo-rules: MOVE PERFORMANCE CARDS and END GAME SCORING; the floor
// follows the base rule that a malus never makes a reward negative,
// trickerion-rules-summary.fr: 6. PHASE SPECTACLE, JEUDI).
func reducedYield(t HeirTrick) trickerion.Yield {
	y := fullYield(t)
	y.Fame = max(0, y.Fame-1)
	y.Coins = max(0, y.Coins-1)
	return y
}

func trickIndex(tricks []HeirTrick, id string) int {
	for i, t := range tricks {
		if t.ID == id {
			return i
		}
	}
	return -1
}

// PerformInput is a Performance of a card with Heir markers on it, by the
// Heir or by the player.
type PerformInput struct {
	Card   Card
	Tricks []HeirTrick // the Heir's Tricks
	ByHeir bool        // the Heir is the performer
	// For the Heir as performer only:
	RedLotus  bool             // +1 Fame per player Trick on the card
	Level     difficulty.Level // for the flat backstage bonus
	Backstage int              // Heir Characters backstage
}

// PerformResult is what a Performance does for the Heir.
type PerformResult struct {
	Links     int              // Links on the card
	Performer trickerion.Yield // Links + card bonus, when the Heir performs
	RedLotus  int              // Fame from Red Lotus
	Backstage trickerion.Yield // flat backstage bonus
	Yields    []TrickYield     // each Heir marker on the card, in card order
	Gain      trickerion.Yield // everything the Heir gains
	Card      Card             // the card afterwards; the player's markers are left for the FLOW
	Tricks    []HeirTrick      // markers back on the Tricks
}

// Perform pays a Performance of in.Card (heir-solo-rules: PERFORMANCE
// PHASE): the Heir gets the full Yield of each of its markers (whoever
// performs), its markers go straight back to their Tricks except those of a
// Trick whose Practice Room keeps them on the card; as performer it also
// gets the Links and card bonus, Red Lotus's Fame and the flat backstage
// bonus. A marker whose Trick the Heir no longer has pays nothing and is
// removed.
func Perform(in PerformInput) PerformResult {
	res := PerformResult{Links: in.Card.linkCount(), Tricks: append([]HeirTrick(nil), in.Tricks...)}
	res.Card = in.Card.Clone()
	res.Card.Markers = res.Card.Markers[:0]
	for _, m := range in.Card.Markers {
		ti := trickIndex(res.Tricks, m.TrickID)
		if m.Owner != Heir {
			res.Card.Markers = append(res.Card.Markers, m)
			continue
		}
		if ti < 0 {
			continue
		}
		t := &res.Tricks[ti]
		ty := TrickYield{TrickID: t.ID, Slot: m.Slot, Yield: fullYield(*t), Stays: t.Practice.Stays}
		if ty.Stays {
			res.Card.Markers = append(res.Card.Markers, m)
		} else {
			t.Markers++
		}
		res.Yields = append(res.Yields, ty)
		res.Gain = res.Gain.Add(ty.Yield)
	}
	if in.ByHeir {
		res.Performer = PerformanceValue(in.Card)
		if in.RedLotus {
			res.RedLotus = in.Card.Count(Player, "")
		}
		res.Backstage = FlatBackstageBonus(in.Level, in.Backstage)
		res.Gain = res.Gain.Add(res.Performer).Add(trickerion.Yield{Fame: res.RedLotus}).Add(res.Backstage)
	}
	return res
}

// LeaveResult is what the Heir gets when a card leaves the Theater.
type LeaveResult struct {
	Yields []TrickYield
	Gain   trickerion.Yield
	Tricks []HeirTrick // markers back on the Tricks
}

// Leave pays the Heir's markers on a card removed at the Move Performance
// Cards step: each pays its Trick's Yield minus 1 Fame and 1 Coin, and goes
// back to its Trick (heir-solo-rules: MOVE PERFORMANCE CARDS;
// trickerion-rules-summary.fr: 7. FIN DU TOUR).
func Leave(c Card, tricks []HeirTrick) LeaveResult {
	res := LeaveResult{Tricks: append([]HeirTrick(nil), tricks...)}
	for _, m := range c.Markers {
		ti := trickIndex(res.Tricks, m.TrickID)
		if m.Owner != Heir || ti < 0 {
			continue
		}
		ty := TrickYield{TrickID: m.TrickID, Slot: m.Slot, Yield: reducedYield(res.Tricks[ti])}
		res.Tricks[ti].Markers++
		res.Yields = append(res.Yields, ty)
		res.Gain = res.Gain.Add(ty.Yield)
	}
	return res
}

// EndGame pays the Heir's markers still on any card at the end of the game:
// each pays its Trick's Yield minus 1 Fame and 1 Coin (heir-solo-rules: END
// GAME SCORING).
func EndGame(cards []Card, tricks []HeirTrick) ([]TrickYield, trickerion.Yield) {
	var ys []TrickYield
	var total trickerion.Yield
	for _, c := range cards {
		r := Leave(c, tricks)
		ys = append(ys, r.Yields...)
		total = total.Add(r.Gain)
	}
	return ys, total
}

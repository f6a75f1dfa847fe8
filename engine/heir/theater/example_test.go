package theater_test

import (
	"fmt"

	"tableside/engine/heir/difficulty"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// How the FLOW uses the package: a THEATER action, then the Performance.
func Example() {
	window, _ := trickerion.TrickByID("T16_WindowToTheOtherworld")
	stocks, _ := trickerion.TrickByID("T26_StocksEscape")
	p01, _ := trickerion.PerformanceCardByID("P01_RiversideTheater")
	tricks := []theater.HeirTrick{theater.TrickFrom(window, 2), theater.TrickFrom(stocks, 2)}
	cards := []theater.Card{{Spec: theater.FromPerformanceCard(p01)}}

	// Place Character: a Specialist (2 AP) goes to the Theater on Normal.
	if !theater.CanPlaceAny(tricks, cards, false, false) {
		return // send another Character
	}
	r := theater.Place(theater.PlaceInput{Count: theater.MarkersToPlace(difficulty.Normal, 2), Tricks: tricks, Cards: cards})
	for _, p := range r.Placements {
		fmt.Printf("%s on card %d slot %v facing %s: %+v\n", p.TrickID, p.Card, p.Slot, p.Facing, p.Gain)
	}
	tricks, cards = r.Tricks, r.Cards

	// Performance phase: the Heir's Magician performs.
	if i, ok := theater.ChoosePerformance(cards); ok {
		pr := theater.Perform(theater.PerformInput{Card: cards[i], Tricks: tricks, ByHeir: true, Level: difficulty.Normal, Backstage: 1})
		cards[i], tricks = pr.Card, pr.Tricks
		fmt.Printf("performs card %d: %d Link(s), gains %+v\n", i, pr.Links, pr.Gain)
	}
	// Output:
	// T16_WindowToTheOtherworld on card 0 slot {0 0} facing down: {Fame:0 Coins:0 Shards:0}
	// T26_StocksEscape on card 0 slot {0 1} facing up: {Fame:0 Coins:0 Shards:0}
	// performs card 0: 0 Link(s), gains {Fame:3 Coins:5 Shards:2}
}

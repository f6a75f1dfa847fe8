package locations_test

import (
	"fmt"
	"math/rand/v2"

	"tableside/engine/heir/difficulty"
	"tableside/engine/heir/locations"
	"tableside/engine/trickerion"
)

// How the FLOW drives a Downtown visit: count the dice, ask the table to
// reroll one X die if short, then resolve.
func ExampleDowntown() {
	dice := locations.Dice{"X", "X", "X", "X", "6", "X"}
	n := locations.DiceToCollect(difficulty.Normal, 5) // 3 dice
	if d, ok := locations.RerollDie(dice, n); ok {
		fmt.Println("reroll", d)
		dice[d] = "?" // the face the table reports
	}
	window, _ := trickerion.TrickByID("T16_WindowToTheOtherworld")
	res, err := locations.Downtown(locations.DowntownState{
		Level: difficulty.Normal, AP: 5, Dice: dice, Fame: 18, Favorite: trickerion.Escape,
		Tricks:     []trickerion.Trick{window},
		Characters: locations.Characters{Protege: true, Specialists: []string{locations.Assistant}, Apprentices: 2},
		Academy:    true, Residence: locations.TrickRefs(trickerion.TricksOf(trickerion.Escape, 2)),
	}, rand.New(rand.NewPCG(6, 0)))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Steps {
		fmt.Println(s.Rule, s.Kind, s.Die, s.Trick.Name, s.Slot, s.Components, s.Coins)
	}
	fmt.Println(res.Collected(), "of", res.Collect, "dice")
	// Output:
	// reroll trick1
	// 1 learn-trick trick1 Walled 0 [metal padlock wood] 0
	// 4 take-coins bank1  0 [] 6
	// 2 of 3 dice
}

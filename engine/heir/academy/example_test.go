package academy_test

import (
	"fmt"
	"math/rand/v2"

	"tableside/engine/heir/academy"
	"tableside/engine/heir/difficulty"
)

// The FLOW runs the Heir's Academy action, asking the table for each tile
// the Heir renovates, then turns the steps into instructions and events.
func Example() {
	in := academy.Input{
		Turn: 1, Level: difficulty.Normal, AP: 3, // 2 Actions
		Tricks: []string{"left-trick", "right-trick"},
		State: academy.State{
			Fame: 3, Coins: 6,
			Banners: academy.Banners{HeirLeft: 12, PlayerLeft: 12},
		},
	}
	a, err := academy.Start(in, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	for {
		steps, req := a.Run()
		for _, s := range steps {
			switch s.Kind {
			case academy.LearnSecret:
				fmt.Printf("Secret: Protégé %d AP\n", s.ProtegeAP)
			case academy.Renovate:
				fmt.Printf("Renovate %s: +%d Fame, %d Banners, discard %d Coins\n",
					academy.Spaces()[s.Renovation.Space].ID, s.Fame, s.BannersPlaced, s.CoinsDiscarded)
			default:
				fmt.Printf("%v %s\n", s.Kind, s.Trick)
			}
		}
		if req == nil {
			break
		}
		// Here the FLOW asks which tile was drawn.
		if err := a.PlaceTile([]academy.Slot{{}, {}}); err != nil {
			panic(err)
		}
	}
	fmt.Println("Fame", a.State().Fame)
	// Output:
	// Secret: Protégé 2 AP
	// Renovate CR3: +4 Fame, 4 Banners, discard 6 Coins
	// Fame 7
}

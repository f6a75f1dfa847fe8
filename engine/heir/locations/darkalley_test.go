package locations

import (
	"slices"
	"testing"

	"tableside/engine/heir/difficulty"
)

// heir-solo-rules: DARK ALLEY table.
func TestDarkAlley_CardsTable(t *testing.T) {
	want := map[difficulty.Level][5]int{
		difficulty.Easy:   {1, 1, 1, 2, 2},
		difficulty.Normal: {1, 1, 2, 2, 3},
		difficulty.Hard:   {1, 2, 2, 3, 3},
	}
	for l, row := range want {
		for ap := 1; ap <= 5; ap++ {
			if got := AssignmentCards(l, ap); got != row[ap-1] {
				t.Errorf("%v %d AP: %d cards, want %d", l, ap, got, row[ap-1])
			}
		}
	}
}

func drawn(res DarkAlleyResult) []string {
	var out []string
	for _, s := range res.Steps {
		if s.Kind == StepDrawAssignment {
			out = append(out, s.Location)
		}
	}
	return out
}

// heir-solo-rules: DARK ALLEY step 2: fewest held first, ties Theater >
// Downtown > Academy > Market Row > Workshop; an empty deck is passed over.
func TestDarkAlley_Step2_FewestColour(t *testing.T) {
	cases := []struct {
		name    string
		level   difficulty.Level
		ap      int
		academy bool
		held    map[string]int
		left    map[string]int
		want    []string
	}{
		{"none held: Theater", difficulty.Easy, 1, true, nil, nil, []string{"theater"}},
		{"Hard 5 AP, none held", difficulty.Hard, 5, true, nil, nil, []string{"theater", "downtown", "academy"}},
		{"without the Academy", difficulty.Hard, 5, false, nil, nil, []string{"theater", "downtown", "market-row"}},
		{"fewest first", difficulty.Normal, 5, true,
			map[string]int{"theater": 2, "downtown": 1, "academy": 1, "market-row": 0, "workshop": 1}, nil,
			[]string{"market-row", "downtown", "academy"}},
		{"empty deck skipped", difficulty.Normal, 3, true, map[string]int{"downtown": 1, "academy": 1, "market-row": 1},
			map[string]int{"theater": 0, "workshop": 3}, []string{"workshop", "downtown"}},
		{"every deck empty", difficulty.Hard, 5, false, nil,
			map[string]int{"theater": 0, "downtown": 0, "market-row": 1, "workshop": 0}, []string{"market-row"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := DarkAlley(DarkAlleyState{Level: c.level, AP: c.ap, Academy: c.academy, Held: c.held, DeckLeft: c.left}, rng(1))
			if got := drawn(res); !slices.Equal(got, c.want) {
				t.Errorf("drew %v, want %v", got, c.want)
			}
			for _, col := range c.want {
				if res.Held[col] <= c.held[col] {
					t.Errorf("held %s %d, not counted", col, res.Held[col])
				}
			}
		})
	}
}

// heir-solo-rules: DARK ALLEY step 1 (coin flip) and the Priestess of
// Mysticism's Heir ability.
func TestDarkAlley_Step1_CoinAndPriestess(t *testing.T) {
	rotations := 0
	for seed := range uint64(200) {
		for _, priestess := range []bool{false, true} {
			res := DarkAlley(DarkAlleyState{Level: difficulty.Easy, AP: 1, Priestess: priestess}, rng(seed))
			var kinds []StepKind
			for _, s := range res.Steps {
				kinds = append(kinds, s.Kind)
			}
			want := []StepKind{StepDrawAssignment}
			if res.Rotate {
				want = []StepKind{StepRotateProphecy, StepDrawAssignment}
				if priestess {
					want = []StepKind{StepRotateProphecy, StepPriestessSwap, StepDrawAssignment}
				}
			}
			if !slices.Equal(kinds, want) {
				t.Fatalf("seed %d priestess %v: steps %v, want %v", seed, priestess, kinds, want)
			}
		}
		if DarkAlley(DarkAlleyState{AP: 1}, rng(seed)).Rotate {
			rotations++
		}
	}
	if rotations < 70 || rotations > 130 {
		t.Errorf("%d rotations in 200 flips", rotations)
	}
}

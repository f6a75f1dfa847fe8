package academy

import (
	"testing"

	"tableside/engine/heir/difficulty"
)

// heir-solo-rules: ACADEMY, table of Actions by AP and difficulty.
func TestActions_Table(t *testing.T) {
	want := map[difficulty.Level][5]int{
		difficulty.Easy:   {1, 1, 1, 2, 2},
		difficulty.Normal: {1, 1, 2, 2, 2},
		difficulty.Hard:   {1, 1, 2, 2, 3},
	}
	for l, row := range want {
		for ap := 1; ap <= 5; ap++ {
			if got := Actions(l, ap); got != row[ap-1] {
				t.Errorf("Actions(%v, %d) = %d, want %d", l, ap, got, row[ap-1])
			}
		}
		if got := Actions(l, 6); got != row[4] {
			t.Errorf("Actions(%v, 6) = %d, want the 5 AP column %d", l, got, row[4])
		}
		if got := Actions(l, 0); got != 0 {
			t.Errorf("Actions(%v, 0) = %d, want 0", l, got)
		}
	}
}

// academy-rules: RENOVATE step 5, Banners by turn.
func TestRenovate_BannersForTurn(t *testing.T) {
	want := []int{4, 4, 3, 3, 2, 2, 1}
	for i, w := range want {
		if got := BannersForTurn(i + 1); got != w {
			t.Errorf("BannersForTurn(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// heir-solo-rules: ACADEMY 2, "Discard all the Coins from the 'Coin Purse'
// box if it has 9 or less; discard 9 Coins otherwise."
func TestRenovate_CoinDiscard(t *testing.T) {
	for _, c := range []struct{ coins, want int }{{0, 0}, {4, 4}, {6, 6}, {9, 9}, {10, 9}, {23, 9}} {
		if got := CoinsDiscarded(c.coins); got != c.want {
			t.Errorf("CoinsDiscarded(%d) = %d, want %d", c.coins, got, c.want)
		}
	}
}

// heir-solo-rules: ACADEMY 2, "where the Heir's Fame exceeds the Fame
// Threshold": Fame equal to a Threshold does not reach it.
func TestRenovate_FameStrictlyExceedsThreshold(t *testing.T) {
	cases := []struct {
		fame    int
		maxTier int // highest tier offered, -1 for none
	}{
		{fame: 1, maxTier: -1},
		{fame: 2, maxTier: 0},
		{fame: 16, maxTier: 0},
		{fame: 17, maxTier: 1},
		{fame: 36, maxTier: 1},
		{fame: 37, maxTier: 2},
	}
	for _, c := range cases {
		top := -1
		for _, r := range Candidates(1, c.fame, Board{}) {
			top = max(top, r.Tier)
		}
		if top != c.maxTier {
			t.Errorf("Fame %d: highest tier %d, want %d", c.fame, top, c.maxTier)
		}
	}
}

// academy-rules: GAME SETUP 2a/3a: in a 2-player game the A spaces open on
// Turn IV, the B spaces on Turn VI.
func TestRenovate_ClosedRooms(t *testing.T) {
	open := func(turn int) map[string]bool {
		m := map[string]bool{}
		for _, r := range Candidates(turn, 2, Board{}) {
			m[spaces[r.Space].ID] = true
		}
		return m
	}
	for _, c := range []struct {
		turn int
		n    int
		has  string
		not  string
	}{{1, 4, "CR3", "CR1"}, {3, 4, "PR4", "PR1"}, {4, 6, "PR1", "CR2"}, {6, 8, "CR2", ""}} {
		m := open(c.turn)
		if len(m) != c.n || !m[c.has] || (c.not != "" && m[c.not]) {
			t.Errorf("turn %d: open spaces %v, want %d with %s without %s", c.turn, m, c.n, c.has, c.not)
		}
	}
}

// heir-solo-rules: ACADEMY 2: 0-4 Coins cheapest, 5+ most expensive;
// Geert van Augustin always the most expensive; ties on odd turns
// Classrooms first, on even turns Practice Rooms first.
func TestRenovate_Choice(t *testing.T) {
	cases := []struct {
		name        string
		turn, fame  int
		coins       int
		geert       bool
		space       string
		tier, fame2 int
	}{
		{name: "cheapest with 4 Coins, Turn I", turn: 1, fame: 3, coins: 4, space: "PR3", tier: 0, fame2: 1},
		{name: "most expensive with 5 Coins, Turn I", turn: 1, fame: 3, coins: 5, space: "CR3", tier: 0, fame2: 4},
		{name: "most expensive at 17 Fame", turn: 1, fame: 17, coins: 9, space: "CR3", tier: 1, fame2: 7},
		{name: "Geert with 0 Coins takes the most expensive", turn: 1, fame: 17, coins: 0, geert: true, space: "CR3", tier: 1, fame2: 7},
		{name: "tie 11 Coins, odd turn: Classroom", turn: 5, fame: 40, coins: 5, space: "CR4", tier: 2, fame2: 13},
		{name: "tie 11 Coins, even turn: Practice Room", turn: 4, fame: 40, coins: 5, space: "PR1", tier: 2, fame2: 13},
		{name: "tie 3 Coins, odd turn: Classroom", turn: 7, fame: 40, coins: 0, space: "CR2", tier: 0, fame2: 1},
		{name: "tie 3 Coins, even turn: Practice Room", turn: 6, fame: 40, coins: 0, space: "PR3", tier: 0, fame2: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, ok := ChooseRenovation(c.turn, c.fame, c.coins, c.geert, Board{})
			if !ok {
				t.Fatal("no renovation")
			}
			if spaces[r.Space].ID != c.space || r.Tier != c.tier || r.Fame() != c.fame2 {
				t.Errorf("got %s tier %d (+%d Fame), want %s tier %d (+%d Fame)",
					spaces[r.Space].ID, r.Tier, r.Fame(), c.space, c.tier, c.fame2)
			}
		})
	}
}

// heir-solo-rules: ACADEMY 2, "If still tied, pick top to bottom": two
// Classroom ratios of equal cost, the upper space wins.
func TestRenovate_TieTopToBottom(t *testing.T) {
	cr2, cr3 := idx(t, "CR2"), idx(t, "CR3")
	upper := Renovation{Space: cr2, Tier: 2} // 6 Coins
	lower := Renovation{Space: cr3, Tier: 0} // 6 Coins
	if upper.Cost() != lower.Cost() {
		t.Fatalf("fixture: costs %d and %d differ", upper.Cost(), lower.Cost())
	}
	for _, expensive := range []bool{false, true} {
		if !better(7, expensive, upper, lower) || better(7, expensive, lower, upper) {
			t.Errorf("expensive=%v: the upper space does not win the tie", expensive)
		}
	}
}

// A renovated space is no longer a candidate.
func TestRenovate_SkipsRenovatedSpaces(t *testing.T) {
	var b Board
	put(t, &b, "CR3", 1, free(AbilityNone))
	r, ok := ChooseRenovation(1, 17, 9, false, b)
	if !ok || spaces[r.Space].ID != "PR4" || r.Tier != 1 {
		t.Errorf("got %+v %v, want PR4 tier 1 (7 Coins)", r, ok)
	}
	if _, ok := ChooseRenovation(1, 1, 9, false, b); ok {
		t.Error("Fame 1 exceeds no Threshold, yet a renovation was chosen")
	}
}

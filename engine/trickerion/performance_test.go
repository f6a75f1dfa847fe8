package trickerion

import "testing"

func TestPerformanceCards_Counts(t *testing.T) {
	cards := PerformanceCards()
	if len(cards) != 28 {
		t.Fatalf("PerformanceCards() = %d, want 28", len(cards))
	}
	by := map[string]int{}
	for _, c := range cards {
		by[c.Theater]++
	}
	want := map[string]int{RiversideTheater: 12, GrandMagorian: 8, MagnusPantheon: 8}
	for th, n := range want {
		if by[th] != n {
			t.Errorf("%s: %d cards, want %d", th, by[th], n)
		}
	}
}

// Every slot is in the 2x3 grid, no slot repeats, every link joins two
// orthogonally adjacent slots of the card.
func TestPerformanceCards_Geometry(t *testing.T) {
	for _, c := range PerformanceCards() {
		seen := map[Slot]bool{}
		for _, s := range c.Slots {
			if s.X < 0 || s.X > 1 || s.Y < 0 || s.Y > 2 || seen[s] {
				t.Errorf("%s: bad or repeated slot %+v", c.ID, s)
			}
			seen[s] = true
		}
		for _, l := range c.Links {
			dx, dy := l.A.X-l.B.X, l.A.Y-l.B.Y
			if !seen[l.A] || !seen[l.B] || dx*dx+dy*dy != 1 {
				t.Errorf("%s: bad link %+v", c.ID, l)
			}
		}
		if c.Source == "" {
			t.Errorf("%s: no source", c.ID)
		}
	}
}

func TestPerformanceCards_MatchShared(t *testing.T) {
	var shared struct {
		Cards []struct {
			ID    string   `json:"id"`
			Slots [][2]int `json:"slots_xy"`
			Links []struct {
				Between [2][2]int `json:"between"`
				Shard   bool      `json:"shard"`
			} `json:"links"`
			Bonus Yield `json:"performer_bonus"`
		} `json:"multiplayer_performance_cards"`
	}
	readSharedJSON(t, "performance_cards.json", &shared)
	cards := PerformanceCards()
	if len(cards) != len(shared.Cards) {
		t.Fatalf("%d cards, shared has %d", len(cards), len(shared.Cards))
	}
	for i, s := range shared.Cards {
		g := cards[i]
		ok := g.ID == s.ID && g.Bonus == s.Bonus && len(g.Slots) == len(s.Slots) && len(g.Links) == len(s.Links)
		for j := 0; ok && j < len(s.Slots); j++ {
			ok = g.Slots[j] == Slot{s.Slots[j][0], s.Slots[j][1]}
		}
		for j := 0; ok && j < len(s.Links); j++ {
			b := s.Links[j].Between
			ok = g.Links[j] == Link{Slot{b[0][0], b[0][1]}, Slot{b[1][0], b[1][1]}, s.Links[j].Shard}
		}
		if !ok {
			t.Errorf("card %d: got %+v, shared %+v", i, g, s)
		}
	}
}

func TestPerformanceCards_SpotValues(t *testing.T) {
	p01, ok := PerformanceCardByID("P01_RiversideTheater")
	if !ok || p01.Bonus != (Yield{Shards: 1}) || len(p01.Slots) != 3 || !p01.Links[0].Shard || p01.Links[1].Shard {
		t.Errorf("P01 = %+v, want 3 slots, first link shard, bonus 1 Shard", p01)
	}
	p02, _ := PerformanceCardByID("P02_RiversideTheater")
	if p02.Bonus != (Yield{Fame: 1, Coins: 1}) {
		t.Errorf("P02 bonus = %+v, want 1 Fame 1 Coin", p02.Bonus)
	}
}

func TestWeekdayYieldModifier(t *testing.T) {
	tests := []struct {
		day  string
		want Yield
	}{
		{"thursday", Yield{Fame: -1, Coins: -1}}, {"friday", Yield{}},
		{"saturday", Yield{}}, {"sunday", Yield{Fame: 1, Coins: 1}},
	}
	for _, tt := range tests {
		if got := WeekdayYieldModifier(tt.day); got != tt.want {
			t.Errorf("WeekdayYieldModifier(%s) = %+v, want %+v", tt.day, got, tt.want)
		}
	}
}

func TestPerformanceCards_ReturnsCopies(t *testing.T) {
	a := PerformanceCards()
	a[0].Slots[0].X = 9
	if PerformanceCards()[0].Slots[0].X == 9 {
		t.Error("mutating a returned card changed the shared data")
	}
}

package theater

import (
	"testing"

	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// heir-solo-rules: PERFORMANCE PHASE: most Fame from Links + card bonus,
// ties by Shards, then Coins, then left to right; only cards with an Heir
// marker. Card bonuses (performance_cards.json): P10 2F, P17 2F 1C, P18 2F
// 1C, P20 3F, P26 2F 1S, P01 1S.
func TestPerformance_ChooseCard(t *testing.T) {
	w, s := trick(t, window, 0), trick(t, stocks, 0)
	h := func(id string) Card { return card(t, id, heirM(w, 0, 0, Right)) }
	linked := card(t, "P01_RiversideTheater", heirM(s, 0, 0, Down), playerM("P", trickerion.Escape, 0, 1, Up)) // 1 Link + 1 Shard
	tests := []struct {
		name  string
		cards []Card
		want  int
		ok    bool
	}{
		{"no Heir marker", []Card{card(t, "P20_GrandMagorian")}, -1, false},
		{"skip the card without Heir marker", []Card{card(t, "P20_GrandMagorian"), h("P10_RiversideTheater")}, 1, true},
		{"Coins break a Fame tie", []Card{h("P10_RiversideTheater"), h("P17_GrandMagorian")}, 1, true},
		{"Shards before Coins", []Card{h("P17_GrandMagorian"), h("P26_MagnusPantheon")}, 1, true},
		{"leftmost on a full tie", []Card{h("P17_GrandMagorian"), h("P18_GrandMagorian")}, 0, true},
		{"Links count as Fame", []Card{h("P10_RiversideTheater"), linked}, 0, true},
		{"Link Fame beats card Shards", []Card{card(t, "P01_RiversideTheater", heirM(w, 0, 2, Up)), linked}, 1, true},
	}
	for _, tc := range tests {
		got, ok := ChoosePerformance(tc.cards)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: ChoosePerformance = %d, %v; want %d, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// performedCard: Window (3F 2C) and Stocks Escape (1C 1S) of the Heir and a
// spiritual Trick of the player on P02 (bonus 1F 1C), with 2 Links.
func performedCard(t *testing.T) (Card, []HeirTrick) {
	w, s := trick(t, window, 0), trick(t, stocks, 1)
	c := card(t, "P02_RiversideTheater", heirM(w, 0, 1, Right), heirM(s, 0, 0, Down),
		playerM("P", trickerion.Spiritual, 1, 1, Left))
	return c, []HeirTrick{w, s}
}

// heir-solo-rules: PERFORMANCE PHASE: Links + card bonus, flat backstage
// bonus (ERRATA: Normal 2 Coins per Character), full Yields without
// weekday modifiers, markers back on the Tricks; Red Lotus +1 Fame per
// player Trick on the card.
func TestPerformance_HeirPerforms(t *testing.T) {
	c, tricks := performedCard(t)
	r := Perform(PerformInput{Card: c, Tricks: tricks, ByHeir: true, RedLotus: true, Level: difficulty.Normal, Backstage: 2})
	if r.Links != 2 || r.Performer != (trickerion.Yield{Fame: 3, Coins: 1}) || r.RedLotus != 1 || r.Backstage != (trickerion.Yield{Coins: 4}) {
		t.Errorf("links %d performer %+v red lotus %d backstage %+v; want 2, 3F 1C, 1, 4C", r.Links, r.Performer, r.RedLotus, r.Backstage)
	}
	if r.Gain != (trickerion.Yield{Fame: 7, Coins: 8, Shards: 1}) {
		t.Errorf("gain = %+v, want 7F 8C 1S", r.Gain)
	}
	if r.Tricks[0].Markers != 1 || r.Tricks[1].Markers != 2 {
		t.Errorf("markers back = %d, %d; want 1, 2", r.Tricks[0].Markers, r.Tricks[1].Markers)
	}
	if len(r.Card.Markers) != 1 || r.Card.Markers[0].Owner != Player {
		t.Errorf("card after = %+v, want only the player's marker", r.Card.Markers)
	}
}

// heir-solo-rules: PERFORMANCE PHASE: the Heir gets its Yields when you
// perform too, with the Practice Room Yield Increase; a Practice Room Trick's
// marker stays on the card.
func TestPerformance_PlayerPerforms_PracticeRoom(t *testing.T) {
	c, tricks := performedCard(t)
	tricks[0].Practice.YieldIncrease = trickerion.Yield{Fame: 1}
	tricks[1].Practice.Stays = true
	r := Perform(PerformInput{Card: c, Tricks: tricks, RedLotus: true, Level: difficulty.Hard, Backstage: 3})
	if r.Gain != (trickerion.Yield{Fame: 4, Coins: 3, Shards: 1}) || r.Performer != (trickerion.Yield{}) || r.RedLotus != 0 {
		t.Errorf("gain %+v performer %+v red lotus %d; want 4F 3C 1S and no performer bonus", r.Gain, r.Performer, r.RedLotus)
	}
	if r.Tricks[0].Markers != 1 || r.Tricks[1].Markers != 1 {
		t.Errorf("markers back = %d, %d; want 1, 1 (Stocks stays)", r.Tricks[0].Markers, r.Tricks[1].Markers)
	}
	if len(r.Card.Markers) != 2 || !r.Yields[1].Stays {
		t.Errorf("card after = %+v, yields %+v; want the player's and Stocks' markers", r.Card.Markers, r.Yields)
	}
}

// heir-solo-rules: PERFORMANCE PHASE flat bonus with ERRATA.
func TestPerformance_FlatBackstageBonus(t *testing.T) {
	tests := []struct {
		level difficulty.Level
		want  trickerion.Yield
	}{
		{difficulty.Easy, trickerion.Yield{}},
		{difficulty.Normal, trickerion.Yield{Coins: 6}},
		{difficulty.Hard, trickerion.Yield{Fame: 3}},
	}
	for _, tc := range tests {
		if got := FlatBackstageBonus(tc.level, 3); got != tc.want {
			t.Errorf("%v: %+v, want %+v", tc.level, got, tc.want)
		}
	}
}

// heir-solo-rules: MOVE PERFORMANCE CARDS and END GAME SCORING: Yield
// minus 1 Coin and 1 Fame (never below 0).
func TestEndTurn_LeavingCard_ReducedYield(t *testing.T) {
	c, tricks := performedCard(t)
	r := Leave(c, tricks)
	if r.Gain != (trickerion.Yield{Fame: 2, Coins: 1, Shards: 1}) {
		t.Errorf("gain = %+v, want 2F 1C 1S (Window 3F2C -> 2F1C, Stocks 0F1C1S -> 0F0C1S)", r.Gain)
	}
	if r.Tricks[0].Markers != 1 || r.Tricks[1].Markers != 2 {
		t.Errorf("markers back = %d, %d; want 1, 2", r.Tricks[0].Markers, r.Tricks[1].Markers)
	}
	ys, total := EndGame([]Card{c, c}, tricks)
	if len(ys) != 4 || total != (trickerion.Yield{Fame: 4, Coins: 2, Shards: 2}) {
		t.Errorf("end game: %d yields, total %+v; want 4 and 4F 2C 2S", len(ys), total)
	}
}

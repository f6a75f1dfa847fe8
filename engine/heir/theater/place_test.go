package theater

import (
	"testing"

	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// heir-solo-rules: THEATER, table "Difficulty / AP".
func TestTheater_MarkersToPlace(t *testing.T) {
	tests := []struct {
		level difficulty.Level
		ap    int
		want  int
	}{
		{difficulty.Easy, 1, 1}, {difficulty.Easy, 2, 2}, {difficulty.Easy, 3, 2},
		{difficulty.Normal, 1, 1}, {difficulty.Normal, 2, 2}, {difficulty.Normal, 3, 3},
		{difficulty.Hard, 1, 2}, {difficulty.Hard, 2, 3}, {difficulty.Hard, 3, 4},
		{difficulty.Hard, 4, 4}, {difficulty.Normal, 0, 0},
	}
	for _, tc := range tests {
		if got := MarkersToPlace(tc.level, tc.ap); got != tc.want {
			t.Errorf("MarkersToPlace(%v, %d) = %d, want %d", tc.level, tc.ap, got, tc.want)
		}
	}
}

// exampleInput is the rulebook's Theater EXAMPLE (heir-solo-rules: THEATER,
// EXAMPLE): one marker left on Window to the Otherworld (leftmost Trick),
// two on Stocks Escape; a Specialist (2 AP) on Easy places two markers.
// Window is already on the leftmost card and the middle card leaves this
// turn, so the rightmost card is the only one left for Window; Stocks
// Escape goes to the card that already has an Heir Trick. The picture's
// cards are not in the text: P02 and P01 stand in for them, with a player's
// marker on the rightmost card.
func exampleInput(t *testing.T) PlaceInput {
	w, s := trick(t, window, 1), trick(t, stocks, 2)
	return PlaceInput{
		Count:  MarkersToPlace(difficulty.Easy, 2),
		Tricks: []HeirTrick{w, s},
		Cards: []Card{
			card(t, "P02_RiversideTheater", heirM(w, 0, 1, Right)),
			leaving(card(t, "P10_RiversideTheater")),
			card(t, "P01_RiversideTheater", playerM("T01_EnchantedButterflies", trickerion.Optical, 0, 0, Down)),
		},
	}
}

// heir-solo-rules: THEATER, EXAMPLE (① Stocks Escape on the card with an
// Heir Trick, ② Window to the Otherworld on the rightmost card, each with
// the most Links).
func TestTheater_Example_WindowAndStocks(t *testing.T) {
	r := Place(exampleInput(t))
	checkPlacements(t, r.Placements, []want{
		{card: 0, trick: stocks, slot: at(0, 0), facing: Down, gain: trickerion.Yield{Fame: 1}},
		{card: 2, trick: window, slot: at(0, 1), facing: Down, gain: trickerion.Yield{Fame: 1, Shards: 1}},
	})
	if r.Gain != (trickerion.Yield{Fame: 2, Shards: 1}) || r.PlayerShards != 1 {
		t.Errorf("gain %+v, player shards %d; want 2 Fame 1 Shard, player 1 Shard", r.Gain, r.PlayerShards)
	}
	if r.Tricks[0].Markers != 0 || r.Tricks[1].Markers != 1 {
		t.Errorf("markers left on Tricks = %d, %d; want 0, 1", r.Tricks[0].Markers, r.Tricks[1].Markers)
	}
	if len(r.Cards[1].Markers) != 0 {
		t.Errorf("the leaving card got markers: %+v", r.Cards[1].Markers)
	}
}

// heir-solo-rules: Lumenia the Radiant: +1 Fame (not Shard) per Link
// created when setting up Tricks.
func TestTheater_Lumenia_FamePerLink(t *testing.T) {
	in := exampleInput(t)
	in.Lumenia = true
	r := Place(in)
	if r.Gain != (trickerion.Yield{Fame: 4, Shards: 1}) {
		t.Errorf("gain with Lumenia = %+v, want 4 Fame 1 Shard", r.Gain)
	}
}

// heir-solo-rules: THEATER, optimum position: most Links, Fame, Shards;
// no Link possible -> first empty spot left to right, top to bottom.
func TestTheater_OptimumPosition(t *testing.T) {
	s := trick(t, stocks, 1)
	tests := []struct {
		name  string
		cards []Card
		want  want
	}{
		{
			// P01: 3 slots in a column, Shard link on top; an empty card
			// gives no Link: first empty spot, its one link circle below.
			name:  "P01 empty: first spot",
			cards: []Card{card(t, "P01_RiversideTheater")},
			want:  want{trick: stocks, slot: at(0, 0), facing: Down},
		},
		{
			// P01 with the player's escape marker in the middle facing up:
			// Stocks Escape links through the Shard circle above it.
			name:  "P01 shard link",
			cards: []Card{card(t, "P01_RiversideTheater", playerM("P", trickerion.Escape, 0, 1, Up))},
			want:  want{trick: stocks, slot: at(0, 0), facing: Down, gain: trickerion.Yield{Fame: 1, Shards: 1}},
		},
		{
			// P05 has no top-left slot: reading order puts (1,0) first.
			name:  "P05 empty: top row first",
			cards: []Card{card(t, "P05_RiversideTheater")},
			want:  want{trick: stocks, slot: at(1, 0), facing: Down},
		},
		{
			// P02: the only free slot (0,1) can link up (plain circle) or
			// right (Shard circle); one Link either way: the Shard wins.
			name: "P02 prefers the Shard link",
			cards: []Card{card(t, "P02_RiversideTheater",
				playerM("A", trickerion.Escape, 0, 0, Down), playerM("B", trickerion.Escape, 1, 1, Left))},
			want: want{trick: stocks, slot: at(0, 1), facing: Right, gain: trickerion.Yield{Fame: 1, Shards: 1}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Place(PlaceInput{Count: 1, Tricks: []HeirTrick{s}, Cards: tc.cards})
			checkPlacements(t, r.Placements, []want{tc.want})
		})
	}
}

// heir-solo-rules: THEATER: "If it places two different Trick markers on
// the same Performance card, it always places them in the order that
// generates the highest Link bonus": the Level 2 Trick goes second, the
// Link pays 2 Fame (the best Level in it).
func TestTheater_TwoMarkersSameCard_BestOrder(t *testing.T) {
	r := Place(PlaceInput{
		Count:  2,
		Tricks: []HeirTrick{trick(t, stocks, 1), trick(t, prison, 1)},
		Cards:  []Card{card(t, "P01_RiversideTheater")},
	})
	checkPlacements(t, r.Placements, []want{
		{card: 0, trick: stocks, slot: at(0, 0), facing: Down},
		{card: 0, trick: prison, slot: at(0, 1), facing: Up, gain: trickerion.Yield{Fame: 2, Shards: 1}},
	})
}

// heir-solo-rules: THEATER, card priorities: other Heir Tricks > your
// Tricks > leftmost.
func TestTheater_CardPriority(t *testing.T) {
	w, s := trick(t, window, 0), trick(t, stocks, 1)
	tests := []struct {
		name  string
		cards []Card
		want  int
	}{
		{"leftmost", []Card{card(t, "P10_RiversideTheater"), card(t, "P11_RiversideTheater")}, 0},
		{"player's Tricks", []Card{card(t, "P10_RiversideTheater"), card(t, "P11_RiversideTheater", playerM("P", trickerion.Optical, 0, 0, Right))}, 1},
		{"Heir's Tricks before player's", []Card{
			card(t, "P10_RiversideTheater"),
			card(t, "P11_RiversideTheater", playerM("P", trickerion.Optical, 0, 0, Right)),
			card(t, "P12_RiversideTheater", heirM(w, 1, 0, Down)),
		}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Place(PlaceInput{Count: 1, Tricks: []HeirTrick{w, s}, Cards: tc.cards})
			if len(r.Placements) != 1 || r.Placements[0].Card != tc.want {
				t.Fatalf("placements %+v, want one on card %d", r.Placements, tc.want)
			}
		})
	}
}

// heir-solo-rules: THEATER, Additional notes: never a card due to be
// removed this turn unless it is the only free space left; EXCEPTION: the
// final turn.
func TestTheater_LeavingCard(t *testing.T) {
	s := trick(t, stocks, 1)
	full := card(t, "P10_RiversideTheater",
		playerM("A", trickerion.Optical, 0, 0, Right), playerM("B", trickerion.Optical, 1, 0, Down), playerM("C", trickerion.Optical, 1, 1, Up))
	tests := []struct {
		name     string
		cards    []Card
		lastTurn bool
		want     int
	}{
		{"avoid the leaving card", []Card{leaving(card(t, "P10_RiversideTheater")), card(t, "P11_RiversideTheater")}, false, 1},
		{"last turn: no restriction", []Card{leaving(card(t, "P10_RiversideTheater")), card(t, "P11_RiversideTheater")}, true, 0},
		{"only free space left", []Card{leaving(card(t, "P11_RiversideTheater")), full}, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Place(PlaceInput{Count: 1, Tricks: []HeirTrick{s}, Cards: tc.cards, LastTurn: tc.lastTurn})
			if len(r.Placements) != 1 || r.Placements[0].Card != tc.want {
				t.Fatalf("placements %+v, want one on card %d", r.Placements, tc.want)
			}
		})
	}
}

// heir-solo-rules: THEATER, Additional notes: 1 of each Trick per card;
// skip a Trick that cannot be placed and go on with the next one; it
// places what it has when it has fewer markers than the table says.
func TestTheater_OnePerCard_Skip_FewerMarkers(t *testing.T) {
	w, s := trick(t, window, 2), trick(t, stocks, 2)
	one := card(t, "P01_RiversideTheater", heirM(w, 0, 2, Up))
	r := Place(PlaceInput{Count: 2, Tricks: []HeirTrick{w, s}, Cards: []Card{one}})
	checkPlacements(t, r.Placements, []want{{card: 0, trick: stocks, slot: at(0, 0), facing: Down}})

	r = Place(PlaceInput{Count: 4, Tricks: []HeirTrick{trick(t, stocks, 2)}, Cards: []Card{
		card(t, "P01_RiversideTheater"), card(t, "P01_RiversideTheater"), card(t, "P01_RiversideTheater"),
	}})
	checkPlacements(t, r.Placements, []want{
		{card: 0, trick: stocks, slot: at(0, 0), facing: Down},
		{card: 1, trick: stocks, slot: at(0, 0), facing: Down},
	})
	if r.Tricks[0].Markers != 0 {
		t.Errorf("markers left = %d, want 0", r.Tricks[0].Markers)
	}
}

// heir-solo-rules: THEATER, Additional notes, EXCEPTION: a Trick with the
// Practice Room ability may be present twice on one card.
func TestTheater_PracticeRoomTwice(t *testing.T) {
	s := trick(t, stocks, 2)
	s.Practice.Twice = true
	r := Place(PlaceInput{Count: 2, Tricks: []HeirTrick{s}, Cards: []Card{card(t, "P01_RiversideTheater")}})
	checkPlacements(t, r.Placements, []want{
		{card: 0, trick: stocks, slot: at(0, 0), facing: Down},
		{card: 0, trick: stocks, slot: at(0, 1), facing: Up, gain: trickerion.Yield{Fame: 1, Shards: 1}},
	})
}

// soloCard is a made-up Solo Performance card: two slots in a column, a
// Shard circle between them, a grey escape marker printed on top with its
// escape corner pointing down.
func soloCard() Card {
	return Card{Spec: CardSpec{
		ID: "S01", Name: "Solo test", Slots: []trickerion.Slot{at(0, 0), at(0, 1)},
		Links:   []trickerion.Link{{A: at(0, 0), B: at(0, 1), Shard: true}},
		Neutral: []NeutralMarker{{Slot: at(0, 0), Category: trickerion.Escape, Facing: Down}},
		Bonus:   trickerion.Yield{Fame: 2},
	}}
}

// heir-solo-rules: THEATER, NOTE: grey printed markers link like Trick
// markers and cannot be covered. A Shard Link with a grey marker pays the
// Heir only.
func TestTheater_NeutralMarkers(t *testing.T) {
	r := Place(PlaceInput{Count: 2, Tricks: []HeirTrick{trick(t, stocks, 1), trick(t, window, 1)}, Cards: []Card{soloCard()}})
	checkPlacements(t, r.Placements, []want{
		{card: 0, trick: stocks, slot: at(0, 1), facing: Up, gain: trickerion.Yield{Fame: 1, Shards: 1}},
	})
	if r.PlayerShards != 0 {
		t.Errorf("player shards = %d, want 0", r.PlayerShards)
	}
	if CanPlaceAny([]HeirTrick{trick(t, window, 1)}, r.Cards, false, false) {
		t.Error("CanPlaceAny on a card whose only free slot is taken = true")
	}
}

// heir-solo-rules: Master of Chains: the first Trick placed each turn may
// be oriented freely, here to link with the player's optical corner.
func TestTheater_MasterOfChains_FirstTrickFree(t *testing.T) {
	cards := func() []Card {
		return []Card{
			card(t, "P01_RiversideTheater", playerM("P", trickerion.Optical, 0, 1, Up)),
			card(t, "P01_RiversideTheater", playerM("P", trickerion.Optical, 0, 1, Up)),
		}
	}
	r := Place(PlaceInput{Count: 2, Tricks: []HeirTrick{trick(t, stocks, 2)}, Cards: cards(), FreeFirst: true})
	checkPlacements(t, r.Placements, []want{
		{card: 0, trick: stocks, slot: at(0, 0), facing: Left, gain: trickerion.Yield{Fame: 1, Shards: 1}},
		{card: 1, trick: stocks, slot: at(0, 0), facing: Down},
	})
	if !r.Placements[0].FreeOriented || r.Placements[1].FreeOriented {
		t.Errorf("free orientation flags = %v, %v; want true, false", r.Placements[0].FreeOriented, r.Placements[1].FreeOriented)
	}
	r = Place(PlaceInput{Count: 1, Tricks: []HeirTrick{trick(t, stocks, 2)}, Cards: cards()})
	checkPlacements(t, r.Placements, []want{{card: 0, trick: stocks, slot: at(0, 0), facing: Down}})
}

// heir-solo-rules: THEATER, IMPORTANT: zero markers placed -> send another
// Character.
func TestTheater_CanPlaceAny(t *testing.T) {
	w := trick(t, window, 1)
	tests := []struct {
		name   string
		tricks []HeirTrick
		cards  []Card
		want   bool
	}{
		{"markers and room", []HeirTrick{w}, []Card{card(t, "P01_RiversideTheater")}, true},
		{"no markers left", []HeirTrick{trick(t, window, 0)}, []Card{card(t, "P01_RiversideTheater")}, false},
		{"no Tricks", nil, []Card{card(t, "P01_RiversideTheater")}, false},
		{"Trick on every card", []HeirTrick{w}, []Card{card(t, "P01_RiversideTheater", heirM(w, 0, 0, Down))}, false},
		{"only a leaving card", []HeirTrick{w}, []Card{leaving(card(t, "P01_RiversideTheater"))}, true},
	}
	for _, tc := range tests {
		if got := CanPlaceAny(tc.tricks, tc.cards, false, false); got != tc.want {
			t.Errorf("%s: CanPlaceAny = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// trickerion-rules-summary.fr: THÉÂTRE, Enchaînements: the bonus depends on
// the best Level in the Link: a Level 1 Trick linking with the player's
// Level 3 Trick pays 3 Fame; with a grey marker it pays its own Level.
func TestTheater_LinkPaysBestLevel(t *testing.T) {
	p3 := playerM("P", trickerion.Escape, 0, 1, Up)
	p3.Level = 3
	tests := []struct {
		name string
		c    Card
		want want
	}{
		{"player's Level 3", card(t, "P01_RiversideTheater", p3), want{trick: stocks, slot: at(0, 0), facing: Down, gain: trickerion.Yield{Fame: 3, Shards: 1}}},
		{"grey marker", soloCard(), want{trick: stocks, slot: at(0, 1), facing: Up, gain: trickerion.Yield{Fame: 1, Shards: 1}}},
	}
	for _, tc := range tests {
		r := Place(PlaceInput{Count: 1, Tricks: []HeirTrick{trick(t, stocks, 1)}, Cards: []Card{tc.c}})
		checkPlacements(t, r.Placements, []want{tc.want})
	}
}

package academy

import "tableside/engine/heir/difficulty"

// Actions is how many Academy Actions the Heir takes with a Character of ap
// Action Points (heir-solo-rules: ACADEMY, table):
// Easy 1/1/1/2/2, Normal 1/1/2/2/2, Hard 1/1/2/2/3 for 1..5 AP.
// The FLOW resolves 6 AP as 5 AP (+1 Fame); ap above 5 reads the 5 AP column,
// ap below 1 gives 0.
func Actions(l difficulty.Level, ap int) int {
	return difficulty.ByAP(l.Tables().AcademyActions, ap)
}

// BannersForTurn is how many Banners a Renovate places on turn 1..7
// (academy-rules: RENOVATE step 5): I-II 4, III-IV 3, V-VI 2, VII 1.
func BannersForTurn(turn int) int {
	switch {
	case turn <= 2:
		return 4
	case turn <= 4:
		return 3
	case turn <= 6:
		return 2
	default:
		return 1
	}
}

// CoinsDiscarded is what the Heir discards from its Coin Purse when it
// renovates: all of them if 9 or fewer, else 9 (heir-solo-rules: ACADEMY 2).
func CoinsDiscarded(coins int) int { return max(0, min(coins, 9)) }

// Renovation is a room space and one of its Coin-Fame ratios.
type Renovation struct {
	Space int // index in Spaces()
	Tier  int // index in Thresholds
}

// Threshold is the ratio's Fame Threshold, the level of the tile to draw.
func (r Renovation) Threshold() int { return Thresholds[r.Tier] }

// Cost is the printed Coin cost (what "cheapest" and "most expensive"
// compare; the Heir does not pay it).
func (r Renovation) Cost() int { return spaces[r.Space].Coins[r.Tier] }

// Fame is the Fame the renovation scores.
func (r Renovation) Fame() int { return spaces[r.Space].Fame[r.Tier] }

// Candidates lists every renovation the Heir may choose on turn: each open
// empty space with each ratio whose Fame Threshold fame strictly exceeds
// (heir-solo-rules: ACADEMY 2, "where the Heir's Fame exceeds the Fame
// Threshold"), in board order.
func Candidates(turn, fame int, b Board) []Renovation {
	var out []Renovation
	for i, s := range spaces {
		if !s.OpenOn(turn) || b.Rooms[i].Tile != nil {
			continue
		}
		for t, th := range Thresholds {
			if fame > th {
				out = append(out, Renovation{Space: i, Tier: t})
			}
		}
	}
	return out
}

// ChooseRenovation picks the Heir's renovation (heir-solo-rules: ACADEMY 2):
// with 0-4 Coins the cheapest candidate, with 5 or more the most expensive;
// Geert van Augustin always the most expensive (heir-solo-rules: HEIR'S
// MAGICIAN ABILITIES). Ties: on odd turns Classrooms first, on even turns
// Practice Rooms first, then top to bottom. ok is false when there is no
// candidate.
func ChooseRenovation(turn, fame, coins int, geert bool, b Board) (r Renovation, ok bool) {
	expensive := geert || coins >= 5
	for _, c := range Candidates(turn, fame, b) {
		if !ok || better(turn, expensive, c, r) {
			r, ok = c, true
		}
	}
	return r, ok
}

// better reports whether c beats the best so far.
func better(turn int, expensive bool, c, best Renovation) bool {
	if c.Cost() != best.Cost() {
		return (c.Cost() > best.Cost()) == expensive
	}
	ck, bk := spaces[c.Space].Kind, spaces[best.Space].Kind
	if ck != bk {
		return ck == preferredKind(turn)
	}
	return spaces[c.Space].Row < spaces[best.Space].Row
}

// preferredKind is the room kind that wins renovation ties on turn.
func preferredKind(turn int) Kind {
	if turn%2 == 0 {
		return PracticeRoom
	}
	return Classroom
}

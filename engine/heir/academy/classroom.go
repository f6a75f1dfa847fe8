package academy

import "fmt"

// TaughtTrick is one of the Heir's Tricks in a Classroom and what it yields.
type TaughtTrick struct {
	Trick string
	Space int
	Slot  int
	Yield Yield
}

// ClassroomResult is what the Heir gains in the Classroom phase.
type ClassroomResult struct {
	// Tricks are the Heir's Tricks in Classrooms, in board order.
	Tricks []TaughtTrick
	// BernardCoins is Professor Bernard's 3 Coins per marker in the
	// Classrooms, any owner (0 for another Magician).
	BernardCoins int
	// Total is the sum of the Tricks' Yields and BernardCoins.
	Total Yield
}

// ClassroomPhase is the Heir's Classroom phase (heir-solo-rules: CLASSROOM
// PHASE): the full Yield of each of its Tricks in a Classroom, regardless of
// the slot's modifiers; its Trick markers stay where they are. yields gives
// a Trick's Yield as the Heir scores it (printed Yield, plus Elektra's bonus
// when she is the Heir's Magician). With bernard, the Heir also gains 3
// Coins for each marker in the Classrooms, regardless of owner
// (heir-solo-rules: Professor Bernard).
func ClassroomPhase(b Board, yields map[string]Yield, bernard bool) (ClassroomResult, error) {
	var res ClassroomResult
	markers := 0
	for i, r := range b.Rooms {
		if r.Tile == nil || spaces[i].Kind != Classroom {
			continue
		}
		for j, s := range r.Tile.Slots {
			if s.Empty() {
				continue
			}
			markers++
			if s.Occupant.Owner != Heir {
				continue
			}
			y, ok := yields[s.Occupant.TrickID]
			if !ok {
				return ClassroomResult{}, fmt.Errorf("academy: no Yield for the Heir's Trick %q", s.Occupant.TrickID)
			}
			res.Tricks = append(res.Tricks, TaughtTrick{Trick: s.Occupant.TrickID, Space: i, Slot: j, Yield: y})
			res.Total = res.Total.Add(y)
		}
	}
	if bernard {
		res.BernardCoins = 3 * markers
		res.Total.Coins += res.BernardCoins
	}
	return res, nil
}

// AnjaliCoins is what Anjali's Heir gains at the beginning of the End Turn
// phase, before Pay Wages: 2 Coins per Secret of its Protégé
// (heir-solo-rules: Anjali).
func AnjaliCoins(secrets int) int { return 2 * max(secrets, 0) }

// Side is one of the two sides of the solo game.
type Side int

const (
	NoSide Side = iota
	HeirSide
	PlayerSide
)

func (s Side) String() string {
	return [...]string{"none", "heir", "player"}[s]
}

// BannerFame is the Fame of the 2-player Banner majority.
const BannerFame = 8

// BannerMajority is the end-game renovation bonus of a 2-player game
// (academy-rules: GAME END): the side with more Banners placed scores 8
// Fame; on a tie no Fame is scored, and a side that placed no Banner
// scores nothing.
func BannerMajority(heirPlaced, playerPlaced int) (winner Side, fame int) {
	switch {
	case heirPlaced > playerPlaced:
		return HeirSide, BannerFame
	case playerPlaced > heirPlaced:
		return PlayerSide, BannerFame
	}
	return NoSide, 0
}

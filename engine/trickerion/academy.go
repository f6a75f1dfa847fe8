package trickerion

import (
	"slices"
	"strconv"
)

// Renovation space kinds.
const (
	Classroom    = "classroom"
	PracticeRoom = "practice-room"
)

// RenovationRatio is one of the three Coin-Fame ratios printed on a room
// space: pay Cost Coins, gain Fame; allowed from FameThreshold (1, 16, 36).
type RenovationRatio struct {
	FameThreshold int `json:"fame_threshold"`
	Cost          int `json:"cost"`
	Fame          int `json:"fame"`
}

// RenovationSpace is one of the 8 room spaces of the Academy board's
// 2-player side used in the solo game (academy-rules: RENOVATE step 2:
// "one of the three Coin-Fame ratios printed on the selected room space").
// Row is "start" (open from turn I), "A" (opens turn IV) or "B" (turn VI).
// Spaces are in board order top to bottom, Classrooms then Practice Rooms.
type RenovationSpace struct {
	ID          string            `json:"id"`
	Kind        string            `json:"kind"` // Classroom or PracticeRoom
	Row         string            `json:"row"`
	OpensOnTurn int               `json:"opens_on_turn"`
	Ratios      []RenovationRatio `json:"ratios"` // thresholds 1, 16, 36
	Source      []string          `json:"source"`
}

type academyFile struct {
	Spaces         []RenovationSpace `json:"spaces"`
	BannersPerSide int               `json:"banners_per_side"`
	BannersByTurn  map[string]int    `json:"banners_by_turn"`
	BannerMajority int               `json:"banner_majority_fame_2p"`
	ProtegeAP      map[string]int    `json:"protege_ap_by_secrets"`
}

var academyData = loader[academyFile]("academy.json")

// RenovationSpaces returns the 8 renovation spaces (single source: the fan
// companion, "verified from physical board scan").
func RenovationSpaces() []RenovationSpace {
	ss := academyData().Spaces
	out := make([]RenovationSpace, len(ss))
	for i, s := range ss {
		s.Ratios = slices.Clone(s.Ratios)
		s.Source = slices.Clone(s.Source)
		out[i] = s
	}
	return out
}

// BannersForTurn returns the Banners placed by a Renovation in turn 1..7
// (academy-rules: RENOVATE step 5: I-II 4, III-IV 3, V-VI 2, VII 1), 0
// outside.
func BannersForTurn(turn int) int {
	return academyData().BannersByTurn[strconv.Itoa(turn)]
}

// BannersPerSide is the number of Banners each side starts with (12).
func BannersPerSide() int { return academyData().BannersPerSide }

// BannerMajorityFame is the Fame the side with more Banners scores at the
// end of a 2-player (or solo) game (8).
func BannerMajorityFame() int { return academyData().BannerMajority }

// ProtegeAP returns the Protégé's base Action Points with the given number
// of Secrets (0 -> 1, 1 -> 2, 2+ -> 3).
func ProtegeAP(secrets int) int {
	return academyData().ProtegeAP[strconv.Itoa(min(max(secrets, 0), 2))]
}

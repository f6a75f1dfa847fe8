package trickerion

import (
	"maps"
	"slices"
	"strconv"
)

// Trick is one of the 48 standard Trick cards.
type Trick struct {
	ID            string         `json:"id"`
	Name          string         `json:"name"`
	Category      Category       `json:"category"`
	Level         int            `json:"level"`
	FameThreshold int            `json:"fame_threshold"`
	Components    map[string]int `json:"components"` // component type -> count
	PrepareAP     int            `json:"prepare_ap"` // Action Points to prepare
	Markers       int            `json:"markers"`    // Trick markers placed when prepared
	Yield         Yield          `json:"yield"`
	// EndGameBonus is the Level 3 end-game bonus text (the BGA card text),
	// "" if none; EndGameRule is the same bonus in structured form.
	EndGameBonus string       `json:"end_game_bonus,omitempty"`
	EndGameRule  *EndGameRule `json:"end_game_rule,omitempty"`
	// Disputes notes where the sources disagreed and how it was settled.
	Disputes []string `json:"disputes,omitempty"`
	Source   []string `json:"source"`
}

// EndGameRule is a Level 3 Trick's end-game bonus in structured form.
// Kind "flat_if": Fame if Condition holds. Kind "per_unit": FamePerUnit
// Fame for each Unit.
type EndGameRule struct {
	Kind        string `json:"kind"`
	Fame        int    `json:"fame,omitempty"`
	Condition   string `json:"condition,omitempty"`
	FamePerUnit int    `json:"fame_per_unit,omitempty"`
	Unit        string `json:"unit,omitempty"`
}

type tricksFile struct {
	FameThresholdByLevel map[string]int      `json:"fame_threshold_by_level"`
	ComponentTiers       map[string][]string `json:"component_tiers"`
	ComponentTierCost    map[string]int      `json:"component_tier_cost"`
	Source               []string            `json:"source"`
	Tricks               []Trick             `json:"tricks"`
}

var tricksData = loader[tricksFile]("tricks.json")

// clone returns a deep copy of t.
func (t Trick) clone() Trick {
	t.Components = maps.Clone(t.Components)
	t.Disputes = slices.Clone(t.Disputes)
	t.Source = slices.Clone(t.Source)
	if t.EndGameRule != nil {
		r := *t.EndGameRule
		t.EndGameRule = &r
	}
	return t
}

// Tricks returns all 48 Tricks in data order (by category: optical,
// spiritual, escape, mechanical; then by level).
func Tricks() []Trick {
	return filterTricks(func(Trick) bool { return true })
}

// TrickByID returns the Trick with the given id.
func TrickByID(id string) (Trick, bool) {
	for _, t := range tricksData().Tricks {
		if t.ID == id {
			return t.clone(), true
		}
	}
	return Trick{}, false
}

// TricksOf returns the Tricks of category c and the given level, in data
// order.
func TricksOf(c Category, level int) []Trick {
	return filterTricks(func(t Trick) bool { return t.Category == c && t.Level == level })
}

func filterTricks(keep func(Trick) bool) []Trick {
	var out []Trick
	for _, t := range tricksData().Tricks {
		if keep(t) {
			out = append(out, t.clone())
		}
	}
	return out
}

// IsSingleComponentLevel1 reports whether t is the Level 1 Trick of its
// category that requires only one type of Component, a Basic one (two of
// it). The Heir never starts with it nor learns it.
// heir-solo-rules: SETUP step 5 ("all except the first one, the one
// requiring two Basic Components") and DOWNTOWN step 1a EXCEPTION ("the
// Trick that only has 1 type of Basic Component as its requirement").
func IsSingleComponentLevel1(t Trick) bool {
	if t.Level != 1 || len(t.Components) != 1 {
		return false
	}
	for c := range t.Components {
		return ComponentTier(c) == "basic"
	}
	return false
}

// Component tiers.
const (
	TierBasic    = "basic"
	TierAdvanced = "advanced"
	TierSuperior = "superior"
)

// ComponentTier returns "basic", "advanced" or "superior" for a component
// type ("wood", "rope", "cog", ...), or "" for an unknown one.
func ComponentTier(component string) string {
	for tier, types := range tricksData().ComponentTiers {
		if slices.Contains(types, component) {
			return tier
		}
	}
	return ""
}

// ComponentTierCost returns the Coin cost of one Component of a tier
// (basic 1, advanced 2, superior 3), or 0 for an unknown tier.
func ComponentTierCost(tier string) int {
	return tricksData().ComponentTierCost[tier]
}

// Components returns the component types of a tier, in data order.
func Components(tier string) []string {
	return slices.Clone(tricksData().ComponentTiers[tier])
}

// FameThreshold returns the Fame threshold of a Trick level (1 -> 1,
// 2 -> 16, 3 -> 36), or 0 for an unknown level.
func FameThreshold(level int) int {
	return tricksData().FameThresholdByLevel[strconv.Itoa(level)]
}

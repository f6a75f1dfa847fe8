package trickerion

import (
	"maps"
	"slices"
)

// Difficulty keys of the Heir tables.
const (
	Easy   = "easy"
	Normal = "normal"
	Hard   = "hard"
)

// Characters counts Character disks by kind.
type Characters struct {
	Magician    int `json:"magician"`
	Protege     int `json:"protege"`
	Specialists int `json:"specialists"`
	Apprentices int `json:"apprentices"`
}

// PlanDeck is the composition of the Heir's Plan deck.
type PlanDeck struct {
	Total   int `json:"total"`
	Perform int `json:"perform"`
	SetUp   int `json:"set_up"`
	Used    int `json:"used"` // cards in the built deck, one per turn
}

// HeirTableSet holds the Dahlgaard's Heir tables, keyed by difficulty (Easy,
// Normal, Hard) where they depend on it. The By-AP rows hold the count for
// 1, 2, 3... Action Points (index AP-1); read them with ByAP.
type HeirTableSet struct {
	DowntownDice   map[string][]int `json:"downtown_dice"`    // dice collected, 1..5 AP (ERRATA)
	DarkAlleyCards map[string][]int `json:"dark_alley_cards"` // SA cards drawn, 1..5 AP
	TheaterMarkers map[string][]int `json:"theater_markers"`  // Trick markers set up, 1..3 AP
	AcademyActions map[string][]int `json:"academy_actions"`  // Academy actions, 1..5 AP
	// BackstageFlatBonus is the Heir's bonus per Character backstage when
	// it performs.
	BackstageFlatBonus         map[string]Yield      `json:"backstage_flat_bonus"`
	FamePer10Coins             map[string]int        `json:"fame_per_10_coins"`
	EndGameFamePerLevel3Trick  map[string]int        `json:"end_game_fame_per_level3_trick"`
	EndGameFamePer7thCharacter map[string]int        `json:"end_game_fame_per_7th_character"`
	StartingCharacters         map[string]Characters `json:"starting_characters"` // with the Academy (without: no Protégé)
	CharacterSlots             map[string]int        `json:"character_slots"`     // "academy" 6, "no_academy" 5
	TrickSlots                 int                   `json:"trick_slots"`
	StartingFame               map[string]int        `json:"starting_fame"` // "academy" 3, "no_academy" 5 (ERRATA)
	PlanDeck                   map[string]PlanDeck   `json:"plan_deck"`     // "academy", "no_academy"
	// LocationPriority lists Location ids by stance ("ready", "busy"),
	// highest first; skip "academy" without the Academy (ERRATA).
	LocationPriority map[string][]string `json:"location_priority"`
	// DarkAlleyDrawPriority breaks ties when the Heir draws Special
	// Assignment cards; RerollPriority orders the X dice it rerolls.
	DarkAlleyDrawPriority []string `json:"dark_alley_draw_priority"`
	RerollPriority        []string `json:"reroll_priority"`
	Source                []string `json:"source"`
}

var heirData = loader[HeirTableSet]("heir.json")

// HeirTables returns the Dahlgaard's Heir tables.
func HeirTables() HeirTableSet {
	h := heirData()
	h.DowntownDice = cloneRows(h.DowntownDice)
	h.DarkAlleyCards = cloneRows(h.DarkAlleyCards)
	h.TheaterMarkers = cloneRows(h.TheaterMarkers)
	h.AcademyActions = cloneRows(h.AcademyActions)
	h.BackstageFlatBonus = maps.Clone(h.BackstageFlatBonus)
	h.FamePer10Coins = maps.Clone(h.FamePer10Coins)
	h.EndGameFamePerLevel3Trick = maps.Clone(h.EndGameFamePerLevel3Trick)
	h.EndGameFamePer7thCharacter = maps.Clone(h.EndGameFamePer7thCharacter)
	h.StartingCharacters = maps.Clone(h.StartingCharacters)
	h.CharacterSlots = maps.Clone(h.CharacterSlots)
	h.StartingFame = maps.Clone(h.StartingFame)
	h.PlanDeck = maps.Clone(h.PlanDeck)
	h.LocationPriority = cloneRows(h.LocationPriority)
	h.DarkAlleyDrawPriority = slices.Clone(h.DarkAlleyDrawPriority)
	h.RerollPriority = slices.Clone(h.RerollPriority)
	h.Source = slices.Clone(h.Source)
	return h
}

func cloneRows[T any](m map[string][]T) map[string][]T {
	out := make(map[string][]T, len(m))
	for k, v := range m {
		out[k] = slices.Clone(v)
	}
	return out
}

// ByAP reads a By-AP row: the entry for ap Action Points, ap clamped to
// 1..len(row) (a Theater row stops at 3 AP; 6 AP reads as 5, the Heir then
// gains 1 Fame — heir-solo-rules: "resolve it as if it had 5"). It returns
// 0 for an empty row.
func ByAP(row []int, ap int) int {
	if len(row) == 0 {
		return 0
	}
	return row[min(max(ap, 1), len(row))-1]
}

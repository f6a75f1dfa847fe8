package trickerion

import "slices"

// Slot is a Trick-marker slot on a Performance card: X is the column
// (0 left, 1 right), Y the row (0 top .. 2 bottom).
type Slot struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Link is a link circle between two orthogonally adjacent slots; Shard is
// true when the circle shows a Trickerion Shard icon.
type Link struct {
	A     Slot `json:"a"`
	B     Slot `json:"b"`
	Shard bool `json:"shard"`
}

// Theaters of the multiplayer Performance cards.
const (
	RiversideTheater = "riverside_theater"
	GrandMagorian    = "grand_magorian"
	MagnusPantheon   = "magnus_pantheon"
)

// PerformanceCard is one of the 28 multiplayer Performance cards.
type PerformanceCard struct {
	ID      string `json:"id"`
	Theater string `json:"theater"`
	Name    string `json:"name"`
	Slots   []Slot `json:"slots"`
	Links   []Link `json:"links"`
	Bonus   Yield  `json:"bonus"` // performer bonus
	Source  string `json:"source"`
}

type performanceFile struct {
	Grid                  string            `json:"grid"`
	WeekdayYieldModifiers map[string]Yield  `json:"weekday_yield_modifiers"`
	WeekdaySource         string            `json:"weekday_yield_modifiers_source"`
	Cards                 []PerformanceCard `json:"cards"`
}

var performanceData = loader[performanceFile]("performance_cards.json")

// PerformanceCards returns the 28 multiplayer Performance cards in data
// order (12 Riverside Theater, 8 Grand Magorian, 8 Magnus Pantheon).
func PerformanceCards() []PerformanceCard {
	cards := performanceData().Cards
	out := make([]PerformanceCard, len(cards))
	for i, c := range cards {
		c.Slots = slices.Clone(c.Slots)
		c.Links = slices.Clone(c.Links)
		out[i] = c
	}
	return out
}

// PerformanceCardByID returns the multiplayer Performance card with the
// given id.
func PerformanceCardByID(id string) (PerformanceCard, bool) {
	for _, c := range PerformanceCards() {
		if c.ID == id {
			return c, true
		}
	}
	return PerformanceCard{}, false
}

// WeekdayYieldModifier returns the Yield modifier of Tricks performed on a
// weekday ("thursday": -1 Fame -1 Coin, "sunday": +1 Fame +1 Coin, others
// none). The Heir ignores these modifiers.
func WeekdayYieldModifier(day string) Yield {
	return performanceData().WeekdayYieldModifiers[day]
}

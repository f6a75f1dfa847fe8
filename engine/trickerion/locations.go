package trickerion

import (
	"maps"
	"slices"
)

// Location ids.
const (
	Downtown  = "downtown"
	MarketRow = "market-row"
	DarkAlley = "dark-alley"
	Academy   = "academy"
	Theater   = "theater"
	Workshop  = "workshop"
)

// Action is a Location action and its cost in Action Points (and Shards).
// When the cost varies (Note says how), AP is the least cost.
type Action struct {
	ID     string `json:"id"`
	AP     int    `json:"ap"`
	Shards int    `json:"shards,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Location is a board Location. SlotModifiers are the Action Point
// modifiers of its Character slots left to right; for the Theater there is
// one per weekday, Thursday to Sunday (see TheaterDays).
type Location struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	SlotModifiers []int    `json:"slot_modifiers"`
	Actions       []Action `json:"actions"`
	Note          string   `json:"note,omitempty"`
	Source        []string `json:"source"`
}

// TheaterDay is a Theater weekday: its backstage slot modifier, slots and
// the Yield modifier of Tricks performed that day (the Heir ignores both
// modifiers).
type TheaterDay struct {
	Day              string `json:"day"`
	SlotModifier     int    `json:"slot_modifier"`
	BackstageSlots   int    `json:"backstage_slots"`
	PerformanceSlots int    `json:"performance_slots"`
	YieldModifier    Yield  `json:"yield_modifier"`
}

// Rules holds the small rule numbers of the base game and Dark Alley.
type Rules struct {
	BaseAP             map[string]int `json:"base_ap"` // magician, engineer, manager, assistant, apprentice
	ProtegeAPNote      string         `json:"protege_ap_note"`
	Wages              map[string]int `json:"wages"` // magician, specialist, apprentice
	WagesNote          string         `json:"wages_note"`
	ComponentCost      map[string]int `json:"component_cost"`
	MarketInitialStock []string       `json:"market_initial_stock"`
	AdvertiseFame      int            `json:"advertise_fame"`
	AdvertiseCost      string         `json:"advertise_cost"`
	AdvertiseHeir      string         `json:"advertise_heir"`
	Initiative         string         `json:"initiative"`
	StartingPlayer     string         `json:"starting_player"`
	// StartingHeir is the data's text; its "5 Fame" holds only without the
	// Academy (ERRATA: 3 with it) — use HeirTables().StartingFame.
	StartingHeir     string   `json:"starting_heir"`
	TurnsBase        int      `json:"turns_base"`
	TurnsSolo        int      `json:"turns_solo"` // with Dark Alley and solo: 7
	EndGameDarkAlley []string `json:"endgame_dark_alley"`
	EndGameCapNote   string   `json:"endgame_cap_note"`
	SoloDeviations   []string `json:"solo_deviations"`
	Source           []string `json:"source"`
}

type locationsFile struct {
	Locations   []Location   `json:"locations"`
	TheaterDays []TheaterDay `json:"theater_days"`
	Rules       Rules        `json:"rules"`
}

var locationsData = loader[locationsFile]("locations.json")

// Locations returns the Locations: downtown, market-row, dark-alley,
// academy, theater, workshop.
func Locations() []Location {
	ls := locationsData().Locations
	out := make([]Location, len(ls))
	for i, l := range ls {
		l.SlotModifiers = slices.Clone(l.SlotModifiers)
		l.Actions = slices.Clone(l.Actions)
		l.Source = slices.Clone(l.Source)
		out[i] = l
	}
	return out
}

// LocationByID returns the Location with the given id.
func LocationByID(id string) (Location, bool) {
	for _, l := range Locations() {
		if l.ID == id {
			return l, true
		}
	}
	return Location{}, false
}

// ActionAP returns the Action Point cost of an action at a Location.
func (l Location) ActionAP(action string) (int, bool) {
	for _, a := range l.Actions {
		if a.ID == action {
			return a.AP, true
		}
	}
	return 0, false
}

// TheaterDays returns the Theater weekdays thursday, friday, saturday,
// sunday.
func TheaterDays() []TheaterDay {
	return slices.Clone(locationsData().TheaterDays)
}

// GameRules returns the small rule numbers of the base game and Dark Alley.
func GameRules() Rules {
	r := locationsData().Rules
	r.BaseAP = maps.Clone(r.BaseAP)
	r.Wages = maps.Clone(r.Wages)
	r.ComponentCost = maps.Clone(r.ComponentCost)
	r.MarketInitialStock = slices.Clone(r.MarketInitialStock)
	r.EndGameDarkAlley = slices.Clone(r.EndGameDarkAlley)
	r.SoloDeviations = slices.Clone(r.SoloDeviations)
	r.Source = slices.Clone(r.Source)
	return r
}

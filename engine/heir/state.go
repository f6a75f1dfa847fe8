package heir

import (
	"encoding/json"
	"slices"

	"tableside/engine/heir/academy"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// Locations, by the ids of the component data.
const (
	Downtown  = trickerion.Downtown
	MarketRow = trickerion.MarketRow
	DarkAlley = trickerion.DarkAlley
	Academy   = trickerion.Academy
	Theater   = trickerion.Theater
	Workshop  = trickerion.Workshop
)

// Character kinds. The Heir does not tell Specialists apart (heir-solo-rules:
// GAME SETUP step 11 NOTE).
const (
	Magician   = "magician"
	Protege    = "protege"
	Specialist = "specialist"
	Apprentice = "apprentice"
)

// Stances of the Heir (heir-solo-rules: PLACE CHARACTER PHASE).
const (
	Ready = "ready"
	Busy  = "busy"
)

// Owners of a slot, a day spot or a Trick marker.
const (
	Free    = ""
	Blocked = "blocked"
	Player  = "player"
	HeirOf  = "heir"
)

// Weekdays of the Theater, left to right.
var Weekdays = []string{"thursday", "friday", "saturday", "sunday"}

// SlotLocations are the Locations with four Character slots (+2, +1, +1, +0).
var SlotLocations = []string{Downtown, MarketRow, DarkAlley, Academy}

// State is the whole game: the Heir's board, the table facts the engine
// tracks, and the random source. It encodes to JSON; equal encodings are
// equal positions.
type State struct {
	Options Options         `json:"options"`
	Turn    int             `json:"turn"`  // 1..7, 0 during setup
	Phase   string          `json:"phase"` // "setup","roll","initiative","advertise","assign","place","perform","classroom","end-turn","end-game","over"
	Heir    Heir            `json:"heir"`
	Player  Me              `json:"player"`
	Board   Board           `json:"board"`
	Result  *Result         `json:"result,omitempty"`
	Rand    json.RawMessage `json:"rand"`
}

// Options are the setup choices that hold for the whole game.
type Options struct {
	Difficulty        string `json:"difficulty"`
	Academy           bool   `json:"academy"`
	Dawn              bool   `json:"dawn"`
	IgnoreHeirAbility bool   `json:"ignore_heir_ability"`
	HeirExtraCoins    bool   `json:"heir_extra_coins"`
	DawnChallenge     bool   `json:"dawn_challenge"`
	PlanLibrary       bool   `json:"plan_library"` // the Plan cards were entered
}

// Heir is everything on and beside the Heir's board.
type Heir struct {
	Magician   string         `json:"magician"`
	Ability    string         `json:"ability"` // Heir ability key; "" when ignored
	Category   string         `json:"category"`
	Fame       int            `json:"fame"`
	Coins      int            `json:"coins"`
	Shards     int            `json:"shards"`
	Tricks     []HeirTrick    `json:"tricks"` // left to right, at most 4
	Shopping   []string       `json:"shopping_list"`
	Characters []Character    `json:"characters"` // on the board, left to right
	Waiting    []string       `json:"waiting"`    // hired, beside the board until End Turn
	SA         map[string]int `json:"special_assignments"`
	Secrets    int            `json:"secrets"`
	Banners    int            `json:"banners"`      // placed in the Academy
	BannersOut int            `json:"banners_left"` // still in its supply
	Plan       *PlanCard      `json:"plan,omitempty"`
	PlanDeck   []PlanCard     `json:"plan_deck"`
	Stance     string         `json:"stance"`
	Learned    []string       `json:"residence_taken"` // Trick ids the Heir took from Dahlgaard's Residence
	Gone       []string       `json:"residence_gone"`  // Trick ids the player said are not in the Residence
	Orders     []string       `json:"orders"`          // components the Heir ordered this turn
	Asked      map[string]int `json:"residence_asked"` // Residence pool "category.level" -> player's Downtown visits+1 when last asked
}

// HeirTrick is one Trick on the Heir's board and its Trick markers.
type HeirTrick struct {
	ID      string `json:"id"`
	Markers int    `json:"markers"` // on the Trick card
}

// Character is one of the Heir's Character disks and its job this turn.
type Character struct {
	Kind     string `json:"kind"`
	Special  string `json:"specialist,omitempty"` // a Specialist's kind: assistant, manager, engineer
	Assigned string `json:"assigned,omitempty"`   // Location of its Assignment card
	SA       bool   `json:"sa,omitempty"`         // its card is a Special Assignment card
	Placed   bool   `json:"placed,omitempty"`
	Skipped  bool   `json:"skipped,omitempty"` // could not be placed: rests
	Where    string `json:"where,omitempty"`   // "downtown.2", "theater.friday.perform"...
}

// Me is what the engine knows of the player.
type Me struct {
	Magician   string         `json:"magician"`
	Category   string         `json:"category"`
	Fame       int            `json:"fame"`
	Banners    int            `json:"banners"`          // placed in the Academy
	BannersOut int            `json:"banners_left"`     // still in their supply
	Assigned   map[string]int `json:"assigned"`         // unplaced Characters by Location
	MagTheater bool           `json:"magician_theater"` // the Magician is assigned to the Theater, not placed
	SAUsed     int            `json:"sa_used"`          // Special Assignment cards used this turn
	PerformDay string         `json:"perform_day"`      // the weekday the Magician performs, "" if none
	Learns     int            `json:"downtown_visits"`  // the player's Downtown placements so far (they may learn Tricks)
	Done       bool           `json:"done"`             // placed or rested everything
	Final      *PlayerTotals  `json:"final,omitempty"`
}

// Board is the shared table as far as the Heir needs it.
type Board struct {
	Initiative   []string             `json:"initiative"`    // first to last: "player", "heir"
	SetupDice    map[string]string    `json:"setup_dice"`    // Location -> face "12".."34"
	SetupMarkers []string             `json:"setup_markers"` // Locations whose die has a Turn Setup marker
	Downtown     []string             `json:"downtown_dice"` // trick, trick, specialist, apprentice, bank, bank
	Slots        map[string][]string  `json:"slots"`         // Location -> 4 slots: "", "blocked", "player", "heir"
	Days         map[string]Day       `json:"days"`          // Theater weekday
	Cards        []Card               `json:"cards"`         // Performance cards on display, left to right
	Prophecies   []string             `json:"prophecies_removed"`
	Seen         []string             `json:"cards_seen"` // Performance cards drawn so far
	Unknown      int                  `json:"unknown_cards"`
	Academy      academy.Board        `json:"academy"`
	PerfDeck     []theater.CardSpec   `json:"performance_deck,omitempty"` // kept by Tableside when the Solo cards are entered
	Secrets      academy.SecretsTaken `json:"secrets_taken"`              // cards drawn that Tableside does not know
}

// Day is one Theater weekday: its Performance spot and two backstage slots.
type Day struct {
	Blocked   bool      `json:"blocked"`
	Perform   string    `json:"perform"`
	Backstage [2]string `json:"backstage"`
}

// Card is a Performance card on display: its spec and markers, and
// whether Tableside knows the card (a Solo card not in the library is not).
type Card struct {
	theater.Card
	Known bool `json:"known"`
}

// Result is the final score of both sides.
type Result struct {
	Heir   int    `json:"heir"`
	Player int    `json:"player"`
	Winner string `json:"winner"` // "heir" or "player" (a tie goes to Initiative)
}

// PlayerTotals are the player's own end-game figures, as they tell them.
type PlayerTotals struct {
	Fame    int `json:"fame"`
	Shards  int `json:"shards"`
	Coins   int `json:"coins"`
	SACards int `json:"sa_cards"`
	L3Bonus int `json:"level3_bonus"`
}

// FinalFame is the Heir's Fame (its final score once the game is over) and
// the turn reached, as a simulation reports them.
func (s State) FinalFame() (fame, turns int) {
	if s.Result != nil {
		return s.Result.Heir, s.Turn
	}
	return s.Heir.Fame, s.Turn
}

// unplaced yields the indexes of the Heir's Characters still to place.
func (h *Heir) unplaced(yield func(int) bool) {
	for i, c := range h.Characters {
		if c.Assigned != "" && !c.Placed && !c.Skipped && !yield(i) {
			return
		}
	}
}

// count is how many Characters of kind the Heir has, on the board and waiting.
func (h *Heir) count(kind string) int {
	n := 0
	for _, c := range h.Characters {
		if c.Kind == kind {
			n++
		}
	}
	for _, k := range h.Waiting {
		if k == kind {
			n++
		}
	}
	return n
}

// disks is the Heir's total number of Character disks, waiting ones included.
func (h *Heir) disks() int { return len(h.Characters) + len(h.Waiting) }

// trickIDs lists the Heir's Tricks left to right.
func (h *Heir) trickIDs() []string {
	out := make([]string, len(h.Tricks))
	for i, t := range h.Tricks {
		out[i] = t.ID
	}
	return out
}

func (b *Board) order(first string) {
	if first == HeirOf {
		b.Initiative = []string{HeirOf, Player}
	} else {
		b.Initiative = []string{Player, HeirOf}
	}
}

func (b *Board) first() string { return b.Initiative[0] }

func hasLoc(list []string, l string) bool { return slices.Contains(list, l) }

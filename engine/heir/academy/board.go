// Package academy holds the Dahlgaard's Academy rules as the Heir plays them
// in the solo game: the Academy board of the 2-player side (8 room spaces),
// the Classroom and Practice Room tiles as the player describes them, the
// Heir's Academy action (Learn Secret, Renovate, Teach, Practice, in the
// order of heir-solo-rules ACADEMY steps 1-5), the Heir's Classroom phase,
// Anjali's and Professor Bernard's Heir abilities, and the Banner majority
// at the end of the game.
//
// Everything here is a pure function of explicit inputs. The Heir's Academy
// action stops where the table must tell a fact (which random tile was drawn
// for a renovated space) and resumes with it; see Start and Resolve.
package academy

import (
	"fmt"

	"tableside/engine/trickerion"
)

// Kind is the kind of a room: the left column of the Academy board holds
// Classrooms, the right column Practice Rooms (academy-rules: RENOVATE step 4).
type Kind int

const (
	Classroom Kind = iota
	PracticeRoom
)

func (k Kind) String() string {
	switch k {
	case Classroom:
		return "classroom"
	case PracticeRoom:
		return "practice-room"
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Thresholds are the Fame Thresholds of the three Coin-Fame ratios printed
// on every room space, and of the tile stacks (academy-rules: GAME SETUP 4).
var Thresholds = [3]int{1, 16, 36}

// Space is one room space of the Academy board's 2-player side.
type Space struct {
	ID   string
	Kind Kind
	// Row is the position in its column, 0 at the top.
	Row int
	// Letter is "A" or "B" for a space under a Closed Room tile at the start,
	// "" for a space open from Turn I (academy-rules: GAME SETUP 2a).
	Letter string
	// OpensOnTurn is the first turn the space is open: Open Room tokens on
	// Turn IV (A) and VI (B) (academy-rules: GAME SETUP 3a, END TURN PHASE).
	OpensOnTurn int
	// Coins and Fame are the printed Coin-Fame ratios, one per Threshold.
	Coins [3]int
	Fame  [3]int
}

// OpenOn reports whether no Closed Room tile covers the space during turn.
func (s Space) OpenOn(turn int) bool { return turn >= s.OpensOnTurn }

// spaces is the 2-player side, Classrooms top to bottom then Practice Rooms
// top to bottom. Source: shared/data/trickerion/academy.yaml
// (renovation_spaces, "verified from physical board scan", single source);
// the tests check it against trickerion.RenovationSpaces.
var spaces = [8]Space{
	{ID: "CR1", Kind: Classroom, Row: 0, Letter: "A", OpensOnTurn: 4, Coins: [3]int{5, 7, 9}, Fame: [3]int{2, 5, 9}},
	{ID: "CR2", Kind: Classroom, Row: 1, Letter: "B", OpensOnTurn: 6, Coins: [3]int{3, 4, 6}, Fame: [3]int{1, 3, 6}},
	{ID: "CR3", Kind: Classroom, Row: 2, OpensOnTurn: 1, Coins: [3]int{6, 8, 10}, Fame: [3]int{4, 7, 10}},
	{ID: "CR4", Kind: Classroom, Row: 3, OpensOnTurn: 1, Coins: [3]int{4, 5, 11}, Fame: [3]int{1, 3, 13}},
	{ID: "PR1", Kind: PracticeRoom, Row: 0, Letter: "A", OpensOnTurn: 4, Coins: [3]int{4, 5, 11}, Fame: [3]int{1, 3, 13}},
	{ID: "PR2", Kind: PracticeRoom, Row: 1, Letter: "B", OpensOnTurn: 6, Coins: [3]int{6, 8, 10}, Fame: [3]int{4, 7, 10}},
	{ID: "PR3", Kind: PracticeRoom, Row: 2, OpensOnTurn: 1, Coins: [3]int{3, 4, 6}, Fame: [3]int{1, 3, 6}},
	{ID: "PR4", Kind: PracticeRoom, Row: 3, OpensOnTurn: 1, Coins: [3]int{5, 7, 9}, Fame: [3]int{2, 5, 9}},
}

// NumSpaces is the number of room spaces on the 2-player side.
const NumSpaces = len(spaces)

// Spaces returns the 8 room spaces; a space's index here is its index in
// Board.Rooms.
func Spaces() []Space { return append([]Space(nil), spaces[:]...) }

// SpaceAt is Spaces()[i], without the copy of the list.
func SpaceAt(i int) Space { return spaces[i] }

// SpaceIndex returns the index of the space with the given id.
func SpaceIndex(id string) (int, error) {
	for i, s := range spaces {
		if s.ID == id {
			return i, nil
		}
	}
	return 0, fmt.Errorf("academy: no room space %q", id)
}

// Ability is what a Practice Room slot does to the Trick whose Academy
// marker is on it (academy-rules: PRACTICE; the tiles are in no public text,
// so the player tells them). Classroom slots carry AbilityNone: the Heir
// ignores their Yield modifiers (heir-solo-rules: CLASSROOM PHASE).
type Ability int

const (
	AbilityNone Ability = iota
	// AbilityExtraMarker: the Trick gains an additional Trick marker;
	// the Heir places it on the Trick at once (heir-solo-rules: ACADEMY 4).
	AbilityExtraMarker
	// AbilityTwicePerCard: the Trick may be present twice on a single
	// Performance card (heir-solo-rules: THEATER, EXCEPTION).
	AbilityTwicePerCard
	// AbilityYieldIncrease: the Trick's Yield rises by Slot.Increase
	// (heir-solo-rules: PERFORMANCE, 'Yield Increase').
	AbilityYieldIncrease
	// AbilityDecreasePrepAP lowers the Trick's Preparation AP cost; the
	// Heir ignores such slots (heir-solo-rules: ACADEMY 4).
	AbilityDecreasePrepAP
	// AbilityDecreasePrepComponents lowers the Trick's Component cost; the
	// Heir ignores such slots (heir-solo-rules: ACADEMY 4).
	AbilityDecreasePrepComponents
	// AbilityOther is any other Practice Room effect; it does not matter to
	// the Heir's choices.
	AbilityOther
)

var abilityNames = [...]string{"none", "extra-marker", "twice-per-card", "yield-increase",
	"decrease-prep-ap", "decrease-prep-components", "other"}

func (a Ability) String() string {
	if a < 0 || int(a) >= len(abilityNames) {
		return fmt.Sprintf("ability(%d)", int(a))
	}
	return abilityNames[a]
}

// ParseAbility reads an Ability's String form.
func ParseAbility(s string) (Ability, error) {
	for i, n := range abilityNames {
		if n == s {
			return Ability(i), nil
		}
	}
	return 0, fmt.Errorf("academy: unknown slot ability %q", s)
}

// DecreasesPreparation reports whether the ability lowers a Preparation
// cost, AP or Components (heir-solo-rules: ACADEMY 4, slots the Heir ignores).
func (a Ability) DecreasesPreparation() bool {
	return a == AbilityDecreasePrepAP || a == AbilityDecreasePrepComponents
}

// Yield is an amount of Fame, Coins and Shards (the Trickerion data's).
type Yield = trickerion.Yield

// Owner says whose Academy marker sits on a slot.
type Owner int

const (
	Nobody Owner = iota
	Heir
	Player
)

// Occupant is the Academy marker on a slot. TrickID matters only for the
// Heir's markers (which of its Tricks is in the Academy).
type Occupant struct {
	Owner   Owner
	TrickID string
}

// Slot is one Academy-marker slot of a tile, listed top to bottom.
type Slot struct {
	Ability Ability
	// Increase is the Yield added by AbilityYieldIncrease.
	Increase Yield
	Occupant Occupant
}

// Empty reports whether no marker is on the slot.
func (s Slot) Empty() bool { return s.Occupant.Owner == Nobody }

// Tile is a Classroom or Practice Room tile placed on a renovated space.
// Its Kind is the space's kind and its Threshold the renovated ratio's.
type Tile struct {
	Kind      Kind
	Threshold int
	Slots     []Slot
}

// Room is the state of one room space. Tile is nil until it is renovated.
type Room struct {
	Tile *Tile
}

// Board is the Academy board, Rooms indexed as Spaces().
type Board struct {
	Rooms [NumSpaces]Room
}

// Clone returns a deep copy of b.
func (b Board) Clone() Board {
	var c Board
	for i, r := range b.Rooms {
		if r.Tile != nil {
			t := *r.Tile
			t.Slots = append([]Slot(nil), r.Tile.Slots...)
			c.Rooms[i].Tile = &t
		}
	}
	return c
}

// InAcademy reports whether the Heir's Trick has its Academy marker on any
// Classroom or Practice Room slot.
func (b Board) InAcademy(trickID string) bool {
	for _, r := range b.Rooms {
		if r.Tile == nil {
			continue
		}
		for _, s := range r.Tile.Slots {
			if s.Occupant.Owner == Heir && s.Occupant.TrickID == trickID {
				return true
			}
		}
	}
	return false
}

// Validate checks that every tile matches its space's kind and a Threshold.
func (b Board) Validate() error {
	for i, r := range b.Rooms {
		if r.Tile == nil {
			continue
		}
		if err := r.Tile.check(spaces[i]); err != nil {
			return err
		}
	}
	return nil
}

func (t Tile) check(s Space) error {
	if t.Kind != s.Kind {
		return fmt.Errorf("academy: %s tile on %s space %s", t.Kind, s.Kind, s.ID)
	}
	if t.Threshold != Thresholds[0] && t.Threshold != Thresholds[1] && t.Threshold != Thresholds[2] {
		return fmt.Errorf("academy: tile on %s has Fame Threshold %d, not 1, 16 or 36", s.ID, t.Threshold)
	}
	if len(t.Slots) == 0 {
		return fmt.Errorf("academy: tile on %s has no slot", s.ID)
	}
	return nil
}

// SetTile puts a renovated room's tile on space (the player's Renovate, or
// a tile told later).
func (b *Board) SetTile(space int, t Tile) error {
	if space < 0 || space >= NumSpaces {
		return fmt.Errorf("academy: no room space %d", space)
	}
	if err := t.check(spaces[space]); err != nil {
		return err
	}
	t.Slots = append([]Slot(nil), t.Slots...)
	b.Rooms[space].Tile = &t
	return nil
}

// PlaceMarker puts an Academy marker on a free slot (the player's Teach or
// Practice).
func (b *Board) PlaceMarker(space, slot int, o Occupant) error {
	if space < 0 || space >= NumSpaces || b.Rooms[space].Tile == nil {
		return fmt.Errorf("academy: no tile on room space %d", space)
	}
	t := b.Rooms[space].Tile
	if slot < 0 || slot >= len(t.Slots) || !t.Slots[slot].Empty() {
		return fmt.Errorf("academy: slot %d of %s is not a free slot", slot, spaces[space].ID)
	}
	t.Slots[slot].Occupant = o
	return nil
}

// RemoveTrick takes the Heir's Academy marker of a Trick off the board, as
// when the Trick returns to Dahlgaard's Residence (heir-solo-rules:
// DOWNTOWN 1b). It reports whether a marker was removed.
func (b *Board) RemoveTrick(trickID string) bool {
	for _, r := range b.Rooms {
		if r.Tile == nil {
			continue
		}
		for j, s := range r.Tile.Slots {
			if s.Occupant.Owner == Heir && s.Occupant.TrickID == trickID {
				r.Tile.Slots[j].Occupant = Occupant{}
				return true
			}
		}
	}
	return false
}

// PracticeSlot returns the Practice Room slot holding the Heir's Trick, for
// its ability in the Theater and Performance (heir-solo-rules: THEATER,
// 'twice per card'; PERFORMANCE, 'Yield Increase').
func (b Board) PracticeSlot(trickID string) (Slot, bool) {
	for i, r := range b.Rooms {
		if r.Tile == nil || spaces[i].Kind != PracticeRoom {
			continue
		}
		for _, s := range r.Tile.Slots {
			if s.Occupant.Owner == Heir && s.Occupant.TrickID == trickID {
				return s, true
			}
		}
	}
	return Slot{}, false
}

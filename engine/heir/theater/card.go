// Package theater holds the Theater rules of Dahlgaard's Heir: the
// Performance card model (slot grid, link circles, Shard icons, printed grey
// markers, bonus) for the 28 multiplayer cards and the 12 Solo Performance
// cards the player enters once, the Heir's Trick-marker placement (THEATER
// action), the Heir's choice of Performance card, and the Yields paid when
// the Heir's Tricks are performed, when a card leaves the Theater and at the
// end of the game.
//
// Every function is pure: explicit inputs, an explicit result listing what
// changed in order. The package asks nothing and renders no prose; the Heir
// FLOW turns the results into prompts and events.
//
// Points the rule texts leave open, and what this package does:
//   - Marker geometry: markers sit as diamonds, each corner pointing at one
//     neighbouring slot; the corner symbols run clockwise Escape,
//     Spiritual, Mechanical, Optical (the Board Game Arena implementation's
//     order). Any two equal symbols in a circle make a Link.
//   - A Link pays its creator 1/2/3 Fame for the best Trick Level in it
//     (French summary "Tour de meilleur niveau"; grey markers have no Level).
//   - Performing pays 1 Fame per Link on the card, whoever's markers form it.
//   - Card priority "(other) Heir Tricks" counts Heir markers of a different
//     Trick; markers of one action are set up card by card, left to right.
//   - "Left to right, top to bottom" is reading order: the top row first.
//   - A leaving card is used only when no other card can take that marker.
//   - Yield "minus 1 Coin and 1 Fame" never goes below 0 per resource.
//   - Red Lotus's Fame is not part of the Heir's choice of card.
//   - Cards carry no weekday: any Magician performs any card.
package theater

import (
	"errors"
	"fmt"

	"tableside/engine/trickerion"
)

// Direction is where a corner of a Trick marker points on a Performance
// card. Trick markers sit as diamonds in their slots: each of the four
// corners points to one neighbouring slot, and the link circle between two
// orthogonally adjacent slots holds one corner of each marker.
type Direction string

// The four corner directions, clockwise from the top.
const (
	Up    Direction = "up"
	Right Direction = "right"
	Down  Direction = "down"
	Left  Direction = "left"
)

// Directions lists the corner directions clockwise from Up; the Heir tries
// orientations in this order when several are equal.
var Directions = []Direction{Up, Right, Down, Left}

func (d Direction) index() int {
	for i, x := range Directions {
		if x == d {
			return i
		}
	}
	return -1
}

// Valid reports whether d is one of the four directions.
func (d Direction) Valid() bool { return d.index() >= 0 }

// Opposite returns the direction pointing back.
func (d Direction) Opposite() Direction { return Directions[(d.index()+2)%4] }

// step returns the slot next to s in direction d (row 0 is the top).
func step(s trickerion.Slot, d Direction) trickerion.Slot {
	switch d {
	case Up:
		s.Y--
	case Down:
		s.Y++
	case Left:
		s.X--
	case Right:
		s.X++
	}
	return s
}

// cornerOrder is the clockwise order of the category symbols on a Trick
// marker's corners. trickerion-rules-summary.fr: THÉÂTRE, Monter un Tour
// (the corner of the Trick's category must sit in a link circle); the order
// itself is not in the rule texts: it is the one the Board Game Arena
// implementation uses (github:Syarwin/bga-trickerion Models/TrickMarker.php,
// next category Escape -> Spiritual -> Mechanical -> Optical).
var cornerOrder = []trickerion.Category{trickerion.Escape, trickerion.Spiritual, trickerion.Mechanical, trickerion.Optical}

func categoryIndex(c trickerion.Category) int {
	for i, x := range cornerOrder {
		if x == c {
			return i
		}
	}
	return -1
}

// Corner returns the category symbol at the corner pointing d of a marker
// whose category corner (own) points facing.
func Corner(own trickerion.Category, facing, d Direction) trickerion.Category {
	i := categoryIndex(own) + d.index() - facing.index()
	return cornerOrder[(i%4+4)%4]
}

// Owner says whose a Trick marker on a Performance card is.
type Owner string

// Marker owners.
const (
	Heir    Owner = "heir"
	Player  Owner = "player"
	Neutral Owner = "neutral" // grey marker printed on a Solo Performance card
)

// Marker is a Trick marker on a Performance card. Category is the Trick's
// category and Facing the direction its category corner points; the other
// corners follow clockwise (see Corner). Level (1..3) sets what a Link
// with the marker pays; neutral markers have no TrickID and Level 0, and a
// player's marker whose Level the FLOW does not know may be given Level 0.
type Marker struct {
	Owner    Owner               `json:"owner"`
	TrickID  string              `json:"trick_id,omitempty"`
	Category trickerion.Category `json:"category"`
	Level    int                 `json:"level,omitempty"`
	Slot     trickerion.Slot     `json:"slot"`
	Facing   Direction           `json:"facing"`
}

// CornerAt returns the category symbol at m's corner pointing d.
func (m Marker) CornerAt(d Direction) trickerion.Category { return Corner(m.Category, m.Facing, d) }

// NeutralMarker is a grey Trick marker printed on a Solo Performance card.
// Both players link with it; nothing may be placed on it (heir-solo-rules:
// THEATER, NOTE on Solo Performance cards). Category is the symbol printed
// at the corner pointing Facing (for instance the top corner with Facing
// Up); the other corners follow clockwise as on every marker.
type NeutralMarker struct {
	Slot     trickerion.Slot     `json:"slot"`
	Category trickerion.Category `json:"category"`
	Facing   Direction           `json:"facing"`
}

// CardSpec is a Performance card as printed: the slot grid (at most 2
// columns x 3 rows), the link circles between orthogonally adjacent slots
// (Shard icon or not), the grey markers printed on Solo cards, and the
// performer bonus. It is JSON-serialisable so the player can enter each
// Solo Performance card once in a card editor.
type CardSpec struct {
	ID      string            `json:"id"`
	Name    string            `json:"name"`
	Theater string            `json:"theater,omitempty"`
	Slots   []trickerion.Slot `json:"slots"`
	Links   []trickerion.Link `json:"links"`
	Neutral []NeutralMarker   `json:"neutral,omitempty"`
	Bonus   trickerion.Yield  `json:"bonus"`
}

// FromPerformanceCard returns the spec of a multiplayer Performance card.
func FromPerformanceCard(c trickerion.PerformanceCard) CardSpec {
	return CardSpec{
		ID:      c.ID,
		Name:    c.Name,
		Theater: c.Theater,
		Slots:   append([]trickerion.Slot(nil), c.Slots...),
		Links:   append([]trickerion.Link(nil), c.Links...),
		Bonus:   c.Bonus,
	}
}

// MultiplayerSpecs returns the specs of the 28 multiplayer Performance cards.
func MultiplayerSpecs() []CardSpec {
	cards := trickerion.PerformanceCards()
	out := make([]CardSpec, len(cards))
	for i, c := range cards {
		out[i] = FromPerformanceCard(c)
	}
	return out
}

// Validate checks that the spec describes a card that can exist: an id,
// 1..6 distinct slots inside the 2x3 grid, links only between two existing
// orthogonally adjacent slots and at most one per pair, grey markers on
// distinct existing slots with a valid category and direction, and no
// negative bonus.
func (s CardSpec) Validate() error {
	if s.ID == "" {
		return errors.New("theater: card spec has no id")
	}
	if err := s.validateSlots(); err != nil {
		return err
	}
	if err := s.validateLinks(); err != nil {
		return err
	}
	if err := s.validateNeutral(); err != nil {
		return err
	}
	if s.Bonus.Fame < 0 || s.Bonus.Coins < 0 || s.Bonus.Shards < 0 {
		return fmt.Errorf("theater: card %s: negative bonus %+v", s.ID, s.Bonus)
	}
	return nil
}

func (s CardSpec) validateSlots() error {
	if len(s.Slots) == 0 {
		return fmt.Errorf("theater: card %s has no slot", s.ID)
	}
	seen := map[trickerion.Slot]bool{}
	for _, sl := range s.Slots {
		if !inGrid(sl) {
			return fmt.Errorf("theater: card %s: slot %v outside the 2x3 grid", s.ID, sl)
		}
		if seen[sl] {
			return fmt.Errorf("theater: card %s: slot %v twice", s.ID, sl)
		}
		seen[sl] = true
	}
	return nil
}

func (s CardSpec) validateLinks() error {
	seen := map[[2]trickerion.Slot]bool{}
	for _, l := range s.Links {
		if !s.HasSlot(l.A) || !s.HasSlot(l.B) {
			return fmt.Errorf("theater: card %s: link %v-%v on a missing slot", s.ID, l.A, l.B)
		}
		if _, ok := direction(l.A, l.B); !ok {
			return fmt.Errorf("theater: card %s: link %v-%v between slots that are not orthogonally adjacent", s.ID, l.A, l.B)
		}
		k := pairKey(l.A, l.B)
		if seen[k] {
			return fmt.Errorf("theater: card %s: link %v-%v twice", s.ID, l.A, l.B)
		}
		seen[k] = true
	}
	return nil
}

func (s CardSpec) validateNeutral() error {
	seen := map[trickerion.Slot]bool{}
	for _, n := range s.Neutral {
		if !s.HasSlot(n.Slot) {
			return fmt.Errorf("theater: card %s: grey marker on missing slot %v", s.ID, n.Slot)
		}
		if seen[n.Slot] {
			return fmt.Errorf("theater: card %s: two grey markers on slot %v", s.ID, n.Slot)
		}
		seen[n.Slot] = true
		if !n.Category.Valid() || !n.Facing.Valid() {
			return fmt.Errorf("theater: card %s: grey marker on %v: bad category %q or direction %q", s.ID, n.Slot, n.Category, n.Facing)
		}
	}
	return nil
}

func inGrid(s trickerion.Slot) bool { return s.X >= 0 && s.X <= 1 && s.Y >= 0 && s.Y <= 2 }

// direction returns the direction from a to b when they are orthogonally
// adjacent.
func direction(a, b trickerion.Slot) (Direction, bool) {
	for _, d := range Directions {
		if step(a, d) == b {
			return d, true
		}
	}
	return "", false
}

// Adjacent reports whether two slots are orthogonally adjacent (a link
// circle can sit between them).
func Adjacent(a, b trickerion.Slot) bool {
	_, ok := direction(a, b)
	return ok
}

func pairKey(a, b trickerion.Slot) [2]trickerion.Slot {
	if b.Y < a.Y || (b.Y == a.Y && b.X < a.X) {
		a, b = b, a
	}
	return [2]trickerion.Slot{a, b}
}

// HasSlot reports whether the card has slot sl.
func (s CardSpec) HasSlot(sl trickerion.Slot) bool {
	for _, x := range s.Slots {
		if x == sl {
			return true
		}
	}
	return false
}

// LinkAt returns the link circle of slot sl in direction d, if any.
func (s CardSpec) LinkAt(sl trickerion.Slot, d Direction) (trickerion.Link, bool) {
	n := step(sl, d)
	for _, l := range s.Links {
		if l.A == sl && l.B == n || l.A == n && l.B == sl { // the same pair, either way round
			return l, true
		}
	}
	return trickerion.Link{}, false
}

// LinkDirections returns the directions of slot sl that hold a link circle,
// clockwise from Up.
func (s CardSpec) LinkDirections(sl trickerion.Slot) []Direction {
	var out []Direction
	for _, d := range Directions {
		if _, ok := s.LinkAt(sl, d); ok {
			out = append(out, d)
		}
	}
	return out
}

// HasLink reports whether slot sl has a link circle in any direction.
func (s CardSpec) HasLink(sl trickerion.Slot) bool {
	for _, d := range Directions {
		if _, ok := s.LinkAt(sl, d); ok {
			return true
		}
	}
	return false
}

// Card is a Performance card on display in the Theater: its spec, the Heir's
// and the player's Trick markers on it (the grey printed markers stay in
// the spec), and whether it leaves the Theater at the end of this turn
// (heir-solo-rules: THEATER, Additional notes).
type Card struct {
	Spec    CardSpec `json:"spec"`
	Markers []Marker `json:"markers,omitempty"`
	Leaving bool     `json:"leaving,omitempty"`
}

// Clone returns a copy of c that shares nothing mutable with it.
func (c Card) Clone() Card {
	c.Markers = append([]Marker(nil), c.Markers...)
	return c
}

// AllMarkers returns the grey printed markers followed by the placed ones.
func (c Card) AllMarkers() []Marker {
	out := make([]Marker, 0, len(c.Spec.Neutral)+len(c.Markers))
	for _, n := range c.Spec.Neutral {
		out = append(out, Marker{Owner: Neutral, Category: n.Category, Slot: n.Slot, Facing: n.Facing})
	}
	return append(out, c.Markers...)
}

// MarkerAt returns the marker (grey or placed) on slot sl, if any.
func (c Card) MarkerAt(sl trickerion.Slot) (Marker, bool) {
	for _, n := range c.Spec.Neutral {
		if n.Slot == sl {
			return Marker{Owner: Neutral, Category: n.Category, Slot: n.Slot, Facing: n.Facing}, true
		}
	}
	for _, m := range c.Markers {
		if m.Slot == sl {
			return m, true
		}
	}
	return Marker{}, false
}

// FreeSlots returns the empty slots, top to bottom then left to right.
func (c Card) FreeSlots() []trickerion.Slot {
	var out []trickerion.Slot
	for sl := range c.EachFreeSlot {
		out = append(out, sl)
	}
	return out
}

// EachFreeSlot yields the empty slots in FreeSlots order, without a list.
func (c Card) EachFreeSlot(yield func(trickerion.Slot) bool) {
	for y := 0; y <= 2; y++ {
		for x := 0; x <= 1; x++ {
			sl := trickerion.Slot{X: x, Y: y}
			if _, taken := c.MarkerAt(sl); c.Spec.HasSlot(sl) && !taken && !yield(sl) {
				return
			}
		}
	}
}

// Count returns how many markers of owner o (and trick id, if not "") are
// on the card.
func (c Card) Count(o Owner, trickID string) int {
	n := 0
	if o == Neutral && trickID == "" { // the grey markers have no Trick
		n = len(c.Spec.Neutral)
	}
	for _, m := range c.Markers {
		if m.Owner == o && (trickID == "" || m.TrickID == trickID) {
			n++
		}
	}
	return n
}

// LinkOn is a Link on a card: a link circle whose two corners show the same
// category symbol (trickerion-rules-summary.fr: THÉÂTRE, Enchaînements).
type LinkOn struct {
	A, B     Marker
	Category trickerion.Category
	Shard    bool
}

// LinksWith is how many Links marker m would make with the markers on the
// card if it were set up on its (free) slot.
func (c Card) LinksWith(m Marker) int {
	n := 0
	for _, d := range Directions {
		if _, ok := c.Spec.LinkAt(m.Slot, d); !ok {
			continue
		}
		if o, ok := c.MarkerAt(step(m.Slot, d)); ok && m.CornerAt(d) == o.CornerAt(d.Opposite()) {
			n++
		}
	}
	return n
}

// Links returns the Links on the card, in the order of the spec's links.
func (c Card) Links() []LinkOn {
	var out []LinkOn
	for l := range c.links {
		out = append(out, l)
	}
	return out
}

// links yields the Links on the card, in the order of the spec's links.
func (c Card) links(yield func(LinkOn) bool) {
	for _, l := range c.Spec.Links {
		a, okA := c.MarkerAt(l.A)
		b, okB := c.MarkerAt(l.B)
		if !okA || !okB {
			continue
		}
		d, _ := direction(l.A, l.B)
		if ca := a.CornerAt(d); ca == b.CornerAt(d.Opposite()) && !yield(LinkOn{A: a, B: b, Category: ca, Shard: l.Shard}) {
			return
		}
	}
}

// linkCount is len(c.Links()), without the list.
func (c Card) linkCount() int {
	n := 0
	for range c.links {
		n++
	}
	return n
}

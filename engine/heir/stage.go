package heir

import (
	"fmt"
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// theaterTricks is the Heir's board as the Theater rules see it; Elektra's
// Tricks yield +1/+2/+3 on every resource by Level. The list is remade at
// the next call.
func (m *match) theaterTricks() []theater.HeirTrick {
	out := m.scratch.tricks[:0]
	for _, h := range m.s.Heir.Tricks {
		t, ok := trickByID(h.ID)
		if !ok {
			continue
		}
		ht := theater.TrickFrom(t, h.Markers)
		if m.s.Heir.Ability == trickerion.Elektra {
			ht.Yield.Fame += t.Level
			ht.Yield.Coins += t.Level
			ht.Yield.Shards += t.Level
		}
		ht.Practice = m.practice(h.ID)
		out = append(out, ht)
	}
	m.scratch.tricks = out
	return out
}

// setTheaterTricks takes back the markers left on the Heir's Tricks.
func (m *match) setTheaterTricks(ts []theater.HeirTrick) {
	for _, t := range ts {
		for i := range m.s.Heir.Tricks {
			if m.s.Heir.Tricks[i].ID == t.ID {
				m.s.Heir.Tricks[i].Markers = t.Markers
			}
		}
	}
}

func (m *match) gainYield(y trickerion.Yield, why string) {
	m.gainFame(y.Fame, why)
	m.gainCoins(y.Coins, why)
	m.gainShards(y.Shards, why)
}

// displayed returns the theater view of the cards on display, remade at
// the next call.
func (m *match) displayed() []theater.Card {
	out := m.scratch.cards[:0]
	for _, c := range m.s.Board.Cards {
		out = append(out, c.Card)
	}
	m.scratch.cards = out
	return out
}

func (m *match) setDisplayed(cs []theater.Card) {
	for i := range cs {
		m.s.Board.Cards[i].Card = cs[i]
	}
}

// markLeaving flags the card that leaves at the end of this turn.
func (m *match) markLeaving() {
	n := len(m.s.Board.Cards)
	for i := range m.s.Board.Cards {
		m.s.Board.Cards[i].Leaving = m.s.Turn < Turns && i == n-1 && n >= DisplayCards(m.s.Turn+1)
	}
}

func (m *match) lastTurn() bool { return m.s.Turn == Turns }

func (m *match) freeFirst() bool {
	return m.s.Heir.Ability == trickerion.MasterOfChains && !m.turn.firstTrick
}

// canSetUp reports whether a non-Magician sent to the Theater would place
// at least one Trick marker (THEATER, IMPORTANT).
func (m *match) canSetUp() bool {
	if m.anyUnknown() {
		return slices.ContainsFunc(m.s.Heir.Tricks, func(t HeirTrick) bool { return t.Markers > 0 })
	}
	return theater.CanPlaceAny(m.theaterTricks(), m.displayed(), m.lastTurn(), m.freeFirst())
}

func (m *match) anyUnknown() bool {
	return slices.ContainsFunc(m.s.Board.Cards, func(c Card) bool { return !c.Known })
}

// actTheater resolves the Heir's THEATER action with a non-Magician.
func (m *match) actTheater(ap int) {
	n := theater.MarkersToPlace(m.level(), ap)
	if m.anyUnknown() {
		m.theaterByHand(n)
		return
	}
	res := theater.Place(theater.PlaceInput{Count: n, Tricks: m.theaterTricks(), Cards: m.displayed(),
		LastTurn: m.lastTurn(), FreeFirst: m.freeFirst(), Lumenia: m.s.Heir.Ability == trickerion.LumeniaTheRadiant})
	m.setDisplayed(res.Cards)
	m.setTheaterTricks(res.Tricks)
	if len(res.Placements) > 0 {
		m.turn.firstTrick = true
	}
	for i := range res.Placements {
		p := &res.Placements[i] // the event's data points at the placement
		m.t.Emit(engine.Event{Type: "heir.setup", Key: "heir.ev.setup", Rule: rule("THEATER", ""),
			Params: engine.Params{"trick": trickName(p.TrickID), "card": itoa(p.Card + 1), "slot": slotName(p.Slot), "facing": string(p.Facing),
				"links": itoa(len(p.Links)), "fame": itoa(p.Gain.Fame), "shards": itoa(p.Gain.Shards)},
			Data: map[string]any{"placement": p}})
	}
	m.gainYield(res.Gain, "links")
	m.ack("act.theater", "heir.do.theater", engine.Params{"n": itoa(len(res.Placements)), "playershards": itoa(res.PlayerShards)},
		rule("THEATER", ""), map[string]any{"placements": res.Placements})
}

func slotName(s trickerion.Slot) string {
	if s.X >= 0 && s.X < 2 && s.Y >= 0 && s.Y < 9 {
		return string([]byte{byte('A' + s.X), byte('1' + s.Y)})
	}
	return fmt.Sprintf("%c%d", 'A'+s.X, s.Y+1)
}

// theaterByHand: with a card Tableside does not know on display, the player
// places the Heir's markers by the rule and tells the Fame and Shards its
// Links paid. The markers are counted on the leftmost unknown card.
func (m *match) theaterByHand(n int) {
	var took []string
	for i := range m.s.Heir.Tricks {
		for m.s.Heir.Tricks[i].Markers > 0 && len(took) < n {
			m.s.Heir.Tricks[i].Markers--
			took = append(took, m.s.Heir.Tricks[i].ID)
		}
	}
	m.ack("act.theater.hand", "heir.do.theater.hand", engine.Params{"n": itoa(len(took)), "tricks": joinList(took)},
		rule("THEATER", ""), map[string]any{"tricks": took})
	k := slices.IndexFunc(m.s.Board.Cards, func(c Card) bool { return !c.Known })
	for _, id := range took {
		t, _ := trickByID(id)
		m.s.Board.Cards[k].Markers = append(m.s.Board.Cards[k].Markers,
			theater.Marker{Owner: theater.Heir, TrickID: id, Category: t.Category, Level: t.Level})
	}
	r := rule("THEATER", "")
	if len(took) == 0 {
		return
	}
	// each marker makes at most 2 Links paying at most its Level (3) +1 (Lumenia)
	fame, _ := m.number(engine.Prompt{ID: "act.theater.fame", Key: "heir.ask.linkfame", Min: 0, Max: 8 * len(took), Rule: r})
	shards, _ := m.number(engine.Prompt{ID: "act.theater.shards", Key: "heir.ask.linkshards", Min: 0, Max: 2 * len(took), Rule: r})
	m.gainYield(trickerion.Yield{Fame: fame, Shards: shards}, "links")
}

// dropTrickMarkers removes a returned Trick's markers from the Theater.
func (m *match) dropTrickMarkers(id string) {
	for i := range m.s.Board.Cards {
		c := &m.s.Board.Cards[i]
		c.Markers = slices.DeleteFunc(c.Markers, func(mk theater.Marker) bool { return mk.Owner == theater.Heir && mk.TrickID == id })
	}
	m.dropAcademyMarker(id)
}

// askPlayerSetUp asks which Trick markers the player set up in the Theater:
// option "2.A3.escape" is an Escape marker on card 2, column A row 3. Its
// orientation is taken as the one making the most Links (rules decision:
// orientation is not asked; correct it if the table differs).
func (m *match) askPlayerSetUp() {
	opts := m.setupOptions()
	if len(opts) == 0 {
		return
	}
	got := m.choose(engine.Prompt{ID: "place.player.setup", Key: "heir.ask.playersetup", Options: opts, Min: 1, Max: 4,
		None: true, Rule: ruleIn("base", "THEATER", "set up")})
	for _, id := range got {
		m.playerMarker(id)
	}
}

// setupOptions are a marker of each category on each free slot of the
// cards Tableside knows.
func (m *match) setupOptions() []engine.Option {
	var buf [2 * optionsOnStack]engine.Option
	opts := buf[:0]
	for i, c := range m.s.Board.Cards {
		if !c.Known {
			continue
		}
		for sl := range c.Card.EachFreeSlot {
			for cat := range trickerion.Categories {
				opts = append(opts, options().setupAt(i, sl, cat))
			}
		}
	}
	return sized(opts)
}

func (m *match) playerMarker(id string) {
	card, rest, _ := strings.Cut(id, ".") // "2.A3.escape"
	slot, category, _ := strings.Cut(rest, ".")
	i := atoi(card)
	sl := trickerion.Slot{X: int(slot[0] - 'A'), Y: int(slot[1] - '1')}
	c := &m.s.Board.Cards[i-1]
	if _, taken := c.MarkerAt(sl); taken {
		return
	}
	cat := trickerion.Category(category)
	mk := theater.Marker{Owner: theater.Player, Category: cat, Slot: sl, Facing: bestFacing(c.Card, sl, cat)}
	c.Markers = append(c.Markers, mk)
}

// bestFacing is the orientation of a marker on free slot sl that makes the
// most Links (the first of them clockwise from Up).
func bestFacing(c theater.Card, sl trickerion.Slot, cat trickerion.Category) theater.Direction {
	best, most := theater.Up, -1
	for _, f := range theater.Directions {
		if n := c.LinksWith(theater.Marker{Owner: theater.Player, Category: cat, Slot: sl, Facing: f}); n > most {
			best, most = f, n
		}
	}
	return best
}

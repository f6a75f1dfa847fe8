package heir

import (
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// placeCharacters runs the PLACE CHARACTER PHASE: the two sides alternate,
// one Character each, in Initiative order, until both are done.
func (m *match) placeCharacters() {
	m.s.Phase = "place"
	m.s.Player.Done = m.playerAssignedTotal() == 0
	m.s.Player.PerformDay = ""
	heirPassed := false
	for !m.s.Player.Done || !heirPassed {
		for _, who := range m.s.Board.Initiative {
			if who == Player && !m.s.Player.Done {
				m.playerPlace()
			}
			if who == HeirOf && !heirPassed {
				heirPassed = !m.heirPlace()
			}
		}
		if heirPassed && !m.theaterMatters() {
			m.s.Player.Done = true // nothing the player places now changes the Heir's game
		}
	}
}

// theaterMatters reports whether the player's moves still matter once the
// Heir has placed everything: when its Magician performs or its markers are
// on the cards (the player's Theater set-ups change Links and Performances).
func (m *match) theaterMatters() bool {
	if m.heirPerformDay() != "" {
		return true
	}
	return slices.ContainsFunc(m.s.Board.Cards, func(c Card) bool { return c.Count(theater.Heir, "") > 0 })
}

// heirPlace places one of the Heir's Characters; false when it has none
// left it can place.
func (m *match) heirPlace() bool {
	var excluded uint64 // bit i: Character i is held back
	for {
		i, loc := m.pickHeir(excluded)
		if i < 0 {
			return m.heirWaits(excluded)
		}
		c := m.s.Heir.Characters[i]
		if loc == Theater && c.Kind != Magician && !m.canSetUp() {
			// THEATER IMPORTANT: zero markers → send a different Character instead
			excluded |= 1 << i
			continue
		}
		m.placeHeir(i, loc)
		return true
	}
}

// heirWaits decides what an Heir with no placeable Character does: the
// Theater Characters it held back may still go later while the player is
// placing; once the player is done they rest.
func (m *match) heirWaits(excluded uint64) bool {
	if excluded != 0 && !m.s.Player.Done {
		return true // passes this turn of placing, keeps them for later
	}
	for i := range m.s.Heir.unplaced {
		m.s.Heir.Characters[i].Skipped = true
		m.emit("heir.rest", "heir.ev.rest", engine.Params{"character": kindWord(m.s.Heir.Characters[i].Kind)}, rule("PLACE CHARACTER PHASE", ""))
	}
	return false
}

// pickHeir chooses the Heir's next Character and its Location: contested
// Locations first, then by the stance's priority list; within a Location
// Downtown and the Theater go left to right (Theater Magician last), the
// others highest AP first. Characters whose Location has no room rest.
func (m *match) pickHeir(excluded uint64) (int, string) {
	var buf, at [64]int
	cands := buf[:0] // the Characters that may go, by index
	for i := range m.s.Heir.unplaced {
		c := m.s.Heir.Characters[i]
		if !m.hasRoom(c) {
			m.s.Heir.Characters[i].Skipped = true
			m.emit("heir.rest", "heir.ev.rest", engine.Params{"character": kindWord(c.Kind)}, rule("PLACE CHARACTER PHASE", ""))
			continue
		}
		if excluded&(1<<i) == 0 {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return -1, ""
	}
	loc := m.pickLocation(cands)
	idx := at[:0]
	for _, i := range cands {
		if m.s.Heir.Characters[i].Assigned == loc {
			idx = append(idx, i)
		}
	}
	return m.pickCharacter(loc, idx), loc
}

// pickLocation is the Location of the next of the Characters cands
// (indexes): a contested one first, then by the stance's priority list.
func (m *match) pickLocation(cands []int) string {
	order := Priorities(m.s.Heir.Stance)
	var present, hot [8]bool // by place in order
	for _, i := range cands {
		if k := slices.Index(order, m.s.Heir.Characters[i].Assigned); k >= 0 {
			present[k] = true
		}
	}
	anyHot := false
	p := m.s.Player
	for k, l := range order {
		if !present[k] {
			continue
		}
		heirMag := l == Theater && m.onlyMagician()
		assigned := p.Assigned[l]
		pLeft := !p.Done && (assigned > 0 || l == Theater && p.MagTheater)
		pMag := l == Theater && assigned == 0 && p.MagTheater
		if contested(l, true, heirMag, pLeft, pMag) {
			hot[k], anyHot = true, true
		}
	}
	for k, l := range order {
		if present[k] && (!anyHot || hot[k]) {
			return l
		}
	}
	return ""
}

// onlyMagician reports whether the Heir's remaining Characters at the
// Theater are its Magician alone (not counting held-back ones).
func (m *match) onlyMagician() bool {
	for i := range m.s.Heir.unplaced {
		c := m.s.Heir.Characters[i]
		if c.Assigned == Theater && c.Kind != Magician {
			return false
		}
	}
	return true
}

func (m *match) pickCharacter(loc string, idx []int) int {
	switch loc {
	case Theater:
		for _, i := range idx {
			if m.s.Heir.Characters[i].Kind != Magician {
				return i
			}
		}
		return idx[0]
	case Downtown:
		return idx[0]
	}
	best := idx[0]
	for _, i := range idx[1:] {
		if m.baseAP(m.s.Heir.Characters[i]) > m.baseAP(m.s.Heir.Characters[best]) {
			best = i
		}
	}
	return best
}

// baseAP is a Character's own Action Points: Magician 3, Specialist 2,
// Apprentice 1, Protégé 1 + its Secrets.
func (m *match) baseAP(c Character) int {
	switch c.Kind {
	case Magician:
		return 3
	case Specialist:
		return 2
	case Protege:
		return 1 + m.s.Heir.Secrets
	}
	return 1
}

// SlotModifiers are the AP modifiers of the four slots of Downtown, Market
// Row, Dark Alley and the Academy, left to right.
var SlotModifiers = []int{2, 1, 1, 0}

// hasRoom reports whether c's Location has a spot for it.
func (m *match) hasRoom(c Character) bool {
	if c.Assigned == Workshop {
		return true
	}
	if c.Assigned == Theater {
		return m.theaterDay(c.Kind == Magician, Ready) != ""
	}
	return m.firstSlot(c.Assigned) >= 0
}

// firstSlot is the first available slot of a Location, or -1.
func (m *match) firstSlot(loc string) int {
	return slices.Index(m.s.Board.Slots[loc], Free)
}

// theaterDay is the weekday the Heir uses: a free Performance spot for its
// Magician, else a free backstage slot; the earliest day when Ready, the
// latest when Busy. "" when none is open.
func (m *match) theaterDay(magician bool, stance string) string {
	for k := range Weekdays {
		d := Weekdays[k]
		if stance != Ready {
			d = Weekdays[len(Weekdays)-1-k]
		}
		day := m.s.Board.Days[d]
		if day.Blocked {
			continue
		}
		if magician && day.Perform == Free || !magician && slices.Contains(day.Backstage[:], Free) {
			return d
		}
	}
	return ""
}

// placeHeir puts Character i on its spot, works out its Action Points and
// resolves its action.
func (m *match) placeHeir(i int, loc string) {
	c := &m.s.Heir.Characters[i]
	where, mod := m.occupy(loc, c.Kind == Magician, HeirOf)
	c.Placed, c.Where = true, where
	ap, fame := ClampAP(m.baseAP(*c) + mod + m.bonusAP(*c))
	m.ack("place.heir", "heir.do.place", placeParams(c.Kind, where, ap),
		rule("PLACE CHARACTER PHASE", ""), map[string]any{"character": i, "location": boxed(loc), "where": boxed(where), "ap": ap})
	m.gainFame(fame, "six-ap")
	if c.Kind == Magician && m.s.Heir.Ability == trickerion.Gentleman && slices.Contains(SlotLocations, loc) {
		m.gainFame(len(m.s.Heir.Tricks), "gentleman")
	}
	m.act(*c, loc, ap)
}

type placing struct {
	kind, where string
	ap          int
}

var placings memo[placing, engine.Params]

// placeParams are the parameters of an instruction to place a Character,
// shared (a few hundred Character kinds, spots and AP).
func placeParams(kind, where string, ap int) engine.Params {
	return placings.get(placing{kind, where, ap}, func(k placing) engine.Params {
		return engine.Params{"character": kindWord(k.kind), "where": whereWords(k.where), "ap": itoa(k.ap)}
	})
}

// bonusAP is the extra AP of a Special Assignment card (+1) and of the
// Heir's abilities: The Mechaniker (first Apprentice each turn +1), The
// Great Optico (first X non-Apprentice Characters +1, X = Special
// Assignment cards the player used this turn).
func (m *match) bonusAP(c Character) int {
	n := 0
	if c.SA {
		n++
	}
	switch {
	case m.s.Heir.Ability == trickerion.Mechaniker && c.Kind == Apprentice && !m.turn.apprenticeBoost:
		m.turn.apprenticeBoost = true
		n++
	case m.s.Heir.Ability == trickerion.GreatOptico && (c.Kind == Specialist || c.Kind == Protege) && m.turn.opticoUsed < m.s.Player.SAUsed:
		m.turn.opticoUsed++
		n++
	}
	return n
}

// occupy takes the Heir's or the player's spot at loc and returns its name
// and AP modifier (the Heir ignores the Theater modifiers).
func (m *match) occupy(loc string, magician bool, who string) (string, int) {
	switch loc {
	case Workshop:
		return Workshop, 0
	case Theater:
		d := m.theaterDay(magician, m.s.Heir.Stance)
		day := m.s.Board.Days[d]
		if magician {
			day.Perform = who
			m.s.Board.Days[d] = day
			return "theater." + d + ".perform", 0
		}
		k := slices.Index(day.Backstage[:], Free)
		day.Backstage[k] = who
		m.s.Board.Days[d] = day
		return "theater." + d, 0
	}
	n := m.firstSlot(loc)
	m.s.Board.Slots[loc][n] = who
	return options().slot(loc, n).ID, SlotModifiers[n]
}

// playerPlace asks where the player places their next Character: only the
// free spots of the Locations they still have Characters assigned to, or
// none (they rest the others).
func (m *match) playerPlace() {
	opts := m.playerSpots()
	if len(opts) == 0 {
		m.s.Player.Done = true
		return
	}
	got := m.choose(engine.Prompt{ID: "place.player", Key: "heir.ask.place", Options: opts, Min: 1, Max: 1, None: true,
		Rule: ruleIn("base", "PLACE CHARACTERS", "")})
	if got == nil {
		m.s.Player.Done = true
		return
	}
	m.playerAt(got[0])
}

// playerSpots lists the spots open to the player: "downtown.2",
// "theater.friday" (backstage), "theater.friday.perform" (Magician), "workshop".
func (m *match) playerSpots() []engine.Option {
	p := m.s.Player
	var buf [optionsOnStack]engine.Option
	opts := buf[:0]
	for _, l := range m.locationsInPlay() {
		switch {
		case l == Theater:
			opts = m.theaterSpots(opts, p.Assigned[l] > 0, p.MagTheater)
		case p.Assigned[l] == 0:
		case l == Workshop:
			opts = append(opts, engine.Option{ID: Workshop, Key: "heir.loc.workshop"})
		default:
			for n, s := range m.s.Board.Slots[l] {
				if s == Free {
					opts = append(opts, options().slot(l, n))
				}
			}
		}
	}
	return sized(opts)
}

// theaterSpots appends to opts the Theater spots open to the player.
func (m *match) theaterSpots(opts []engine.Option, backstage, magician bool) []engine.Option {
	for _, d := range Weekdays {
		day := m.s.Board.Days[d]
		if day.Blocked {
			continue
		}
		if backstage && slices.Contains(day.Backstage[:], Free) {
			opts = append(opts, options().day(d, false))
		}
		if magician && day.Perform == Free {
			opts = append(opts, options().day(d, true))
		}
	}
	return opts
}

// playerAt records the player's placement and asks what the Heir needs
// to know of it.
func (m *match) playerAt(spot string) {
	loc, rest, _ := strings.Cut(spot, ".")
	at, perform, _ := strings.Cut(rest, ".") // "downtown.2", "theater.friday", "theater.friday.perform"
	switch {
	case loc == Workshop:
		m.s.Player.Assigned[Workshop]--
	case loc == Theater && perform != "":
		day := m.s.Board.Days[at]
		day.Perform = Player
		m.s.Board.Days[at] = day
		m.s.Player.MagTheater = false
		m.s.Player.PerformDay = at
	case loc == Theater:
		day := m.s.Board.Days[at]
		day.Backstage[slices.Index(day.Backstage[:], Free)] = Player
		m.s.Board.Days[at] = day
		m.s.Player.Assigned[Theater]--
		m.askPlayerSetUp()
	default:
		n := atoi(at)
		m.s.Board.Slots[loc][n-1] = Player
		m.s.Player.Assigned[loc]--
		if loc == Downtown {
			m.s.Player.Learns++
		}
		if loc == Downtown && m.heirStillGoing(Downtown) {
			m.askDowntownDice("place.redice")
		}
		if loc == Academy {
			m.playerAcademy()
		}
	}
	m.s.Player.Done = m.playerAssignedTotal() == 0
}

// heirStillGoing reports whether the Heir has a Character for loc not yet placed.
func (m *match) heirStillGoing(loc string) bool {
	for i := range m.s.Heir.unplaced {
		if m.s.Heir.Characters[i].Assigned == loc {
			return true
		}
	}
	return false
}

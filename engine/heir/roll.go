package heir

import (
	"slices"
	"sync"

	"tableside/engine"
	"tableside/engine/heir/locations"
)

// SetupFaces are the faces of a Turn Setup die, named by the pair of
// covered slots (1-4 left to right, +2 +1 +1 +0) or weekdays (1 Thursday
// .. 4 Sunday) — as the dice reader names them.
var SetupFaces = []string{"12", "13", "14", "23", "24", "34"}

// setupDice are the Locations with a Turn Setup die, in the order the
// rules list their colours; the Academy (blue) die only with the Academy.
func (m *match) setupDice() []string {
	if m.s.Options.Academy {
		return []string{Downtown, MarketRow, DarkAlley, Academy, Theater}
	}
	return []string{Downtown, MarketRow, DarkAlley, Theater}
}

func newBoard() Board {
	b := Board{SetupDice: map[string]string{}, Slots: map[string][]string{}, Days: map[string]Day{}}
	b.order(Player)
	return b
}

// rollDice runs the ROLL DICE PHASE: the six Downtown dice, then the Turn
// Setup dice (turn I all; turn II any two; turns III-VII two without a
// Turn Setup marker, the Theater die first when it has none).
func (m *match) rollDice() {
	m.s.Phase = "roll"
	m.askDowntownDice("roll.downtown")
	rolled := m.chooseSetupDice()
	dice := make([]engine.Die, len(rolled))
	for i, l := range rolled {
		dice[i] = options().setupDie(l)
	}
	var faces []string
	if len(dice) > 0 {
		faces = m.dice(engine.Prompt{ID: "roll.setup", Key: "heir.ask.setupdice", Dice: dice,
			Params: engine.Params{"list": joinList(rolled)}, Rule: rule("ROLL DICE PHASE", "")})
	}
	for i, l := range rolled {
		if faces != nil { // none: the dice keep the faces they showed
			m.s.Board.SetupDice[l] = faces[i]
		}
	}
	if m.s.Turn > 1 {
		m.s.Board.SetupMarkers = rolled
	}
	m.clearLocations()
	m.markLeaving()
}

// downtownDice are the six Downtown dice as a prompt lists them (shared,
// read-only).
var downtownDice = sync.OnceValue(func() []engine.Die {
	dice := make([]engine.Die, 6)
	for i := range dice {
		dice[i] = engine.Die{Kind: downtownKinds[i], Faces: locations.Die(i).Faces()}
	}
	return dice
})

// askDowntownDice asks the faces of the six Downtown dice.
func (m *match) askDowntownDice(slug string) {
	faces := m.dice(engine.Prompt{ID: slug, Key: "heir.ask.downtowndice", Dice: downtownDice(),
		Rule: ruleIn("base", "ROLL DICE", "")})
	switch {
	case faces != nil:
		m.s.Board.Downtown = faces
	case slug == "roll.downtown": // none: no die can be used this turn
		m.s.Board.Downtown = []string{"X", "X", "X", "X", "X", "X"}
	}
}

// turnWords name the turns in a rule reference: "Turn III".
var turnWords = func() (out [Turns + 1]string) {
	for i := range out {
		out[i] = "Turn " + roman(i)
	}
	return out
}()

var downtownKinds = []string{"trick", "trick", "specialist", "apprentice", "bank", "bank"}

// chooseSetupDice returns the Turn Setup dice rolled this turn, asking the
// player which ones when the rules leave a choice.
func (m *match) chooseSetupDice() []string {
	all := m.setupDice()
	if m.s.Turn == 1 {
		return all
	}
	free := all
	var forced []string
	if m.s.Turn > 2 {
		free = nil
		for _, l := range all {
			if !slices.Contains(m.s.Board.SetupMarkers, l) {
				free = append(free, l)
			}
		}
		if slices.Contains(free, Theater) {
			forced = []string{Theater}
			free = slices.DeleteFunc(free, func(l string) bool { return l == Theater })
		}
	}
	need := 2 - len(forced)
	if len(free) <= need {
		return append(forced, free...)
	}
	opts := make([]engine.Option, len(free))
	for i, l := range free {
		opts[i] = options().location(l)
	}
	key := "heir.ask.reroll"
	if len(forced) > 0 {
		key = "heir.ask.reroll.theater"
	}
	got := m.choose(engine.Prompt{ID: "roll.choose", Key: key, Options: opts, Min: need, Max: need,
		Rule: rule("ROLL DICE PHASE", turnWords[min(m.s.Turn, len(turnWords)-1)])})
	return append(forced, got...)
}

// clearLocations empties the Locations and covers the slots and weekdays
// the Turn Setup dice show.
func (m *match) clearLocations() {
	for _, l := range SlotLocations {
		if l == Academy && !m.s.Options.Academy {
			continue
		}
		slots := m.s.Board.Slots[l] // this turn's slots replace last turn's
		if len(slots) != 4 {
			slots = make([]string, 4)
		}
		cov := covered(m.s.Board.SetupDice[l])
		for n := range slots {
			slots[n] = Free
			if cov[n] {
				slots[n] = Blocked
			}
		}
		m.s.Board.Slots[l] = slots
	}
	cov := covered(m.s.Board.SetupDice[Theater])
	for i, d := range Weekdays {
		m.s.Board.Days[d] = Day{Blocked: cov[i]}
	}
}

// covered reads a Turn Setup face "13" as slots (or weekdays) 1 and 3
// covered.
func covered(face string) (out [4]bool) {
	for _, r := range face {
		if r >= '1' && r <= '4' {
			out[r-'1'] = true
		}
	}
	return out
}

// initiative runs SET INITIATIVE ORDER from turn II: the lower Fame goes
// first; on a tie the previous order is reversed.
func (m *match) initiative() {
	if m.s.Turn == 1 {
		return
	}
	m.s.Phase = "initiative"
	if f, ok := m.number(engine.Prompt{ID: "initiative.fame", Key: "heir.ask.playerfame", Min: 0, Max: MaxFame,
		Params: engine.Params{"heir": itoa(m.s.Heir.Fame)}, Rule: ruleIn("base", "INITIATIVE", "")}); ok {
		m.s.Player.Fame = f // none: the Fame last told stands
	}
	f := m.s.Player.Fame
	m.s.Board.Initiative = InitiativeOrder(m.s.Board.Initiative, m.s.Heir.Fame, f)
	m.emit("initiative", "heir.ev.initiative", engine.Params{"first": m.s.Board.first()}, rule("SET INITIATIVE ORDER PHASE", ""))
}

// MaxFame bounds a Fame answer.
const MaxFame = 250

// InitiativeOrder is the Initiative order for a turn: the one with less
// Fame first; tied Fame reverses the previous order (base rules, phase 2).
func InitiativeOrder(prev []string, heirFame, playerFame int) []string {
	switch {
	case heirFame < playerFame:
		return []string{HeirOf, Player}
	case playerFame < heirFame:
		return []string{Player, HeirOf}
	default:
		return []string{prev[1], prev[0]}
	}
}

// advertise: the Heir advertises every turn at no Coin cost and gains 2
// Fame (heir-solo-rules: ADVERTISE PHASE).
func (m *match) advertise() {
	m.s.Phase = "advertise"
	m.gainFame(2, "advertise")
}

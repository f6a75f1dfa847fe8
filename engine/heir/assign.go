package heir

import (
	"fmt"
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/trickerion"
)

// MaxPlayerCharacters bounds the player's Characters: Magician, three
// Specialists, four Apprentices, and the Protégé with the Academy.
func (m *match) maxPlayerCharacters() int {
	if m.s.Options.Academy {
		return 9
	}
	return 8
}

// assignment runs the ASSIGNMENT PHASE: the player's assignments (one
// question), The Great Optico's count, then the Heir's Plan card.
func (m *match) assignment() {
	m.s.Phase = "assign"
	m.askPlayerAssignments()
	if m.s.Heir.Ability == trickerion.GreatOptico {
		n, _ := m.number(engine.Prompt{ID: "assign.sa", Key: "heir.ask.saused", Min: 0, Max: m.playerAssignedTotal(),
			Rule: rule("HEIR'S MAGICIAN ABILITIES", "The Great Optico")})
		m.s.Player.SAUsed = n
	}
	m.revealPlan()
	m.restance()
	m.assignHeir()
}

func (m *match) playerAssignedTotal() int {
	n := 0
	for _, c := range m.s.Player.Assigned {
		n += c
	}
	if m.s.Player.MagTheater {
		n++
	}
	return n
}

// locationsInPlay are the Locations of this game, in the order questions list them.
func (m *match) locationsInPlay() []string { return locationsInPlay(m.s.Options.Academy) }

// locationsInPlay are the Locations of a game with or without the Academy
// (a shared list: callers must not change it).
func locationsInPlay(withAcademy bool) []string {
	if withAcademy {
		return withAcademyLocations
	}
	return baseLocations
}

var (
	withAcademyLocations = []string{Theater, Downtown, MarketRow, DarkAlley, Academy, Workshop}
	baseLocations        = []string{Theater, Downtown, MarketRow, DarkAlley, Workshop}
)

// askPlayerAssignments asks, in one Choice, how many of the player's
// Characters go to each Location: option "downtown.2" is a second
// Character to Downtown; "theater.magician" is the Magician to the Theater.
func (m *match) askPlayerAssignments() {
	got := m.choose(engine.Prompt{ID: "assign.player", Key: "heir.ask.assign", Options: assignOptions()[m.s.Options.Academy],
		Min: 0, Max: m.maxPlayerCharacters(), None: true, Rule: ruleIn("base", "ASSIGNMENT", "")})
	clear(m.s.Player.Assigned) // made at Start
	m.s.Player.MagTheater = false
	for _, id := range got {
		if id == "theater.magician" {
			m.s.Player.MagTheater = true
			continue
		}
		l, _, _ := strings.Cut(id, ".")
		m.s.Player.Assigned[l]++
	}
}

// assignCap is how many of the player's Characters a Location can take at
// most in a 2-player game: 4 slots of which 2 are covered, 2 backstage
// slots on each of 2 open weekdays, the 2 Workshop places.
func assignCap(l string) int {
	if l == Theater {
		return 4
	}
	return 2
}

// revealPlan discards last turn's Plan card and reveals the next one
// (ASSIGNMENT PHASE steps 1-2): from the engine's deck, or asked.
func (m *match) revealPlan() {
	h := &m.s.Heir
	if m.s.Options.PlanLibrary && len(h.PlanDeck) > 0 {
		c := h.PlanDeck[0]
		h.PlanDeck = h.PlanDeck[1:]
		h.Plan = &c
		return
	}
	h.Plan = m.askPlanCard()
}

// askPlanCard asks the revealed Plan card: its kind (one tap) and its
// Locations left to right (one Choice, in the order tapped).
func (m *match) askPlanCard() *PlanCard {
	kind := m.choose(engine.Prompt{ID: "assign.plankind", Key: "heir.ask.plankind", Min: 1, Max: 1,
		Options: []engine.Option{{ID: Perform, Key: "heir.plan.perform"}, {ID: SetUp, Key: "heir.plan.set-up"}},
		Rule:    rule("ASSIGNMENT PHASE", "2")})
	var opts []engine.Option
	for _, l := range m.locationsInPlay() {
		opts = append(opts, options().location(l))
		if l == Theater {
			opts = append(opts, engine.Option{ID: "theater.2", Key: "heir.opt.plan.theater2"})
		}
		if slices.Contains(saColours, l) {
			opts = append(opts, engine.Option{ID: "sa." + l, Key: "heir.opt.plan.sa", Params: engine.Params{"location": l}})
		}
	}
	got := m.choose(engine.Prompt{ID: "assign.plansteps", Key: "heir.ask.plansteps", Options: opts, Min: 1, Max: 7,
		Rule: rule("ASSIGNMENT PHASE", "2")})
	c := &PlanCard{ID: fmt.Sprintf("turn-%d", m.s.Turn), Kind: SetUp, Academy: m.s.Options.Academy}
	if kind != nil { // none: taken as a Set Up card (the Heir is Busy)
		c.Kind = kind[0]
	}
	for _, id := range got {
		sa := strings.HasPrefix(id, "sa.")
		l, _, _ := strings.Cut(strings.TrimPrefix(id, "sa."), ".")
		c.Steps = append(c.Steps, PlanStep{Location: l, Special: sa})
	}
	return c
}

// assignHeir gives the Heir's Characters, left to right, the Plan card's
// Locations in order; a Special Assignment mark is used only when the Heir
// holds a card of that colour, else skipped; surplus either way is ignored
// (ASSIGNMENT PHASE).
func (m *match) assignHeir() {
	h := &m.s.Heir
	steps := AssignPlan(h.Plan.Steps, h.SA, len(h.Characters))
	for i := range h.Characters {
		h.Characters[i].Assigned, h.Characters[i].SA = "", false
		if i < len(steps) {
			h.Characters[i].Assigned, h.Characters[i].SA = steps[i].Location, steps[i].Special
			if steps[i].Special {
				h.SA[steps[i].Location]--
			}
		}
	}
	m.ack("assign.heir", "heir.do.assign", engine.Params{"kind": h.Plan.Kind, "list": m.assignList()},
		rule("ASSIGNMENT PHASE", ""), map[string]any{"plan": h.Plan, "characters": h.Characters})
}

// AssignPlan is the Locations the Heir's Characters get, left to right:
// the Plan card's steps, Special Assignment marks the Heir holds no card of
// skipped, cut to the Heir's number of Characters.
func AssignPlan(steps []PlanStep, held map[string]int, characters int) []PlanStep {
	left := map[string]int{}
	for k, v := range held {
		left[k] = v
	}
	var out []PlanStep
	for _, s := range steps {
		if len(out) == characters {
			break
		}
		if s.Special {
			if left[s.Location] <= 0 {
				continue
			}
			left[s.Location]--
		}
		out = append(out, s)
	}
	return out
}

func (m *match) assignList() string {
	var b strings.Builder
	for _, c := range m.s.Heir.Characters {
		if c.Assigned == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Kind + "→" + c.Assigned)
		if c.SA {
			b.WriteString("*")
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

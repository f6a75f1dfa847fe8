package heir

import (
	"slices"

	"tableside/engine"
	"tableside/engine/heir/locations"
	"tableside/engine/trickerion"
)

// actDowntown resolves the Heir's DOWNTOWN action: count the dice, have
// one X die rerolled if short, check the Residence, then the steps 1-6.
func (m *match) actDowntown(ap int) {
	dice := m.downtownDice()
	n := locations.DiceToCollect(m.level(), ap)
	if d, ok := locations.RerollDie(dice, n); ok {
		f := m.dice(engine.Prompt{ID: "act.downtown.reroll", Key: "heir.ask.rerolldie", Params: engine.Params{"die": d.String()},
			Dice: []engine.Die{{Kind: downtownKinds[d], Faces: d.Faces()}}, Rule: rule("DOWNTOWN", "")})
		if f != nil { // none: the die stays X
			dice[d] = f[0]
		}
	}
	m.askResidence(dice)
	res, err := locations.Downtown(m.downtownState(ap, dice), m.t.Rand())
	if err != nil { // the dice come from checked prompts: this cannot happen
		panic(err)
	}
	m.s.Board.Downtown = slices.Clone(res.Dice[:])
	for i := range res.Steps {
		m.applyDowntownStep(&res.Steps[i])
	}
	m.gainCoins(res.Coins, "downtown")
	m.ackSteps("act.downtown", "DOWNTOWN", res.Steps)
}

func (m *match) downtownDice() locations.Dice {
	var ds locations.Dice
	copy(ds[:], m.s.Board.Downtown)
	return ds
}

func (m *match) downtownState(ap int, dice locations.Dice) locations.DowntownState {
	return locations.DowntownState{Level: m.level(), AP: ap, Dice: dice, Fame: m.s.Heir.Fame,
		Favorite: trickerion.Category(m.s.Heir.Category), Tricks: m.heirTricks(), Characters: m.heirCharacters(),
		Academy: m.s.Options.Academy, Residence: m.drawable(dice), ShoppingList: m.s.Heir.Shopping} // Downtown copies what it changes
}

// heirTricks returns the Heir's Trick cards left to right.
func (m *match) heirTricks() []trickerion.Trick {
	out := make([]trickerion.Trick, 0, len(m.s.Heir.Tricks))
	for _, t := range m.s.Heir.Tricks {
		if c, ok := trickByID(t.ID); ok {
			out = append(out, c)
		}
	}
	return out
}

func (m *match) heirCharacters() locations.Characters {
	var c locations.Characters
	add := func(kind, special string) {
		switch kind {
		case Protege:
			c.Protege = true
		case Apprentice:
			c.Apprentices++
		case Magician:
		default:
			c.Specialists = append(c.Specialists, special)
		}
	}
	for _, ch := range m.s.Heir.Characters {
		add(ch.Kind, ch.Special)
	}
	for _, k := range m.s.Heir.Waiting {
		add(k, k)
	}
	return c
}

// residence appends to out the Tricks of category cat at the Heir's Fame
// Level still in Dahlgaard's Residence (all but the Heir's and those the
// player said are gone): those it can draw from a Trick die of cat.
func (m *match) residence(out []*trickerion.Trick, cat trickerion.Category) []*trickerion.Trick {
	all, _ := tricks()
	lvl := locations.FameLevel(m.s.Heir.Fame)
	for i, t := range all {
		if t.Category == cat && t.Level == lvl && !slices.Contains(m.s.Heir.Learned, t.ID) && !slices.Contains(m.s.Heir.Gone, t.ID) {
			out = append(out, &all[i])
		}
	}
	return out
}

// drawable is the part of the Residence the Downtown action reads: the
// Tricks of the Trick dice's categories at the Heir's Fame Level.
func (m *match) drawable(dice locations.Dice) []*trickerion.Trick {
	out := make([]*trickerion.Trick, 0, 8) // at most 4 Tricks a category and Level, 2 dice
	var cats []trickerion.Category
	for _, f := range dice[:2] {
		cat := trickerion.Category(f)
		if f == locations.FaceAny {
			cat = trickerion.Category(m.s.Heir.Category)
		}
		if cat.Valid() && !slices.Contains(cats, cat) {
			cats = append(cats, cat)
			out = m.residence(out, cat)
		}
	}
	return out
}

// askResidence asks, before the Heir draws a Trick, which of the Tricks it
// would draw from are no longer in Dahlgaard's Residence (the player's).
func (m *match) askResidence(dice locations.Dice) {
	cat, ok := m.learnCategory(dice)
	if !ok {
		return
	}
	cands := locations.LearnCandidates(m.residence(nil, cat), cat, m.s.Heir.Fame)
	pool := string(cat) + "." + itoa(locations.FameLevel(m.s.Heir.Fame))
	if len(cands) == 0 || m.s.Heir.Asked[pool] == m.s.Player.Learns+1 {
		return // the player has not been Downtown since this pool was checked
	}
	m.s.Heir.Asked[pool] = m.s.Player.Learns + 1
	opts := make([]engine.Option, len(cands))
	for i, t := range cands {
		opts[i] = options().trick(t)
	}
	gone := m.choose(engine.Prompt{ID: "act.downtown.residence", Key: "heir.ask.residence", Options: opts,
		Min: 1, Max: len(opts), None: true, Rule: rule("DOWNTOWN", "1a")})
	m.s.Heir.Gone = append(m.s.Heir.Gone, gone...)
}

// learnCategory is the category the Heir would learn from at step 1, if
// step 1 applies (fewer than 2 Tricks of its top Level, or 36+ Fame, and a
// Trick die showing).
func (m *match) learnCategory(dice locations.Dice) (trickerion.Category, bool) {
	top, n := locations.FameLevel(m.s.Heir.Fame), 0
	for _, h := range m.s.Heir.Tricks {
		if t, ok := trickByID(h.ID); ok && t.Level == top {
			n++
		}
	}
	if n >= 2 && m.s.Heir.Fame < locations.Level3Fame {
		return "", false
	}
	for _, f := range dice[:2] {
		switch f {
		case locations.FaceX:
		case locations.FaceAny:
			return trickerion.Category(m.s.Heir.Category), true
		default:
			return trickerion.Category(f), true
		}
	}
	return "", false
}

// applyDowntownStep carries one Downtown step onto the Heir's board.
func (m *match) applyDowntownStep(s *locations.Step) {
	h := &m.s.Heir
	switch s.Kind {
	case locations.StepReturnTrick:
		m.dropTrick(s.Trick.ID)
	case locations.StepLearnTrick:
		at := min(s.Slot, len(h.Tricks))
		h.Tricks = slices.Insert(h.Tricks, at, HeirTrick{ID: s.Trick.ID, Markers: m.preparedMarkers(s.Trick)})
		h.Learned = append(h.Learned, s.Trick.ID)
		m.addShopping(s.Trick)
		m.restance()
	case locations.StepHireSpecialist:
		h.Waiting = append(h.Waiting, s.Specialist)
	case locations.StepHireApprentice:
		h.Waiting = append(h.Waiting, Apprentice)
	}
	m.stepEvent("DOWNTOWN", s)
}

// dropTrick returns a Trick to the Residence with all its markers (on the
// Performance cards and in the Academy too).
func (m *match) dropTrick(id string) {
	h := &m.s.Heir
	h.Tricks = slices.DeleteFunc(h.Tricks, func(t HeirTrick) bool { return t.ID == id })
	h.Learned = slices.DeleteFunc(h.Learned, func(x string) bool { return x == id })
	m.dropTrickMarkers(id)
	m.restance()
}

// stepEvent reports one step of a Location action (the event's data points
// at the step, which nobody changes).
// Its parameters are those its message uses.
func (m *match) stepEvent(section string, s *locations.Step) {
	key := stepKeys.get(string(s.Kind), func(kind string) string { return "heir.ev.step." + kind })
	p := params(key, func(name string) string {
		switch name {
		case "trick":
			return s.Trick.Name
		case "slot":
			return itoa(s.Slot + 1)
		case "markers":
			return itoa(s.Markers)
		case "components":
			return joinList(s.Components)
		case "component":
			return s.Component
		case "specialist":
			return s.Specialist
		case "coins":
			return itoa(s.Coins)
		case "location":
			return s.Location
		case "die":
			return s.Die.String()
		case "face":
			return s.Face
		}
		return ""
	})
	m.t.Emit(engine.Event{Type: "heir.step", Key: key, Params: p, Data: map[string]any{"step": s}, Rule: rule(section, s.Rule)})
}

// stepKeys and academyKeys are the message keys of the kinds of steps.
var stepKeys, academyKeys memo[string, string]

// ackSteps asks the table to carry out a Location action's steps.
func (m *match) ackSteps(slug, section string, steps []locations.Step) {
	m.ack(slug, "heir.do.steps", stepsParams(section, len(steps)), rule(section, ""), map[string]any{"steps": steps})
}

type sectionSteps struct {
	section string
	n       int
}

var stepsCounts memo[sectionSteps, engine.Params]

// stepsParams are the parameters of an action's instruction, shared.
func stepsParams(section string, n int) engine.Params {
	return stepsCounts.get(sectionSteps{section, n}, func(k sectionSteps) engine.Params {
		return engine.Params{"section": k.section, "n": itoa(k.n)}
	})
}

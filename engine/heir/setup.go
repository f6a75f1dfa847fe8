package heir

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"sync"

	"tableside/engine"
	"tableside/engine/heir/difficulty"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// Setup is the setup JSON a game of the Heir starts from (the contract the
// CLI and the appliance use). Every field is optional:
//
//	{
//	  "difficulty": "easy" | "normal" | "hard",   // default "normal"
//	  "academy": true,                              // default true
//	  "dawn": false,                                // Dawn of Technology
//	  "ignore_heir_ability": false,                 // easier: the Heir's Magician has no ability
//	  "heir_extra_coins": false,                    // harder: the Heir starts with 8 Coins
//	  "dawn_challenge": false,                      // Dawn of Technology optional challenge rule
//	  "library": {
//	    "plan_cards": [ {"id":"A1","academy":true,"kind":"perform",
//	                     "steps":[{"location":"theater"},{"location":"downtown","special":true}]} ],
//	    "solo_performance_cards": [ ...theater card specs... ]
//	  }
//	}
//
// With the Plan cards of the game's set entered (9 with the Academy: 4
// Perform + 5 Set Up; 8 without: 4 + 4), the engine builds and shuffles the
// Plan deck itself; otherwise the player builds it and tells each revealed
// card. Locations are "theater", "downtown", "academy", "market-row",
// "dark-alley", "workshop".
type Setup struct {
	Difficulty        string  `json:"difficulty"`
	Academy           *bool   `json:"academy"`
	Dawn              bool    `json:"dawn"`
	IgnoreHeirAbility bool    `json:"ignore_heir_ability"`
	HeirExtraCoins    bool    `json:"heir_extra_coins"`
	DawnChallenge     bool    `json:"dawn_challenge"`
	Library           Library `json:"library"`
}

// Library holds the cards the player entered once in the card editor.
type Library struct {
	PlanCards            []PlanCard         `json:"plan_cards"`
	SoloPerformanceCards []theater.CardSpec `json:"solo_performance_cards"`
}

// lastSetup remembers the last setup parsed: a simulation starts thousands
// of games from the same setup, and its card library is most of the work of
// a game's start. The match only reads its Setup, never changes it.
var lastSetup struct {
	sync.Mutex
	raw  string
	s    Setup
	o    Options
	used bool
}

func parseSetupCached(raw json.RawMessage) (Setup, Options, error) {
	lastSetup.Lock()
	defer lastSetup.Unlock()
	if lastSetup.used && lastSetup.raw == string(raw) {
		return lastSetup.s, lastSetup.o, nil
	}
	s, o, err := ParseSetup(raw)
	if err == nil {
		lastSetup.raw, lastSetup.s, lastSetup.o, lastSetup.used = string(raw), s, o, true
	}
	return s, o, err
}

// ParseSetup reads a setup, filling the defaults of an empty one.
func ParseSetup(raw json.RawMessage) (Setup, Options, error) {
	var s Setup
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &s); err != nil {
			return s, Options{}, fmt.Errorf("heir: setup: %w", err)
		}
	}
	if s.Difficulty == "" {
		s.Difficulty = difficulty.Normal.String()
	}
	if _, err := difficulty.Parse(s.Difficulty); err != nil {
		return s, Options{}, fmt.Errorf("heir: setup: %w", err)
	}
	o := Options{Difficulty: s.Difficulty, Academy: s.Academy == nil || *s.Academy, Dawn: s.Dawn,
		IgnoreHeirAbility: s.IgnoreHeirAbility, HeirExtraCoins: s.HeirExtraCoins, DawnChallenge: s.DawnChallenge && s.Dawn}
	if s.DawnChallenge && !s.Dawn {
		return s, o, fmt.Errorf("heir: setup: dawn_challenge needs dawn")
	}
	for _, c := range s.Library.SoloPerformanceCards {
		if err := c.Validate(); err != nil {
			return s, o, fmt.Errorf("heir: setup: solo performance card: %w", err)
		}
	}
	if len(s.Library.PlanCards) > 0 {
		if err := checkPlanLibrary(s.Library.PlanCards, o.Academy); err != nil {
			return s, o, err
		}
		o.PlanLibrary = true
	}
	return s, o, nil
}

func (m *match) level() difficulty.Level {
	l, _ := difficulty.Parse(m.s.Options.Difficulty)
	return l
}

// setup runs GAME SETUP: the player's Favorite category and Magician, the
// Heir's Magician, starting Trick, Characters, Fame, Initiative, Plan deck
// and the Prophecies to remove.
func (m *match) setup() {
	m.s.Phase = "setup"
	cat := m.askCategory()
	m.s.Player.Category = string(cat)
	m.s.Player.Magician = m.askMagician(cat)
	m.drawHeirMagician(cat)
	m.startingTrick()
	m.startingBoard()
	m.s.Board.order(Player) // step 9: you always start first
	m.buildPlan()
	m.removeProphecies()
	m.firstCard()
	m.ack("setup.board", "heir.setup.board", engine.Params{
		"magician": magicianName(m.s.Heir.Magician), "trick": trickName(m.s.Heir.Tricks[0].ID),
		"markers": itoa(m.s.Heir.Tricks[0].Markers), "fame": itoa(m.s.Heir.Fame),
		"coins": itoa(m.s.Heir.Coins), "shards": itoa(m.s.Heir.Shards),
		"characters": m.characterList(), "shopping": joinList(m.s.Heir.Shopping),
	}, rule("GAME SETUP", "4-10"), map[string]any{"heir": m.s.Heir})
}

// magicianName is a Magician's printed name, or its id when unknown.
func magicianName(id string) string {
	for _, g := range magicianCards() {
		if g.ID == id {
			return g.Name
		}
	}
	return id
}

func (m *match) askCategory() trickerion.Category {
	a := m.choose(engine.Prompt{ID: "setup.category", Key: "heir.ask.category", Options: categoryOptions(), Min: 1, Max: 1,
		Rule: rule("GAME SETUP", "4")})
	if a == nil {
		return "" // none: no category is excluded from the Heir's draw
	}
	return trickerion.Category(a[0])
}

// categoryOptions are the four Trick categories as options.
var categoryOptions = sync.OnceValue(func() []engine.Option {
	opts := make([]engine.Option, len(trickerion.Categories))
	for i, c := range trickerion.Categories {
		opts[i] = engine.Option{ID: string(c), Key: "heir.category." + string(c)}
	}
	return opts
})

// magicians lists the Magicians in play: the Academy ones only with the
// Academy (a shared list: callers must not change it).
func (m *match) magicians() []trickerion.Magician { return magiciansInPlay()[m.s.Options.Academy] }

var magiciansInPlay = sync.OnceValue(func() map[bool][]trickerion.Magician {
	all := magicianCards()
	return map[bool][]trickerion.Magician{true: all,
		false: slices.DeleteFunc(slices.Clone(all), func(g trickerion.Magician) bool { return g.RequiresAcademy })}
})

func (m *match) askMagician(cat trickerion.Category) string {
	var opts []engine.Option
	for _, g := range m.magicians() {
		if g.Category == cat {
			opts = append(opts, engine.Option{ID: g.ID, Key: "heir.magician.name", Params: engine.Params{"name": g.Name}})
		}
	}
	if len(opts) == 0 {
		return ""
	}
	a := m.choose(engine.Prompt{ID: "setup.magician", Key: "heir.ask.magician", Options: opts, Min: 1, Max: 1,
		Rule: rule("GAME SETUP", "4")})
	if a == nil {
		return ""
	}
	return a[0]
}

// drawHeirMagician draws the Heir's Magician among those not of the
// player's Favorite category (heir-solo-rules: GAME SETUP step 4).
func (m *match) drawHeirMagician(player trickerion.Category) {
	var buf [32]int
	pool, all := buf[:0], m.magicians() // indexes in all
	for i, g := range all {
		if g.Category != player {
			pool = append(pool, i)
		}
	}
	g := all[pool[m.t.Rand().IntN(len(pool))]]
	m.s.Heir.Magician, m.s.Heir.Category = g.ID, string(g.Category)
	if !m.s.Options.IgnoreHeirAbility {
		m.s.Heir.Ability = g.HeirAbilityKey
	}
	m.emit("heir.magician", "heir.ev.magician", engine.Params{"magician": g.ID, "name": g.Name, "category": string(g.Category)}, rule("GAME SETUP", "4"))
}

// StarterTricks are the Level 1 Tricks the Heir can start with: its
// category's Level 1 Tricks except the one needing a single Basic Component
// type (heir-solo-rules: GAME SETUP step 5).
func StarterTricks(c trickerion.Category) []trickerion.Trick {
	var out []trickerion.Trick
	all, _ := tricks()
	for _, t := range all {
		if t.Category == c && t.Level == 1 && !trickerion.IsSingleComponentLevel1(t) {
			out = append(out, t)
		}
	}
	return out
}

// startingTrick draws the starting Trick, prepares it on the leftmost slot
// and fills the Shopping List (GAME SETUP steps 5-6).
func (m *match) startingTrick() {
	pool := StarterTricks(trickerion.Category(m.s.Heir.Category))
	t := pool[m.t.Rand().IntN(len(pool))]
	m.s.Heir.Tricks = []HeirTrick{{ID: t.ID, Markers: m.preparedMarkers(t)}}
	m.s.Heir.Learned = []string{t.ID}
	m.addShopping(t)
}

// preparedMarkers is how many Trick markers a Trick of the Heir holds when
// prepared; Elektra prepares Tricks of 2 or 3 markers with one less.
func (m *match) preparedMarkers(t trickerion.Trick) int {
	if m.s.Heir.Ability == trickerion.Elektra && (t.Markers == 2 || t.Markers == 3) {
		return t.Markers - 1
	}
	return t.Markers
}

// addShopping puts one of each Component type of t on the Shopping List,
// unless one is there already (DOWNTOWN step 1e; GAME SETUP step 6).
func (m *match) addShopping(t trickerion.Trick) {
	for c := range t.Components {
		if !slices.Contains(m.s.Heir.Shopping, c) {
			m.s.Heir.Shopping = append(m.s.Heir.Shopping, c)
		}
	}
	sort.Strings(m.s.Heir.Shopping)
}

// StartingCharacters are the Heir's Character disks by difficulty, left to
// right (GAME SETUP steps 7-8); no Protégé without the Academy.
func StartingCharacters(l difficulty.Level, academy bool) []string {
	n := l.Tables().StartingCharacters
	if !academy {
		n.Protege = 0
	}
	var out []string
	for _, k := range []struct {
		kind string
		n    int
	}{{Magician, n.Magician}, {Protege, n.Protege}, {Specialist, n.Specialists}, {Apprentice, n.Apprentices}} {
		for range k.n {
			out = append(out, k.kind)
		}
	}
	return out
}

var specialistKinds = []string{"assistant", "manager", "engineer"}

// StartingFame is the Heir's starting Fame: set up as a 2-player game, 3
// with the Academy, 5 without (ERRATA).
func StartingFame(academy bool) int {
	if academy {
		return difficulty.Data().StartingFame["academy"]
	}
	return difficulty.Data().StartingFame["no_academy"]
}

func (m *match) startingBoard() {
	h := &m.s.Heir
	kinds := shuffled(specialistKinds, m.t.Rand())
	for _, k := range StartingCharacters(m.level(), m.s.Options.Academy) {
		c := Character{Kind: k}
		if k == Specialist { // the Heir's Specialists are of random kinds
			c.Special, kinds = kinds[0], kinds[1:]
		}
		h.Characters = append(h.Characters, c)
	}
	h.Fame = StartingFame(m.s.Options.Academy)
	if m.s.Options.HeirExtraCoins { // ADDITIONAL DIFFICULTY ADJUSTMENTS
		h.Coins = 8
	}
	if m.s.Options.Dawn { // Dawn of Technology: the Heir gains 1 Shard at setup
		h.Shards = 1
	}
	h.SA = map[string]int{}
	if m.s.Options.Academy {
		h.BannersOut, m.s.Player.BannersOut = 12, 12
	}
	m.s.Player.Fame = h.Fame
	m.restance()
}

// buildPlan builds the Plan deck from the library, or tells the player to.
func (m *match) buildPlan() {
	if !m.s.Options.PlanLibrary {
		m.ack("setup.plan", "heir.setup.plan.build", engine.Params{"academy": yesNo(m.s.Options.Academy)},
			rule("GAME SETUP", "12"), nil)
		return
	}
	p, s := planSet(m.setup0.Library.PlanCards, m.s.Options.Academy)
	m.s.Heir.PlanDeck = BuildPlanDeck(p, s, m.t.Rand())
	m.ack("setup.plan", "heir.setup.plan.library", nil, rule("GAME SETUP", "12"), nil)
}

// removeProphecies lists the Prophecies the solo game removes (GAME SETUP
// step 13; APPENDIX).
func (m *match) removeProphecies() {
	var names []string
	for _, p := range prophecyCards() {
		if p.Solo != "remove" {
			continue
		}
		if p.Set == "academy" && !m.s.Options.Academy || p.Set == "arcane-arts" {
			continue
		}
		m.s.Board.Prophecies = append(m.s.Board.Prophecies, p.ID)
		names = append(names, p.Name)
	}
	m.ack("setup.prophecies", "heir.setup.prophecies", engine.Params{"list": joinList(names)},
		rule("GAME SETUP", "13"), map[string]any{"prophecies": m.s.Board.Prophecies})
}

package heir

import (
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/heir/academy"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// actAcademy resolves the Heir's ACADEMY action through the academy rules,
// asking which tile the table drew for each space the Heir renovates.
func (m *match) actAcademy(ap int) {
	a, err := academy.Start(academy.Input{Turn: m.s.Turn, Level: m.level(), AP: ap, Tricks: m.s.Heir.trickIDs(),
		Geert: m.s.Heir.Ability == trickerion.GeertVanAugustin, State: m.academyState()}, m.t.Rand())
	if err != nil { // the state is the engine's own: this cannot happen
		panic(err)
	}
	var all []academy.Step
	for {
		steps, req := a.Run()
		all = append(all, steps...)
		m.academySteps(steps)
		if req == nil {
			break
		}
		if err := a.PlaceTile(m.askTile(*req, "act.academy.tile")); err != nil {
			panic(err)
		}
	}
	m.setAcademyState(a.Finish())
	m.ack("act.academy", "heir.do.steps", stepsParams("ACADEMY", len(all)),
		rule("ACADEMY", ""), map[string]any{"steps": all})
}

func (m *match) academyState() academy.State {
	h, p := m.s.Heir, m.s.Player
	return academy.State{Fame: h.Fame, Coins: h.Coins, Shards: h.Shards, Secrets: h.Secrets, SecretsTaken: m.s.Board.Secrets,
		Banners: academy.Banners{HeirPlaced: h.Banners, PlayerPlaced: p.Banners, HeirLeft: h.BannersOut, PlayerLeft: p.BannersOut},
		Board:   m.s.Board.Academy} // academy.Start copies it
}

// setAcademyState takes the Academy action's result onto the game.
func (m *match) setAcademyState(st academy.State) {
	h := &m.s.Heir
	m.gainFame(st.Fame-h.Fame, "academy")
	m.gainCoins(st.Coins-h.Coins, "academy")
	m.gainShards(st.Shards-h.Shards, "academy")
	h.Secrets, m.s.Board.Secrets, m.s.Board.Academy = st.Secrets, st.SecretsTaken, st.Board
	h.Banners, h.BannersOut = st.Banners.HeirPlaced, st.Banners.HeirLeft
	m.s.Player.Banners, m.s.Player.BannersOut = st.Banners.PlayerPlaced, st.Banners.PlayerLeft
}

// academySteps reports the steps and places the extra Trick markers a
// Practice Room grants at once.
func (m *match) academySteps(steps []academy.Step) {
	for i := range steps {
		s := &steps[i] // the event's data points at the step
		if s.Kind == academy.Practice && s.ExtraMarker {
			for i := range m.s.Heir.Tricks {
				if m.s.Heir.Tricks[i].ID == s.Trick {
					m.s.Heir.Tricks[i].Markers++
				}
			}
		}
		key := academyKeys.get(s.Kind.String(), func(kind string) string { return "heir.ev.academy." + kind })
		p := params(key, func(name string) string { return academyParam(s, name) })
		m.t.Emit(engine.Event{Type: "heir.academy", Key: key, Rule: rule("ACADEMY", ""), Params: p, Data: map[string]any{"step": s}})
	}
}

// academyParam is a message parameter of an Academy step.
func academyParam(s *academy.Step, name string) string {
	switch name {
	case "secret":
		return s.Secret.String()
	case "ap":
		return itoa(s.ProtegeAP)
	case "space":
		if s.Kind == academy.Renovate {
			return academy.SpaceAt(s.Renovation.Space).ID
		} else if s.Kind != academy.LearnSecret {
			return academy.SpaceAt(s.Space).ID
		}
	case "fame":
		return itoa(s.Fame)
	case "banners":
		return itoa(s.BannersPlaced)
	case "coins":
		return itoa(s.CoinsDiscarded)
	case "trick":
		return trickName(s.Trick)
	case "slot":
		return itoa(s.Slot + 1)
	}
	return ""
}

// tileAbilities are the Practice Room slot abilities the player can tap.
var tileAbilities = []string{"none", "extra-marker", "twice-per-card", "yield-fame", "yield-coins", "yield-shards",
	"decrease-prep-ap", "decrease-prep-components", "other"}

// unknownTileSlots is the tile taken when the player cannot tell it: two
// plain slots, no ability.
const unknownTileSlots = 2

// askTile asks what the tile drawn for a renovated space is: a Classroom
// by its number of slots; a Practice Room by each slot's ability, top to
// bottom (tap one ability per slot).
func (m *match) askTile(req academy.TileRequest, slug string) []academy.Slot {
	p := engine.Params{"space": academy.SpaceAt(req.Space).ID, "threshold": itoa(req.Threshold)}
	r := ruleIn("academy", "RENOVATE", "4")
	if req.Kind == academy.Classroom {
		n, ok := m.number(engine.Prompt{ID: slug, Key: "heir.ask.classroomtile", Params: p, Min: 1, Max: 4, Rule: r})
		if !ok {
			n = unknownTileSlots
		}
		return make([]academy.Slot, n)
	}
	got := m.choose(engine.Prompt{ID: slug, Key: "heir.ask.practicetile", Params: p, Options: tileOptions(), Min: 1, Max: 4, Rule: r})
	if got == nil {
		return make([]academy.Slot, unknownTileSlots)
	}
	return practiceSlots(got)
}

// practiceSlots reads "2.twice-per-card" taps: the first tap per slot
// counts; the tile has as many slots as slots tapped.
func practiceSlots(taps []string) []academy.Slot {
	by := map[int]string{}
	for _, t := range taps {
		n, ability, _ := strings.Cut(t, ".")
		if pos := atoi(n); by[pos] == "" {
			by[pos] = ability
		}
	}
	var out []academy.Slot
	for pos := 1; pos <= 4; pos++ {
		a, ok := by[pos]
		if !ok {
			continue
		}
		var s academy.Slot
		switch a {
		case "yield-fame", "yield-coins", "yield-shards":
			s.Ability = academy.AbilityYieldIncrease
			s.Increase = trickerion.Yield{Fame: b2i(a == "yield-fame"), Coins: b2i(a == "yield-coins"), Shards: b2i(a == "yield-shards")}
		default:
			s.Ability, _ = academy.ParseAbility(a)
		}
		out = append(out, s)
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// practice is what the Heir's Trick's Practice Room slot does in the
// Theater. Rules decision: the 'twice per card' icon is also the one whose
// marker stays on the card after a Performance (the same Practice Room
// ability, heir-solo-rules THEATER and PERFORMANCE PHASE EXCEPTIONs).
func (m *match) practice(id string) theater.Practice {
	s, ok := m.s.Board.Academy.PracticeSlot(id)
	if !ok {
		return theater.Practice{}
	}
	p := theater.Practice{Twice: s.Ability == academy.AbilityTwicePerCard, Stays: s.Ability == academy.AbilityTwicePerCard}
	if s.Ability == academy.AbilityYieldIncrease {
		p.YieldIncrease = s.Increase
	}
	return p
}

func (m *match) dropAcademyMarker(id string) { m.s.Board.Academy.RemoveTrick(id) }

// classroom runs the CLASSROOM PHASE for the Heir: full Yield of its Tricks
// in Classrooms (markers stay); Professor Bernard's Coins.
func (m *match) classroom() {
	if !m.s.Options.Academy {
		return
	}
	m.s.Phase = "classroom"
	yields := map[string]trickerion.Yield{}
	for _, t := range m.theaterTricks() {
		yields[t.ID] = t.Yield
	}
	res, err := academy.ClassroomPhase(m.s.Board.Academy, yields, m.s.Heir.Ability == trickerion.ProfessorBernard)
	if err != nil {
		panic(err)
	}
	m.gainYield(res.Total, "classroom")
}

// playerAcademy asks what the player did at the Academy that changes the
// Heir's choices: a space renovated (then its tile), markers placed, a
// Secret taken.
func (m *match) playerAcademy() {
	got := m.choose(engine.Prompt{ID: "place.player.academy", Key: "heir.ask.playeracademy", Options: m.academyOptions(), Min: 1, Max: 3,
		None: true, Rule: ruleIn("academy", "ACADEMY ACTIONS", "")})
	slices.Sort(got) // markers, renovations, secrets: renovations before new tiles matter not
	for _, id := range got {
		m.playerAcademyMove(id)
	}
}

// academyOptions are the player's Academy moves: renovations, markers on
// tiles, Secrets.
func (m *match) academyOptions() []engine.Option {
	var buf [optionsOnStack]engine.Option
	opts := buf[:0]
	o := options()
	for i := range academy.NumSpaces {
		sp, room := academy.SpaceAt(i), m.s.Board.Academy.Rooms[i]
		if room.Tile == nil && sp.OpenOn(m.s.Turn) && m.s.Player.BannersOut > 0 {
			opts = append(opts, o.renovate[i][:]...)
		}
		if room.Tile != nil {
			for k, sl := range room.Tile.Slots {
				if sl.Empty() {
					opts = append(opts, o.academySlot(i, k))
				}
			}
		}
	}
	if !m.s.Board.Secrets.Top {
		opts = append(opts, engine.Option{ID: "secret.top", Key: "heir.opt.secret.top"})
	}
	if !m.s.Board.Secrets.Bottom {
		opts = append(opts, engine.Option{ID: "secret.bottom", Key: "heir.opt.secret.bottom"})
	}
	return sized(opts)
}

func (m *match) playerAcademyMove(id string) {
	what, rest, _ := strings.Cut(id, ".") // "secret.top", "marker.3.0", "renovate.2.1"
	a, b, _ := strings.Cut(rest, ".")
	switch what {
	case "secret":
		if a == "top" {
			m.s.Board.Secrets.Top = true
		} else {
			m.s.Board.Secrets.Bottom = true
		}
	case "marker":
		sp, k := atoi(a), atoi(b)
		_ = m.s.Board.Academy.PlaceMarker(sp, k, academy.Occupant{Owner: academy.Player})
	case "renovate":
		sp, tier := atoi(a), atoi(b)
		if m.s.Board.Academy.Rooms[sp].Tile == nil {
			m.playerRenovates(sp, tier)
		}
	}
}

// playerRenovates: the player's Banners for this turn go up; the tile is
// asked; when the player places their last Banner the Heir discards one
// (academy-rules: RENOVATE, IMPORTANT).
func (m *match) playerRenovates(sp, tier int) {
	p := &m.s.Player
	n := min(p.BannersOut, academy.BannersForTurn(m.s.Turn))
	p.Banners, p.BannersOut = p.Banners+n, p.BannersOut-n
	if p.BannersOut == 0 && m.s.Heir.BannersOut > 0 {
		m.s.Heir.BannersOut--
	}
	kind := academy.SpaceAt(sp).Kind
	req := academy.TileRequest{Space: sp, Kind: kind, Threshold: academy.Thresholds[tier]}
	_ = m.s.Board.Academy.SetTile(sp, academy.Tile{Kind: kind, Threshold: req.Threshold, Slots: m.askTile(req, "place.player.tile")})
}

// bannerMajority scores the Academy's Banner majority at the end: 8 Fame
// to the side with more Banners placed, none on a tie (academy.BannerMajority).
func (m *match) bannerMajority() (heir, player int) {
	if !m.s.Options.Academy {
		return 0, 0
	}
	side, fame := academy.BannerMajority(m.s.Heir.Banners, m.s.Player.Banners)
	switch side {
	case academy.HeirSide:
		return fame, 0
	case academy.PlayerSide:
		return 0, fame
	}
	return 0, 0
}

package heir

import (
	"tableside/engine"
	"tableside/engine/heir/difficulty"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// Cap is the most Fame one end-game category scores (Shards, Coins,
// Special Assignment cards).
const Cap = 20

// EndBonus is the Heir's fixed end-game Fame per Level 3 Trick and per
// Character beyond the sixth: Easy 5/0, Normal 7/1, Hard 10/2
// (heir-solo-rules: END GAME SCORING).
func EndBonus(l difficulty.Level) (perLevel3, perExtra int) {
	t := l.Tables()
	return t.FamePerLevel3Trick, t.FamePer7thCharacter
}

// HeirEndFame is the Fame the Heir scores at the end (markers on cards and
// the Banner majority aside): 1 per Shard and 2 per Special Assignment card
// (20 at most each), no Coins, the fixed bonus per Level 3 Trick and per
// 7th+ Character.
func HeirEndFame(l difficulty.Level, shards, saCards int, tricks []string, characters int) int {
	perL3, perExtra := EndBonus(l)
	fame := min(Cap, shards) + min(Cap, 2*saCards)
	for _, id := range tricks {
		if t, ok := trickByID(id); ok && t.Level == 3 {
			fame += perL3
		}
	}
	return fame + perExtra*max(0, characters-6)
}

// PlayerScore is the player's final Fame from their totals: 1 Fame per
// Shard (Dawn of Technology: 2 per 3 Shards, rounded up), 1 per 3 Coins, 2
// per Special Assignment card, each at most 20, and their Level 3 bonuses.
func PlayerScore(t PlayerTotals, dawn bool) int {
	shards := t.Shards
	if dawn {
		shards = (2*t.Shards + 2) / 3
	}
	return t.Fame + min(Cap, shards) + min(Cap, t.Coins/3) + min(Cap, 2*t.SACards) + t.L3Bonus
}

// Winner names the side with more Fame; a tie goes to the side earlier in
// Initiative order (base game END GAME SCORING: "En cas d'égalité, l'ordre
// d'initiative départage les ex-aequo").
func Winner(heir, player int, initiative []string) string {
	switch {
	case heir > player:
		return HeirOf
	case player > heir:
		return Player
	case len(initiative) > 0:
		return initiative[0]
	}
	return "tie"
}

// endGame runs END GAME SCORING for both sides and shows the result.
func (m *match) endGame() {
	m.s.Turn, m.s.Phase = Turns, "end-game"
	_, y := theater.EndGame(m.displayed(), m.theaterTricks())
	m.gainYield(trickerion.Yield{Fame: y.Fame, Coins: y.Coins, Shards: y.Shards}, "markers-left")
	h := &m.s.Heir
	sa := 0
	for _, n := range h.SA {
		sa += max(0, n)
	}
	m.gainFame(HeirEndFame(m.level(), h.Shards, sa, h.trickIDs(), len(h.Characters)+len(h.Waiting)), "end-game")
	hb, pb := m.bannerMajority()
	m.gainFame(hb, "banners")
	t := m.askTotals()
	m.s.Player.Final = &t
	player := PlayerScore(t, m.s.Options.Dawn) + pb
	m.s.Result = &Result{Heir: h.Fame, Player: player, Winner: Winner(h.Fame, player, m.s.Board.Initiative)}
	p := engine.Params{"heir": itoa(h.Fame), "player": itoa(player), "winner": "@heir.side." + m.s.Result.Winner}
	m.t.Emit(engine.Event{Type: "result", Key: "heir.ev.result", Params: p, Data: map[string]any{"result": m.s.Result}, Rule: rule("END GAME SCORING", "")})
	m.ack("end.result", "heir.do.result", p, rule("END GAME SCORING", ""), map[string]any{"result": m.s.Result})
	m.s.Phase = "over"
}

// askTotals asks the player's end-game figures, one number each.
func (m *match) askTotals() PlayerTotals {
	var t PlayerTotals
	r := ruleIn("base", "END GAME SCORING", "")
	ask := func(slug string, max int) int {
		n, _ := m.number(engine.Prompt{ID: "end." + slug, Key: "heir.ask.final." + slug, Min: 0, Max: max, Rule: r})
		return n
	}
	t.Fame = ask("fame", MaxFame)
	t.Shards = ask("shards", 60)
	t.Coins = ask("coins", 200)
	t.SACards = ask("sa", 40)
	t.L3Bonus = ask("level3", 100)
	return t
}

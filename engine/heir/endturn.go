package heir

import (
	"cmp"
	"slices"

	"tableside/engine"
	"tableside/engine/heir/academy"
	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// endTurn runs the END TURN PHASE for the Heir.
func (m *match) endTurn() {
	m.s.Phase = "end-turn"
	if m.s.Heir.Ability == trickerion.Anjali { // before Pay Wages: 2 Coins per Secret
		m.gainCoins(academy.AnjaliCoins(m.s.Heir.Secrets), "anjali")
	}
	m.payWages()
	m.joinWaiting()
	if m.s.Options.DawnChallenge {
		m.dawnChallenge()
	}
	if m.s.Turn < Turns {
		m.moveCards()
	}
	m.resetTurn()
}

// Wages is what the Heir does instead of paying Wages: it discards sets of
// 10 Coins until it has fewer than 10 and scores Fame per set: Easy 2,
// Normal 3, Hard 3 (heir-solo-rules: END TURN PHASE, PAY WAGES).
func Wages(l difficulty.Level, coins int) (spent, fame int) {
	sets := coins / 10
	return 10 * sets, sets * l.Tables().FamePer10Coins
}

func (m *match) payWages() {
	spent, fame := Wages(m.level(), m.s.Heir.Coins)
	if spent == 0 {
		return
	}
	m.gainCoins(-spent, "wages")
	m.gainFame(fame, "wages")
}

// kindOrder is the order of Characters on the Heir's board.
var kindOrder = map[string]int{Magician: 0, Protege: 1, Specialist: 2, Apprentice: 3}

// joinWaiting moves the Characters hired this turn onto the board, in
// Magician > Protégé > Specialists > Apprentices order; beyond the board's
// slots Apprentices go to 'Additional Apprentices' (END TURN PHASE).
func (m *match) joinWaiting() {
	h := &m.s.Heir
	if len(h.Waiting) == 0 {
		return
	}
	for _, k := range h.Waiting {
		c := Character{Kind: k}
		if k != Apprentice && k != Protege && k != Magician {
			c = Character{Kind: Specialist, Special: k}
		}
		h.Characters = append(h.Characters, c)
	}
	h.Waiting = nil
	slices.SortStableFunc(h.Characters, func(a, b Character) int { return cmp.Compare(kindOrder[a.Kind], kindOrder[b.Kind]) })
	m.emit("heir.characters", "heir.ev.characters", engine.Params{"list": m.characterList()}, rule("END TURN PHASE", ""))
}

// dawnChallenge: the Heir gains 1 Fame per Contraption the player did not
// reactivate and 1 Coin per empty Contraption slot; if neither, 1 Shard
// (dawn-of-technology: DAHLGAARD'S HEIR SOLO MODE, optional rule).
func (m *match) dawnChallenge() {
	r := ruleIn("dawn", "DAHLGAARD'S HEIR SOLO MODE", "challenge")
	idle, _ := m.number(engine.Prompt{ID: "end.dawn.idle", Key: "heir.ask.dawn.idle", Min: 0, Max: 4, Rule: r})
	empty, _ := m.number(engine.Prompt{ID: "end.dawn.empty", Key: "heir.ask.dawn.empty", Min: 0, Max: 4, Rule: r})
	if idle+empty == 0 {
		m.gainShards(1, "dawn-challenge")
		return
	}
	m.gainFame(idle, "dawn-challenge")
	m.gainCoins(empty, "dawn-challenge")
}

// resetTurn takes the Characters home and clears the turn's assignments;
// Special Assignment cards used are discarded.
func (m *match) resetTurn() {
	for i := range m.s.Heir.Characters {
		m.s.Heir.Characters[i] = Character{Kind: m.s.Heir.Characters[i].Kind, Special: m.s.Heir.Characters[i].Special}
	}
	m.s.Heir.Orders = nil                      // orders arrive in the Market
	m.s.Board.Secrets = academy.SecretsTaken{} // two new Secrets
	clear(m.s.Player.Assigned)                 // made at Start
	m.s.Player.MagTheater, m.s.Player.SAUsed, m.s.Player.PerformDay = false, 0, ""
}

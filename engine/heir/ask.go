package heir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tableside/engine"
)

// InGameTurn reports whether a prompt id (as the engine gives it, "12:t3.place.heir")
// belongs to one of the seven game turns, not to setup or the final scoring.
func InGameTurn(id string) bool {
	if i := strings.IndexByte(id, ':'); i >= 0 {
		id = id[i+1:]
	}
	return len(id) > 2 && id[0] == 't' && id[1] >= '1' && id[1] <= '9'
}

// ack puts an instruction to the table and waits for it to be done.
func (m *match) ack(slug, key string, p engine.Params, r *engine.RuleRef, data map[string]any) {
	m.t.Ask(engine.Prompt{ID: m.pid(slug), Kind: engine.Ack, Key: key, Params: p, Rule: r, Data: data})
}

// Every question the Heir asks offers "none / not possible" (Prompt.None):
// the table may not allow any answer, or the player may not know. Each
// caller says what none means where it asks.

// question puts a question of kind k to the table, "none" allowed.
func (m *match) question(k engine.Kind, p engine.Prompt) engine.Answer {
	p.Kind, p.ID, p.None = k, m.pid(p.ID), true
	return m.t.Ask(p)
}

// choose asks a Choice prompt and returns the chosen option ids (nil for none).
func (m *match) choose(p engine.Prompt) []string {
	if a := m.question(engine.Choice, p); !a.None {
		return a.Choices
	}
	return nil
}

// number asks a Number prompt; ok is false for a "none" answer.
func (m *match) number(p engine.Prompt) (n int, ok bool) {
	if a := m.question(engine.Number, p); !a.None && a.Number != nil {
		return *a.Number, true
	}
	return 0, false
}

// dice asks a Dice prompt and returns the faces (nil for none).
func (m *match) dice(p engine.Prompt) []string {
	if a := m.question(engine.Dice, p); !a.None {
		return a.Faces
	}
	return nil
}

// emit records an event.
func (m *match) emit(typ, key string, p engine.Params, r *engine.RuleRef) {
	m.t.Emit(engine.Event{Type: typ, Key: key, Params: p, Rule: r})
}

// gainFame changes the Heir's Fame, re-evaluates its stance and says so.
func (m *match) gainFame(n int, why string) {
	if n == 0 {
		return
	}
	m.s.Heir.Fame += n
	m.t.Emit(engine.Event{Type: "heir.fame", Key: "heir.ev.fame", Data: deltaData(n, why),
		Params: engine.Params{"delta": signed(n), "fame": itoa(m.s.Heir.Fame), "why": why}})
	m.restance()
}

// gainCoins changes the Heir's Coins (never below 0) and says so.
func (m *match) gainCoins(n int, why string) {
	if n == 0 {
		return
	}
	m.s.Heir.Coins = max(0, m.s.Heir.Coins+n)
	m.t.Emit(engine.Event{Type: "heir.coins", Key: "heir.ev.coins", Data: deltaData(n, why),
		Params: engine.Params{"delta": signed(n), "coins": itoa(m.s.Heir.Coins), "why": why}})
}

// gainShards changes the Heir's Shards and says so.
func (m *match) gainShards(n int, why string) {
	if n == 0 {
		return
	}
	m.s.Heir.Shards = max(0, m.s.Heir.Shards+n)
	m.t.Emit(engine.Event{Type: "heir.shards", Key: "heir.ev.shards", Data: deltaData(n, why),
		Params: engine.Params{"delta": signed(n), "shards": itoa(m.s.Heir.Shards), "why": why}})
}

type deltaKey struct {
	n   int
	why string
}

var deltas memo[deltaKey, map[string]any]

// deltaData is the data of a Fame, Coins or Shards event, one shared map
// for each change and reason.
func deltaData(n int, why string) map[string]any {
	return deltas.get(deltaKey{n, why}, func(k deltaKey) map[string]any { return map[string]any{"delta": k.n, "why": k.why} })
}

func signed(n int) string {
	if n >= -99 && n <= 99 {
		return signedSmall[n+99]
	}
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

// signedSmall are the signed numbers -99..+99, written once.
var signedSmall = func() (out [199]string) {
	for i := range out {
		if n := i - 99; n >= 0 {
			out[i] = "+" + itoa(n)
		} else {
			out[i] = itoa(n)
		}
	}
	return out
}()

// kindWord is a Character kind as a catalog word, "@heir.kind.apprentice".
func kindWord(kind string) string {
	switch kind {
	case Magician:
		return "@heir.kind." + Magician
	case Protege:
		return "@heir.kind." + Protege
	case Specialist:
		return "@heir.kind." + Specialist
	case Apprentice:
		return "@heir.kind." + Apprentice
	}
	return "@heir.kind." + kind
}

func joinList(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, ", ")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

var romans = []string{"0", "I", "II", "III", "IV", "V", "VI", "VII"}

func roman(n int) string {
	if n >= 0 && n < len(romans) {
		return romans[n]
	}
	return fmt.Sprint(n)
}

func (m *match) characterList() string {
	parts := make([]string, len(m.s.Heir.Characters))
	for i, c := range m.s.Heir.Characters {
		parts[i] = kindWord(c.Kind)
	}
	return strings.Join(parts, ", ")
}

// whereWords renders a spot id ("downtown.2", "theater.sunday.perform") as
// catalog words for a message parameter.
func whereWords(where string) string { return places.get(where, spotWords) }

var places memo[string, string]

func spotWords(where string) string {
	first, rest, more := strings.Cut(where, ".")
	var b strings.Builder
	b.Grow(48)
	b.WriteString("@heir.loc.")
	b.WriteString(first)
	for more {
		var p string
		p, rest, more = strings.Cut(rest, ".")
		switch {
		case p == "perform" || p == "backstage":
			b.WriteString(" @heir.word.")
		case slices.Contains(Weekdays, p):
			b.WriteString(" @heir.day.")
		default:
			b.WriteString(" @heir.word.slot ")
		}
		b.WriteString(p)
	}
	return b.String()
}

// trickName is a Trick's printed name, or its id when unknown.
func trickName(id string) string {
	if t, ok := trickByID(id); ok {
		return t.Name
	}
	return id
}

// itoa is strconv.Itoa; the numbers a game shows (Fame up to 999) are
// written once.
func itoa(n int) string {
	if n >= 0 && n < len(numbers) {
		return numbers[n]
	}
	return strconv.Itoa(n)
}

var numbers = func() (out [1000]string) {
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}()

// atoi reads a number of an option id the prompt has checked.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// Package heirtest holds what tests and simulations of the Heir need beside
// the engine: a sample card library with every card filled in.
//
// The Heir's 17 Plan cards and the 12 Solo Performance cards are in no
// public source; a player enters their own once. The sample cards here are
// invented, shaped like the real ones (Locations drawn from the Heir's
// standard Assignment cards, Special Assignment marks, slot grids of the
// multiplayer Performance cards with grey printed markers), so that a
// simulation asks the questions a player with a full library is asked.
// They are never offered to a player as the real cards.
package heirtest

import (
	"encoding/json"
	"fmt"
	"strings"

	"tableside/engine/heir"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// plan card rows: kind, then Locations; a trailing * marks a Special Assignment.
var academyPlans = []string{
	"perform theater downtown academy market-row theater* workshop",
	"perform downtown theater dark-alley academy* theater market-row",
	"perform theater academy downtown* theater dark-alley workshop",
	"perform downtown theater market-row theater academy workshop*",
	"set-up downtown academy market-row dark-alley theater workshop",
	"set-up academy downtown dark-alley market-row* theater workshop",
	"set-up downtown market-row academy theater* dark-alley workshop",
	"set-up dark-alley downtown academy market-row workshop theater",
	"set-up downtown* academy theater market-row dark-alley workshop",
}

var basePlans = []string{
	"perform theater downtown market-row theater* dark-alley",
	"perform downtown theater dark-alley theater market-row*",
	"perform theater downtown* theater workshop dark-alley",
	"perform downtown theater market-row theater workshop*",
	"set-up downtown market-row dark-alley theater workshop",
	"set-up dark-alley downtown market-row* theater workshop",
	"set-up downtown market-row theater* dark-alley workshop",
	"set-up market-row downtown dark-alley workshop theater",
}

// PlanCards is a sample of both sets of Plan cards: 9 for use with the
// Academy (4 Perform + 5 Set Up) and 8 without (4 + 4).
func PlanCards() []heir.PlanCard {
	var out []heir.PlanCard
	for i, row := range academyPlans {
		out = append(out, planCard(fmt.Sprintf("sample-A%d", i+1), true, row))
	}
	for i, row := range basePlans {
		out = append(out, planCard(fmt.Sprintf("sample-B%d", i+1), false, row))
	}
	return out
}

func planCard(id string, academy bool, row string) heir.PlanCard {
	f := strings.Fields(row)
	c := heir.PlanCard{ID: id, Academy: academy, Kind: f[0]}
	for _, loc := range f[1:] {
		special := strings.HasSuffix(loc, "*")
		c.Steps = append(c.Steps, heir.PlanStep{Location: strings.TrimSuffix(loc, "*"), Special: special})
	}
	return c
}

// SoloCards is a sample of 12 Solo Performance cards: the slot grids of
// four multiplayer cards of each theater, every other one with a grey marker
// printed on its first slot.
func SoloCards() []theater.CardSpec {
	taken := map[string]int{}
	var out []theater.CardSpec
	for _, s := range theater.MultiplayerSpecs() {
		if taken[s.Theater] == 4 {
			continue
		}
		taken[s.Theater]++
		i := len(out)
		s.ID, s.Name = fmt.Sprintf("sample-S%02d", i+1), fmt.Sprintf("Sample solo card %d", i+1)
		if i%2 == 1 {
			s.Neutral = []theater.NeutralMarker{{Slot: s.Slots[0], Category: trickerion.Categories[i%4], Facing: theater.Directions[0]}}
		}
		out = append(out, s)
	}
	return out
}

// Library is the sample library, as the setup JSON carries it.
func Library() heir.Library {
	return heir.Library{PlanCards: PlanCards(), SoloPerformanceCards: SoloCards()}
}

// LibraryJSON is Library encoded for a setup.
func LibraryJSON() json.RawMessage {
	b, _ := json.Marshal(Library())
	return b
}

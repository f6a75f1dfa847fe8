package heir

import (
	"fmt"
	"sync"

	"tableside/engine"
	"tableside/engine/heir/academy"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// The options the player's questions offer are built once and shared by
// every prompt of every game, like the card data they come from: a prompt's
// Options and their Params are read-only. Each builder below is the one
// place an option is written; the tables only remember what it returned.

// optionsOnStack is the room of the stack buffers option lists are
// gathered in before sized copies them out.
const optionsOnStack = 48

// sized copies an option list gathered on the stack to one allocation of
// its size (nil for none).
func sized(opts []engine.Option) []engine.Option {
	if len(opts) == 0 {
		return nil
	}
	return append(make([]engine.Option, 0, len(opts)), opts...)
}

// multiplayerSpecs are the multiplayer Performance cards, read once.
var multiplayerSpecs = sync.OnceValue(theater.MultiplayerSpecs)

// slotOption is the option of slot n (0 = leftmost) of a slot Location.
func slotOption(l string, n int) engine.Option {
	return engine.Option{ID: fmt.Sprintf("%s.%d", l, n+1), Key: "heir.opt.slot", Params: engine.Params{"location": l, "n": itoa(n + 1)}}
}

// dayOption is the backstage option of a weekday, or its Performance spot.
func dayOption(d string, perform bool) engine.Option {
	if perform {
		return engine.Option{ID: "theater." + d + ".perform", Key: "heir.opt.perform", Params: engine.Params{"day": d}}
	}
	return engine.Option{ID: "theater." + d, Key: "heir.opt.backstage", Params: engine.Params{"day": d}}
}

// setupOption is a player's marker of category cat on slot sl of card i
// (0 = leftmost): "2.A3.escape".
func setupOption(i int, sl trickerion.Slot, cat trickerion.Category) engine.Option {
	card, slot := itoa(i+1), slotName(sl)
	return engine.Option{ID: card + "." + slot + "." + string(cat), Key: "heir.opt.setup",
		Params: engine.Params{"card": card, "slot": slot, "category": string(cat)}}
}

// renovateOption is renovating Academy space i at Fame Threshold tier.
func renovateOption(i, tier int) engine.Option {
	sp := academy.SpaceAt(i)
	return engine.Option{ID: fmt.Sprintf("renovate.%d.%d", i, tier), Key: "heir.opt.renovate",
		Params: engine.Params{"space": sp.ID, "threshold": itoa(academy.Thresholds[tier]), "coins": itoa(sp.Coins[tier]), "fame": itoa(sp.Fame[tier])}}
}

// academySlotOption is a marker on slot k of the tile of Academy space i.
func academySlotOption(i, k int) engine.Option {
	return engine.Option{ID: fmt.Sprintf("marker.%d.%d", i, k), Key: "heir.opt.academyslot",
		Params: engine.Params{"space": academy.SpaceAt(i).ID, "slot": itoa(k + 1)}}
}

// marketOption is a Shopping List component in the Market, or in the
// player's Order Area.
func marketOption(c string, ordered bool) engine.Option {
	if ordered {
		return engine.Option{ID: "ordered." + c, Key: "heir.opt.ordered", Params: engine.Params{"component": c}}
	}
	return engine.Option{ID: "market." + c, Key: "heir.opt.inmarket", Params: engine.Params{"component": c}}
}

// Table sizes: the display holds at most 4 cards (3 and one leaving), a
// card 2x3 slots, a tile 4 slots.
const (
	maxCards     = 4
	maxTileSlots = 4
)

type optionTables struct {
	slots    map[string][4]engine.Option
	days     map[string][2]engine.Option // backstage, perform
	setup    [maxCards][2][3][4]engine.Option
	renovate [academy.NumSpaces][3]engine.Option
	marker   [academy.NumSpaces][maxTileSlots]engine.Option
	market   map[string][2]engine.Option // in the Market, ordered
	cards    map[string]engine.Option    // multiplayer Performance cards by id
	tricks   map[string]engine.Option    // Tricks by id
	locs     map[string]engine.Option    // Locations by id
	dice     map[string]engine.Die       // Turn Setup dice by Location
}

var options = sync.OnceValue(func() *optionTables {
	o := &optionTables{slots: map[string][4]engine.Option{}, days: map[string][2]engine.Option{},
		market: map[string][2]engine.Option{}, cards: map[string]engine.Option{}, tricks: map[string]engine.Option{},
		locs: map[string]engine.Option{}, dice: map[string]engine.Die{}}
	for _, l := range withAcademyLocations {
		o.locs[l], o.dice[l] = locationOption(l), setupDie(l)
	}
	for _, l := range SlotLocations {
		var row [4]engine.Option
		for n := range row {
			row[n] = slotOption(l, n)
		}
		o.slots[l] = row
	}
	for _, d := range Weekdays {
		o.days[d] = [2]engine.Option{dayOption(d, false), dayOption(d, true)}
	}
	for i := range o.setup {
		for x := range 2 {
			for y := range 3 {
				for c, cat := range trickerion.Categories {
					o.setup[i][x][y][c] = setupOption(i, trickerion.Slot{X: x, Y: y}, cat)
				}
			}
		}
	}
	for i := range academy.NumSpaces {
		for tier := range o.renovate[i] {
			o.renovate[i][tier] = renovateOption(i, tier)
		}
		for k := range o.marker[i] {
			o.marker[i][k] = academySlotOption(i, k)
		}
	}
	all, _ := tricks()
	for _, t := range all {
		o.tricks[t.ID] = trickOption(t)
		for c := range t.Components {
			o.market[c] = [2]engine.Option{marketOption(c, false), marketOption(c, true)}
		}
	}
	for _, c := range multiplayerSpecs() {
		o.cards[c.ID] = cardOption(c)
	}
	return o
})

func (o *optionTables) slot(l string, n int) engine.Option {
	if row, ok := o.slots[l]; ok && n >= 0 && n < len(row) {
		return row[n]
	}
	return slotOption(l, n)
}

func (o *optionTables) day(d string, perform bool) engine.Option {
	return pick(o.days, d, perform, dayOption)
}

// pick is the table's option for k, the second of its pair when second;
// build makes one the table lacks.
func pick(table map[string][2]engine.Option, k string, second bool, build func(string, bool) engine.Option) engine.Option {
	if row, ok := table[k]; ok {
		return row[b2i(second)]
	}
	return build(k, second)
}

func (o *optionTables) setupAt(i int, sl trickerion.Slot, c int) engine.Option {
	if i < maxCards && sl.X >= 0 && sl.X < 2 && sl.Y >= 0 && sl.Y < 3 {
		return o.setup[i][sl.X][sl.Y][c]
	}
	return setupOption(i, sl, trickerion.Categories[c])
}

func (o *optionTables) academySlot(i, k int) engine.Option {
	if k < maxTileSlots {
		return o.marker[i][k]
	}
	return academySlotOption(i, k)
}

func (o *optionTables) marketAt(c string, ordered bool) engine.Option {
	return pick(o.market, c, ordered, marketOption)
}

// card is the option of a Performance card: the multiplayer ones from the
// table, the library's built anew.
func (o *optionTables) card(c theater.CardSpec, library bool) engine.Option {
	if opt, ok := o.cards[c.ID]; ok && !library {
		return opt
	}
	return cardOption(c)
}

// location is the option of a Location.
func (o *optionTables) location(l string) engine.Option {
	if opt, ok := o.locs[l]; ok {
		return opt
	}
	return locationOption(l)
}

func locationOption(l string) engine.Option { return engine.Option{ID: l, Key: "heir.loc." + l} }

// setupDie is the Turn Setup die of a Location as a prompt lists it.
func (o *optionTables) setupDie(l string) engine.Die {
	if d, ok := o.dice[l]; ok {
		return d
	}
	return setupDie(l)
}

func setupDie(l string) engine.Die { return engine.Die{Kind: "setup-" + l, Faces: SetupFaces} }

// trick is the option of a Trick.
func (o *optionTables) trick(t *trickerion.Trick) engine.Option {
	if opt, ok := o.tricks[t.ID]; ok {
		return opt
	}
	return trickOption(*t)
}

func trickOption(t trickerion.Trick) engine.Option {
	return engine.Option{ID: t.ID, Key: "heir.opt.trick", Params: engine.Params{"trick": t.Name}}
}

func cardOption(c theater.CardSpec) engine.Option {
	return engine.Option{ID: c.ID, Key: "heir.opt.card", Params: cardParams(c)}
}

// assignOptions are the options of the player's assignments (see
// askPlayerAssignments), with and without the Academy.
var assignOptions = sync.OnceValue(func() map[bool][]engine.Option {
	out := map[bool][]engine.Option{}
	for _, withAcademy := range []bool{true, false} {
		var opts []engine.Option
		for _, l := range locationsInPlay(withAcademy) {
			if l == Theater {
				opts = append(opts, engine.Option{ID: "theater.magician", Key: "heir.opt.assign.magician"})
			}
			for n := 1; n <= assignCap(l); n++ {
				opts = append(opts, engine.Option{ID: fmt.Sprintf("%s.%d", l, n), Key: "heir.opt.assign",
					Params: engine.Params{"location": l, "n": itoa(n)}})
			}
		}
		out[withAcademy] = opts
	}
	return out
})

// tileOptions are the options of a Practice Room tile: one ability per slot.
var tileOptions = sync.OnceValue(func() []engine.Option {
	var opts []engine.Option
	for pos := 1; pos <= 4; pos++ {
		for _, a := range tileAbilities {
			opts = append(opts, engine.Option{ID: fmt.Sprintf("%d.%s", pos, a), Key: "heir.opt.tileslot",
				Params: engine.Params{"slot": itoa(pos), "ability": a}})
		}
	}
	return opts
})

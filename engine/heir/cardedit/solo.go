package cardedit

import (
	"slices"

	"tableside/engine"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// theaters are the Solo Performance cards' theaters (GAME SETUP step 3).
var theaters = []struct{ id, prefix string }{
	{trickerion.RiversideTheater, "solo-R"},
	{trickerion.GrandMagorian, "solo-G"},
	{trickerion.MagnusPantheon, "solo-M"},
}

// gridSlots are a Performance card's slot positions in reading order:
// 2 columns × 3 rows.
var gridSlots = func() []trickerion.Slot {
	var out []trickerion.Slot
	for y := 0; y < 3; y++ {
		for x := 0; x < 2; x++ {
			out = append(out, trickerion.Slot{X: x, Y: y})
		}
	}
	return out
}()

// maxBonus bounds each resource of a card's bonus (the printed bonuses are
// a few Fame, Coins or Shards).
const maxBonus = 9

// enterSolo asks for one Solo Performance card; none at a question that
// needs an answer drops the card.
func (e *editor) enterSolo() {
	c, prefix, ok := e.askSolo()
	c.ID = newID(e.lib, prefix)
	if ok {
		ok = c.Validate() == nil
	}
	dup := slices.IndexFunc(e.lib.SoloPerformanceCards, func(o theater.CardSpec) bool { return sameSolo(o, c) })
	if e.refused(ok, dup, func(i int) string { return e.lib.SoloPerformanceCards[i].ID }) {
		return
	}
	e.lib.SoloPerformanceCards = append(e.lib.SoloPerformanceCards, c)
	e.changed("card.added", "cards.ev.added.solo", engine.Params{"id": c.ID, "slots": itoa(len(c.Slots)),
		"links": itoa(len(c.Links)), "grey": itoa(len(c.Neutral))})
}

func (e *editor) askSolo() (c theater.CardSpec, prefix string, ok bool) {
	if c.Theater, prefix, ok = e.askTheater(); !ok {
		return c, "", false
	}
	if c.Slots, ok = e.askSlots(); !ok {
		return c, "", false
	}
	c.Links = e.askLinks(c.Slots)
	if c.Neutral, ok = e.askGrey(c.Slots); !ok {
		return c, "", false
	}
	c.Bonus = e.askBonus()
	return c, prefix, true
}

func (e *editor) askTheater() (id, prefix string, ok bool) {
	var opts []engine.Option
	for _, t := range theaters {
		opts = append(opts, opt(t.id, "cards.theater."+t.id, nil))
	}
	got := e.choose(engine.Prompt{ID: "solo.theater", Key: "cards.ask.solo.theater", Options: opts, Min: 1, Max: 1, None: true,
		Rule: &engine.RuleRef{Book: "heir", Section: "GAME SETUP", Step: "3"}})
	if len(got) == 0 {
		return "", "", false
	}
	for _, t := range theaters {
		if t.id == got[0] {
			return t.id, t.prefix, true
		}
	}
	return "", "", false
}

// askSlots asks which of the 6 grid positions hold a Trick slot (printed
// grey markers sit on slots too).
func (e *editor) askSlots() ([]trickerion.Slot, bool) {
	var opts []engine.Option
	for _, s := range gridSlots {
		opts = append(opts, opt(slotID(s), "cards.opt.slot", engine.Params{"slot": slotWord(s)}))
	}
	got := e.choose(engine.Prompt{ID: "solo.slots", Key: "cards.ask.solo.slots", Options: opts, Min: 1, Max: len(opts), None: true})
	return slotsOf(got), len(got) > 0
}

// askLinks asks which neighbouring slots have a link circle between them,
// then which of those circles show a Shard.
func (e *editor) askLinks(slots []trickerion.Slot) []trickerion.Link {
	var pairs []trickerion.Link
	var opts []engine.Option
	for i, a := range slots {
		for _, b := range slots[i+1:] {
			if theater.Adjacent(a, b) {
				pairs = append(pairs, trickerion.Link{A: a, B: b})
				opts = append(opts, opt(itoa(len(pairs)), "cards.opt.link", engine.Params{"a": slotWord(a), "b": slotWord(b)}))
			}
		}
	}
	if len(opts) == 0 {
		return nil
	}
	got := e.choose(engine.Prompt{ID: "solo.links", Key: "cards.ask.solo.links", Options: opts, Min: 1, Max: len(opts), None: true})
	var links []trickerion.Link
	var shardOpts []engine.Option
	for i, p := range pairs {
		if slices.Contains(got, itoa(i+1)) {
			links = append(links, p)
			shardOpts = append(shardOpts, opts[i])
		}
	}
	if len(links) == 0 {
		return nil
	}
	shards := e.choose(engine.Prompt{ID: "solo.shards", Key: "cards.ask.solo.shards", Options: shardOpts, Min: 1, Max: len(shardOpts), None: true})
	for i := range links {
		links[i].Shard = slices.Contains(shards, shardOpts[i].ID)
	}
	return links
}

// askGrey asks which slots carry a printed grey marker, then the symbol at
// each one's top corner (the other corners follow clockwise); none at a
// symbol drops the card (a marker without its symbols cannot be played).
func (e *editor) askGrey(slots []trickerion.Slot) ([]theater.NeutralMarker, bool) {
	var opts []engine.Option
	for _, s := range slots {
		opts = append(opts, opt(slotID(s), "cards.opt.slot", engine.Params{"slot": slotWord(s)}))
	}
	got := e.choose(engine.Prompt{ID: "solo.grey", Key: "cards.ask.solo.grey", Options: opts, Min: 1, Max: len(opts), None: true,
		Rule: &engine.RuleRef{Book: "heir", Section: "THEATER"}})
	var out []theater.NeutralMarker
	for _, s := range slotsOf(got) {
		var cats []engine.Option
		for _, c := range trickerion.Categories {
			cats = append(cats, opt(string(c), "cards.cat."+string(c), nil))
		}
		sym := e.choose(engine.Prompt{ID: "solo.grey.symbol", Key: "cards.ask.solo.symbol", Options: cats, Min: 1, Max: 1,
			None: true, Params: engine.Params{"slot": slotWord(s)}})
		if len(sym) == 0 {
			return nil, false
		}
		out = append(out, theater.NeutralMarker{Slot: s, Category: trickerion.Category(sym[0]), Facing: theater.Up})
	}
	return out, true
}

// askBonus asks the bonus printed for the performer: Fame, Coins, Shards
// (none: 0).
func (e *editor) askBonus() trickerion.Yield {
	var y trickerion.Yield
	for _, f := range []struct {
		id string
		to *int
	}{{"fame", &y.Fame}, {"coins", &y.Coins}, {"shards", &y.Shards}} {
		n, _ := e.number(engine.Prompt{ID: "solo.bonus." + f.id, Key: "cards.ask.solo.bonus." + f.id, Min: 0, Max: maxBonus, None: true})
		*f.to = n
	}
	return y
}

func slotID(s trickerion.Slot) string { return itoa(s.X) + "," + itoa(s.Y) }

func slotsOf(ids []string) []trickerion.Slot {
	var out []trickerion.Slot
	for _, s := range gridSlots {
		if slices.Contains(ids, slotID(s)) {
			out = append(out, s)
		}
	}
	return out
}

// slotWord names a grid position as "@key" words: "top left"...
func slotWord(s trickerion.Slot) string {
	rows := []string{"top", "middle", "bottom"}
	cols := []string{"left", "right"}
	return "@cards.row." + rows[s.Y] + " @cards.col." + cols[s.X]
}

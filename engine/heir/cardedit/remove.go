package cardedit

import (
	"slices"

	"tableside/engine"
	"tableside/engine/heir"
	"tableside/engine/heir/theater"
)

// remove asks which card to take out of the library; none keeps them all.
func (e *editor) remove() {
	var opts []engine.Option
	for _, c := range e.lib.PlanCards {
		opts = append(opts, opt(c.ID, "cards.opt.plancard", engine.Params{"id": c.ID,
			"kind": "@cards.opt.kind." + c.Kind, "locations": stepWords(c.Steps)}))
	}
	for _, c := range e.lib.SoloPerformanceCards {
		opts = append(opts, opt(c.ID, "cards.opt.solocard", engine.Params{"id": c.ID,
			"theater": "@cards.theater." + c.Theater, "slots": itoa(len(c.Slots)), "links": itoa(len(c.Links)),
			"fame": itoa(c.Bonus.Fame), "coins": itoa(c.Bonus.Coins), "shards": itoa(c.Bonus.Shards)}))
	}
	got := e.choose(engine.Prompt{ID: "remove", Key: "cards.ask.remove", Options: opts, Min: 1, Max: 1, None: true})
	if len(got) == 0 {
		return
	}
	id := got[0]
	e.lib.PlanCards = slices.DeleteFunc(e.lib.PlanCards, func(c heir.PlanCard) bool { return c.ID == id })
	e.lib.SoloPerformanceCards = slices.DeleteFunc(e.lib.SoloPerformanceCards, func(c theater.CardSpec) bool { return c.ID == id })
	e.changed("card.removed", "cards.ev.removed", engine.Params{"id": id})
}

package theater

import (
	"slices"

	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// MarkersToPlace returns how many Trick markers the Heir sets up with a
// non-Magician Character of ap Action Points in the Theater (the Heir
// ignores the Theater's AP modifiers; AP above 3 reads as 3, below 1 places
// nothing). heir-solo-rules: THEATER table: Easy 1/2/2, Normal 1/2/3, Hard
// 2/3/4 for 1/2/3 AP.
func MarkersToPlace(level difficulty.Level, ap int) int {
	return difficulty.ByAP(level.Tables().TheaterMarkers, ap)
}

// Practice is what a Practice Room does to one of the Heir's Tricks in the
// Theater (academy-rules: PRACTICE; the tiles' texts are not in the rule
// texts, so each effect the Theater rules name is a flag the FLOW sets from
// the tile the player reports).
type Practice struct {
	// Twice: the Trick may be present twice on one Performance card
	// (heir-solo-rules: THEATER, Additional notes, EXCEPTION).
	Twice bool `json:"twice,omitempty"`
	// Stays: after a Performance the Trick's marker stays on the card
	// (heir-solo-rules: PERFORMANCE PHASE, EXCEPTION).
	Stays bool `json:"stays,omitempty"`
	// FreeOrientation: the Trick's category corner need not be in a link
	// circle (the Free Orientation ability, dawn-of-technology-rules).
	FreeOrientation bool `json:"free_orientation,omitempty"`
	// YieldIncrease is added to the Trick's Yield when it pays
	// (heir-solo-rules: PERFORMANCE PHASE, 'Yield Increase').
	YieldIncrease trickerion.Yield `json:"yield_increase"`
}

// HeirTrick is one of the Heir's Tricks as the Theater sees it: Markers is
// the number of Trick markers still on the Trick card (not on Performance
// cards). The Heir's Tricks are given left to right.
type HeirTrick struct {
	ID       string              `json:"id"`
	Category trickerion.Category `json:"category"`
	Level    int                 `json:"level"`
	Markers  int                 `json:"markers"`
	Yield    trickerion.Yield    `json:"yield"`
	Practice Practice            `json:"practice"`
}

// TrickFrom returns the HeirTrick of a Trick card with markers on it.
func TrickFrom(t trickerion.Trick, markers int) HeirTrick {
	return HeirTrick{ID: t.ID, Category: t.Category, Level: t.Level, Markers: markers, Yield: t.Yield}
}

// perCard is how many of the Trick's markers may be on one card
// (heir-solo-rules: THEATER, 1 of each Trick per card; 2 with Practice).
func (t HeirTrick) perCard() int {
	if t.Practice.Twice {
		return 2
	}
	return 1
}

// PlaceInput is everything the Heir's THEATER action depends on.
type PlaceInput struct {
	Count  int         // markers to place, see MarkersToPlace
	Tricks []HeirTrick // the Heir's Tricks, left to right
	Cards  []Card      // the Performance cards on display, left to right
	// LastTurn lifts the rule against cards that leave this turn.
	LastTurn bool
	// FreeFirst: the Heir is Master of Chains and has placed no Trick yet
	// this turn, so the first marker placed may be oriented freely
	// (heir-solo-rules: HEIR'S MAGICIAN ABILITIES, Master of Chains).
	FreeFirst bool
	// Lumenia: +1 Fame for each Link created (Lumenia the Radiant).
	Lumenia bool
}

// LinkMade is one Link a placement created, with what it paid.
type LinkMade struct {
	With     Marker              `json:"with"` // the marker on the other side of the circle
	Category trickerion.Category `json:"category"`
	Shard    bool                `json:"shard"`
	Fame     int                 `json:"fame"`   // to the Heir
	Shards   int                 `json:"shards"` // to the Heir
	// PlayerShard: the Link has a Shard icon and the other marker is the
	// player's, so the player gains 1 Shard too.
	PlayerShard bool `json:"player_shard,omitempty"`
}

// Placement is one Trick marker the Heir set up, in order.
type Placement struct {
	Card         int              `json:"card"` // index in PlaceInput.Cards
	CardID       string           `json:"card_id"`
	Trick        int              `json:"trick"` // index in PlaceInput.Tricks
	TrickID      string           `json:"trick_id"`
	Slot         trickerion.Slot  `json:"slot"`
	Facing       Direction        `json:"facing"`
	FreeOriented bool             `json:"free_oriented,omitempty"`
	Links        []LinkMade       `json:"links,omitempty"`
	Gain         trickerion.Yield `json:"gain"`
	PlayerShards int              `json:"player_shards,omitempty"`
}

// PlaceResult is the outcome of the THEATER action: the placements in
// order, the display and Tricks afterwards, and the totals.
type PlaceResult struct {
	Placements   []Placement
	Cards        []Card
	Tricks       []HeirTrick
	Gain         trickerion.Yield // Fame and Shards from Links, to the Heir
	PlayerShards int              // Shards the player gains from Shard Links
}

// Place computes the Heir's THEATER action (heir-solo-rules: THEATER).
//
// Markers are collected from the Tricks left to right, each one going to
// the best legal card: cards with other Heir Tricks, then cards with the
// player's Tricks, then the leftmost; never a card with the same Trick
// (twice with Practice), never a card without a free slot the marker can be
// oriented on, and never a card that leaves this turn unless no other card
// can take it (or it is the last turn). A Trick that fits nowhere is
// skipped. Then, card by card, the markers a card received are set up in
// the order, slots and orientations that create the most Links, then the
// most Fame, then the most Shards, then topmost/leftmost; without any Link
// that is the first empty slot left to right, top to bottom.
//
// Link payment: each Link pays its creator Fame equal to the best Level
// (1, 2 or 3, for Fame thresholds 1, 16, 36) of the two Tricks in it
// (trickerion-rules-summary.fr: THÉÂTRE, Enchaînements, "Le bonus dépend
// du Tour de meilleur niveau placé dans le lien"; the amounts 1/2/3 are the
// Board Game Arena implementation's), a grey marker or a player's marker
// given with Level 0 counting as nothing; the Heir always takes Fame, never
// Coins (heir-solo-rules: THEATER); +1 Fame with Lumenia. A Shard icon in
// the circle pays 1 Shard to the Heir and 1 to the player if the other
// marker is theirs ("chaque joueur ayant un jeton dans le lien gagne 1
// Éclat, un seul par joueur").
func Place(in PlaceInput) PlaceResult {
	res := PlaceResult{
		Cards:  cloneCards(in.Cards, in.Count),
		Tricks: slices.Clone(in.Tricks),
	}
	if in.Count > 0 {
		res.Placements = make([]Placement, 0, in.Count)
	}
	free := in.FreeFirst
	for _, job := range assign(in) {
		p := bestPlan(res.Cards[job.card], job.tricks, in, free)
		for _, it := range p.items {
			apply(&res, job.card, it, in.Lumenia)
		}
		if len(p.items) > 0 {
			free = false
		}
	}
	for _, pl := range res.Placements {
		res.Gain = res.Gain.Add(pl.Gain)
		res.PlayerShards += pl.PlayerShards
	}
	if len(res.Placements) == 0 {
		res.Placements = nil
	}
	return res
}

// CanPlaceAny reports whether a non-Magician Character sent to the Theater
// would place at least one Trick marker; if not, the Heir sends a different
// Character instead (heir-solo-rules: THEATER, IMPORTANT). It is Place
// with one marker, without the search: a card the first marker can go to
// always has a slot it can be set up on.
func CanPlaceAny(tricks []HeirTrick, cards []Card, lastTurn, freeFirst bool) bool {
	return len(assign(PlaceInput{Count: 1, Tricks: tricks, Cards: cards, LastTurn: lastTurn, FreeFirst: freeFirst})) > 0
}

// cloneCards copies the cards, with room on each for more markers.
func cloneCards(cs []Card, more int) []Card {
	out := make([]Card, len(cs))
	for i, c := range cs {
		out[i] = c
		out[i].Markers = append(make([]Marker, 0, len(c.Markers)+more), c.Markers...)
	}
	return out
}

// job is the markers (Trick indices) assigned to one card.
type job struct {
	card   int
	tricks []int
}

// assigner chooses a card for each marker (heir-solo-rules: THEATER, card
// priorities and Additional notes).
type assigner struct {
	in   PlaceInput
	jobs []job
	at   map[int]int // card -> index in jobs
}

func assign(in PlaceInput) []job {
	a := &assigner{in: in, at: map[int]int{}}
	left := in.Count
	for ti, t := range in.Tricks {
		for n := 0; n < t.Markers && left > 0; n++ {
			ci := a.choose(ti)
			if ci < 0 {
				break // skip this Trick, go on with the next one
			}
			a.add(ci, ti)
			left--
		}
	}
	// The markers are then set up card by card, left to right (the
	// rulebook EXAMPLE numbers its placements this way).
	slices.SortFunc(a.jobs, func(x, y job) int { return x.card - y.card })
	return a.jobs
}

func (a *assigner) add(ci, ti int) {
	j, ok := a.at[ci]
	if !ok {
		j = len(a.jobs)
		a.at[ci] = j
		a.jobs = append(a.jobs, job{card: ci})
	}
	a.jobs[j].tricks = append(a.jobs[j].tricks, ti)
}

func (a *assigner) assigned(ci int) []int {
	if j, ok := a.at[ci]; ok {
		return a.jobs[j].tricks
	}
	return nil
}

// choose returns the card for the next marker of Trick ti, or -1.
func (a *assigner) choose(ti int) int {
	best, bestTier := -1, 99
	for _, allowLeaving := range []bool{a.in.LastTurn, true} {
		for ci, c := range a.in.Cards {
			if (c.Leaving && !allowLeaving) || !a.legal(ti, ci) {
				continue
			}
			if tier := a.tier(ti, ci); tier < bestTier {
				best, bestTier = ci, tier
			}
		}
		if best >= 0 {
			return best
		}
	}
	return -1
}

// tier ranks a card for Trick ti: 0 other Heir Tricks on it, 1 the player's
// Tricks, 2 any other.
func (a *assigner) tier(ti, ci int) int {
	c, id := a.in.Cards[ci], a.in.Tricks[ti].ID
	for _, m := range c.Markers {
		if m.Owner == Heir && m.TrickID != id {
			return 0
		}
	}
	for _, o := range a.assigned(ci) {
		if a.in.Tricks[o].ID != id {
			return 0
		}
	}
	if c.Count(Player, "") > 0 {
		return 1
	}
	return 2
}

// legal reports whether card ci can take one more marker of Trick ti after
// the markers already assigned to it.
func (a *assigner) legal(ti, ci int) bool {
	c, t := a.in.Cards[ci], a.in.Tricks[ti]
	same, total := c.Count(Heir, t.ID), 0
	for _, o := range a.assigned(ci) {
		total++
		if a.in.Tricks[o].ID == t.ID {
			same++
		}
	}
	if same >= t.perCard() {
		return false
	}
	free := t.Practice.FreeOrientation || a.in.FreeFirst
	usable := 0
	for sl := range c.EachFreeSlot {
		if free || c.Spec.HasLink(sl) {
			usable++
		}
	}
	return usable > total
}

// item is one step of a plan on a card.
type item struct {
	trick  int
	slot   trickerion.Slot
	facing Direction
	free   bool
	links  []LinkMade
	gain   trickerion.Yield
	pShard int
}

// plan is a sequence of placements on one card and its score.
type plan struct {
	items               []item
	links, fame, shards int
}

// better reports whether p beats q: more markers placed, more Links, more
// Fame, more Shards, then topmost/leftmost slots in placement order, then
// orientations in clockwise order from Up.
func better(p, q plan) bool {
	switch {
	case len(p.items) != len(q.items):
		return len(p.items) > len(q.items)
	case p.links != q.links:
		return p.links > q.links
	case p.fame != q.fame:
		return p.fame > q.fame
	case p.shards != q.shards:
		return p.shards > q.shards
	}
	for i := range p.items {
		a, b := p.items[i], q.items[i]
		if ka, kb := a.slot.Y*2+a.slot.X, b.slot.Y*2+b.slot.X; ka != kb {
			return ka < kb
		}
		if a.facing != b.facing {
			return a.facing.index() < b.facing.index()
		}
	}
	return false
}

// score returns the Links marker m creates on card c and what they pay.
func score(c Card, m Marker, lumenia bool) item {
	it := item{slot: m.Slot, facing: m.Facing}
	for _, d := range Directions {
		l, ok := c.Spec.LinkAt(m.Slot, d)
		if !ok {
			continue
		}
		o, ok := c.MarkerAt(step(m.Slot, d))
		if !ok || m.CornerAt(d) != o.CornerAt(d.Opposite()) {
			continue
		}
		lm := LinkMade{With: o, Category: m.CornerAt(d), Shard: l.Shard, Fame: max(m.Level, o.Level)}
		if lumenia {
			lm.Fame++
		}
		if l.Shard {
			lm.Shards = 1
			lm.PlayerShard = o.Owner == Player
		}
		it.links = append(it.links, lm)
		it.gain.Fame += lm.Fame
		it.gain.Shards += lm.Shards
		if lm.PlayerShard {
			it.pShard++
		}
	}
	return it
}

// apply records one placement in the result.
func apply(res *PlaceResult, ci int, it item, lumenia bool) {
	t := &res.Tricks[it.trick]
	m := Marker{Owner: Heir, TrickID: t.ID, Category: t.Category, Level: t.Level, Slot: it.slot, Facing: it.facing}
	c := &res.Cards[ci]
	sc := score(*c, m, lumenia)
	c.Markers = append(c.Markers, m)
	t.Markers--
	pl := Placement{
		Card: ci, CardID: c.Spec.ID, Trick: it.trick, TrickID: t.ID,
		Slot: it.slot, Facing: it.facing, FreeOriented: it.free,
		Links: sc.links, Gain: sc.gain, PlayerShards: sc.pShard,
	}
	res.Placements = append(res.Placements, pl)
}

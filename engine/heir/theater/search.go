package theater

import (
	"cmp"
	"slices"

	"tableside/engine/trickerion"
)

// The search for the best set-up of the markers a card receives works on a
// compact copy of the card: slot index y*2+x (reading order), directions
// 0..3 clockwise from Up, categories as their index in cornerOrder.

// cell is a slot of the compact card: a marker's category, facing and
// Level, and for the Heir's markers which of its Tricks (-1 for a Trick it
// no longer has). It holds no pointers, so the search writes no barriers.
type cell struct {
	on, heir    bool
	trick       int
	cat, facing int
	level       int
}

type board struct {
	exists [6]bool
	link   [6][4]int8 // -1 no circle, 0 plain, 1 Shard icon
	cells  [6]cell
}

func slotIndex(x, y int) int { return y*2 + x }

func slotAt(i int) trickerion.Slot { return trickerion.Slot{X: i % 2, Y: i / 2} }

// neighbour returns the slot index next to i in direction d, or -1.
func neighbour(i, d int) int {
	x, y := i%2, i/2
	switch d {
	case 0:
		y--
	case 1:
		x++
	case 2:
		y++
	default:
		x--
	}
	if x < 0 || x > 1 || y < 0 || y > 2 {
		return -1
	}
	return slotIndex(x, y)
}

func newBoard(c Card, tricks []HeirTrick) board {
	var b board
	for i := range b.link {
		b.link[i] = [4]int8{-1, -1, -1, -1}
	}
	for _, sl := range c.Spec.Slots {
		b.exists[slotIndex(sl.X, sl.Y)] = true
	}
	for _, l := range c.Spec.Links {
		d, _ := direction(l.A, l.B)
		v := int8(0)
		if l.Shard {
			v = 1
		}
		a, bb := slotIndex(l.A.X, l.A.Y), slotIndex(l.B.X, l.B.Y)
		b.link[a][d.index()] = v
		b.link[bb][d.Opposite().index()] = v
	}
	for _, n := range c.Spec.Neutral {
		b.cells[slotIndex(n.Slot.X, n.Slot.Y)] = cell{on: true, trick: -1, cat: categoryIndex(n.Category), facing: n.Facing.index()}
	}
	for _, m := range c.Markers {
		heir, ti := m.Owner == Heir, -1
		if heir {
			ti = slices.IndexFunc(tricks, func(t HeirTrick) bool { return t.ID == m.TrickID })
		}
		b.cells[slotIndex(m.Slot.X, m.Slot.Y)] = cell{on: true, heir: heir, trick: ti, cat: categoryIndex(m.Category), facing: m.Facing.index(), level: m.Level}
	}
	return b
}

func cornerIdx(cat, facing, d int) int { return ((cat+d-facing)%4 + 4) % 4 }

// gain returns the Links a marker (cat, facing, level) on slot i creates
// and what they pay the Heir (see Place for the payment).
func (b *board) gain(i, cat, facing, level int, lumenia bool) (links, fame, shards int) {
	for d := range 4 {
		if b.link[i][d] < 0 {
			continue
		}
		n := neighbour(i, d)
		o := b.cells[n]
		if !o.on || cornerIdx(cat, facing, d) != cornerIdx(o.cat, o.facing, (d+2)%4) {
			continue
		}
		links++
		fame += max(level, o.level)
		if lumenia {
			fame++
		}
		shards += int(b.link[i][d])
	}
	return links, fame, shards
}

// count is how many of the Heir's markers of its Trick ti are on the card.
func (b *board) count(ti int) int {
	n := 0
	for _, c := range b.cells {
		if c.on && c.heir && c.trick == ti {
			n++
		}
	}
	return n
}

// searcher tries the markers in ascending Level order, so that a Link
// between two new markers is created by the higher Level Trick (the order
// "that generates the highest Link bonus", heir-solo-rules: THEATER; with
// the Link paying the best Level in it, any order pays the same); a marker
// placed with free orientation (Master of Chains) goes first.
type searcher struct {
	b       board
	tricks  []HeirTrick
	order   []int // Trick indices by ascending Level, then given order
	used    []bool
	lumenia bool
	cur     plan
	best    plan
}

// bestPlan finds the best set-up of the markers (Trick indices) assigned to
// card c (heir-solo-rules: THEATER, optimum position; see better).
func bestPlan(c Card, tricks []int, in PlaceInput, freeFirst bool) plan {
	s := &searcher{b: newBoard(c, in.Tricks), tricks: in.Tricks, lumenia: in.Lumenia, order: slices.Clone(tricks)}
	slices.SortStableFunc(s.order, func(a, b int) int { return cmp.Compare(in.Tricks[a].Level, in.Tricks[b].Level) })
	s.used = make([]bool, len(s.order))
	s.rec(-1, freeFirst)
	return s.best
}

func (s *searcher) rec(last int, free bool) {
	if better(s.cur, s.best) {
		s.best = plan{items: slices.Clone(s.cur.items), links: s.cur.links, fame: s.cur.fame, shards: s.cur.shards}
	}
	for p, ti := range s.order {
		if s.used[p] || (!free && p < last) {
			continue
		}
		t := s.tricks[ti]
		if s.b.count(ti) >= t.perCard() {
			continue
		}
		s.used[p] = true
		next := p
		if free {
			next = -1
		}
		s.tryMarker(ti, free, next)
		s.used[p] = false
	}
}

// tryMarker tries Trick ti on every free slot and orientation.
func (s *searcher) tryMarker(ti int, free bool, next int) {
	t := s.tricks[ti]
	cat := categoryIndex(t.Category)
	for i := range 6 {
		if !s.b.exists[i] || s.b.cells[i].on {
			continue
		}
		for f := range 4 {
			normal := s.b.link[i][f] >= 0
			if !normal && !free && !t.Practice.FreeOrientation {
				continue
			}
			links, fame, shards := s.b.gain(i, cat, f, t.Level, s.lumenia)
			saved := s.cur
			// the items slice is a stack: its array is kept for the next tries
			s.cur.items = append(s.cur.items, item{trick: ti, slot: slotAt(i), facing: Directions[f], free: !normal && !t.Practice.FreeOrientation})
			s.cur.links += links
			s.cur.fame += fame
			s.cur.shards += shards
			s.b.cells[i] = cell{on: true, heir: true, trick: ti, cat: cat, facing: f, level: t.Level}
			s.rec(next, false)
			s.b.cells[i] = cell{}
			s.cur = plan{items: s.cur.items[:len(saved.items)], links: saved.links, fame: saved.fame, shards: saved.shards}
		}
	}
}

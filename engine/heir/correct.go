package heir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tableside/engine"
	"tableside/engine/heir/locations"
	"tableside/engine/trickerion"
)

// Correction targets (Match.Correct). Values are decimal numbers unless said:
//
//	heir.fame, heir.coins, heir.shards     the Heir's totals (≥ 0)
//	heir.secrets                           0..2
//	heir.banners, heir.banners_left        Banners placed in the Academy / still in supply (0..12)
//	heir.trick.N                           Trick id on slot N (1..4, left to right); "" removes it
//	heir.trick.N.markers                   Trick markers on that Trick (0..5)
//	heir.characters.KIND                   how many KIND disks (protege 0..1, specialist 0..3, apprentice 0..4)
//	heir.sa.LOCATION                       Special Assignment cards held of that colour (0..40)
//	heir.shopping                          the Shopping List, component types comma-separated
//	player.fame, player.banners            the player's Fame, Banners in the Academy
//	board.downtown                         the six Downtown dice faces, comma-separated
//	board.slot.LOCATION.N                  "", "player", "heir" or "blocked" for slot N (1..4)
func (m *match) Correct(c engine.Correction) ([]engine.Event, error) {
	parts := strings.Split(c.Target, ".")
	var err error
	switch {
	case len(parts) == 2 && parts[0] == "heir":
		err = m.correctHeirNumber(parts[1], c.Value)
	case len(parts) >= 3 && parts[0] == "heir" && parts[1] == "trick":
		err = m.correctTrick(parts[2:], c.Value)
	case len(parts) == 3 && parts[0] == "heir" && parts[1] == "characters":
		err = m.correctCharacters(parts[2], c.Value)
	case len(parts) == 3 && parts[0] == "heir" && parts[1] == "sa":
		err = m.correctSA(parts[2], c.Value)
	case len(parts) == 2 && parts[0] == "player":
		err = m.correctPlayer(parts[1], c.Value)
	case c.Target == "board.downtown":
		err = m.correctDice(c.Value)
	case len(parts) == 4 && parts[0] == "board" && parts[1] == "slot":
		err = m.correctSlot(parts[2], parts[3], c.Value)
	default:
		err = fmt.Errorf("heir: unknown correction target %q", c.Target)
	}
	if err != nil {
		return nil, err
	}
	m.restance()
	ev := engine.Event{Type: "corrected", Key: "heir.ev.corrected", Params: engine.Params{"target": c.Target, "value": c.Value}}
	return []engine.Event{ev}, nil
}

func bounded(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("heir: %q is not a number", v)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("heir: %d is not between %d and %d", n, lo, hi)
	}
	return n, nil
}

func (m *match) correctHeirNumber(field, v string) error {
	h := &m.s.Heir
	targets := map[string]struct {
		p  *int
		hi int
	}{
		"fame": {&h.Fame, MaxFame}, "coins": {&h.Coins, 500}, "shards": {&h.Shards, 100},
		"secrets": {&h.Secrets, 2}, "banners": {&h.Banners, 12}, "banners_left": {&h.BannersOut, 12},
	}
	if field == "shopping" {
		return m.correctShopping(v)
	}
	t, ok := targets[field]
	if !ok {
		return fmt.Errorf("heir: unknown correction target heir.%s", field)
	}
	n, err := bounded(v, 0, t.hi)
	if err == nil {
		*t.p = n
	}
	return err
}

func (m *match) correctTrick(args []string, v string) error {
	n, err := bounded(args[0], 1, locations.TrickSlots)
	if err != nil {
		return err
	}
	h := &m.s.Heir
	if len(args) == 2 && args[1] == "markers" {
		if n > len(h.Tricks) {
			return fmt.Errorf("heir: no Trick on slot %d", n)
		}
		k, err := bounded(v, 0, 5)
		if err == nil {
			h.Tricks[n-1].Markers = k
		}
		return err
	}
	if len(args) != 1 {
		return fmt.Errorf("heir: unknown correction target heir.trick.%s", strings.Join(args, "."))
	}
	return m.setTrick(n-1, v)
}

func (m *match) setTrick(i int, id string) error {
	h := &m.s.Heir
	if id == "" {
		if i >= len(h.Tricks) {
			return fmt.Errorf("heir: no Trick on slot %d", i+1)
		}
		h.Tricks = slices.Delete(h.Tricks, i, i+1)
		return nil
	}
	t, ok := trickByID(id)
	if !ok {
		return fmt.Errorf("heir: unknown Trick %q", id)
	}
	if slices.ContainsFunc(h.Tricks, func(x HeirTrick) bool { return x.ID == id }) {
		return fmt.Errorf("heir: the Heir already has %s", id)
	}
	if i < len(h.Tricks) {
		h.Tricks[i] = HeirTrick{ID: id, Markers: m.preparedMarkers(t)}
	} else {
		h.Tricks = append(h.Tricks, HeirTrick{ID: id, Markers: m.preparedMarkers(t)})
	}
	if !slices.Contains(h.Learned, id) {
		h.Learned = append(h.Learned, id)
	}
	return nil
}

var kindMax = map[string]int{Protege: 1, Specialist: 3, Apprentice: 4}

func (m *match) correctCharacters(kind, v string) error {
	hi, ok := kindMax[kind]
	if !ok {
		return fmt.Errorf("heir: cannot correct the number of %q", kind)
	}
	n, err := bounded(v, 0, hi)
	if err != nil {
		return err
	}
	if m.s.Phase == "place" {
		return fmt.Errorf("heir: correct Characters outside the Place Character phase")
	}
	h := &m.s.Heir
	h.Characters = slices.DeleteFunc(h.Characters, func(c Character) bool { return c.Kind == kind })
	h.Waiting = slices.DeleteFunc(h.Waiting, func(k string) bool { return k == kind })
	for range n {
		h.Waiting = append(h.Waiting, kind)
	}
	m.joinWaiting()
	return nil
}

func (m *match) correctSA(loc, v string) error {
	if !slices.Contains(saColours, loc) {
		return fmt.Errorf("heir: no Special Assignment cards of %q", loc)
	}
	n, err := bounded(v, 0, 40)
	if err == nil {
		m.s.Heir.SA[loc] = n
	}
	return err
}

func (m *match) correctShopping(v string) error {
	var list []string
	for _, c := range strings.Split(v, ",") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if trickerion.ComponentTier(c) == "" {
			return fmt.Errorf("heir: unknown component %q", c)
		}
		if !slices.Contains(list, c) {
			list = append(list, c)
		}
	}
	slices.Sort(list)
	m.s.Heir.Shopping = list
	return nil
}

func (m *match) correctPlayer(field, v string) error {
	switch field {
	case "fame":
		n, err := bounded(v, 0, MaxFame)
		if err == nil {
			m.s.Player.Fame = n
		}
		return err
	case "banners":
		n, err := bounded(v, 0, 12)
		if err == nil {
			m.s.Player.Banners = n
		}
		return err
	}
	return fmt.Errorf("heir: unknown correction target player.%s", field)
}

func (m *match) correctDice(v string) error {
	faces := strings.Split(v, ",")
	if len(faces) != 6 {
		return fmt.Errorf("heir: %d Downtown dice faces, want 6", len(faces))
	}
	var ds locations.Dice
	for i, f := range faces {
		ds[i] = strings.TrimSpace(f)
	}
	if err := ds.Validate(); err != nil {
		return fmt.Errorf("heir: %w", err)
	}
	m.s.Board.Downtown = ds[:]
	return nil
}

func (m *match) correctSlot(loc, num, v string) error {
	slots, ok := m.s.Board.Slots[loc]
	if !ok {
		return fmt.Errorf("heir: no slots at %q", loc)
	}
	n, err := bounded(num, 1, 4)
	if err != nil {
		return err
	}
	if !slices.Contains([]string{Free, Player, HeirOf, Blocked}, v) {
		return fmt.Errorf("heir: slot value %q is not empty, player, heir or blocked", v)
	}
	slots[n-1] = v
	return nil
}

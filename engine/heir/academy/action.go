package academy

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"tableside/engine/heir/difficulty"
)

// SecretSlot is one of the Academy board's two Secret slots.
type SecretSlot int

const (
	SecretTop SecretSlot = iota
	SecretBottom
)

func (s SecretSlot) String() string {
	if s == SecretTop {
		return "top"
	}
	return "bottom"
}

// SecretsTaken says which of the Academy's two Secret slots were emptied
// this turn (the zero value: both Secrets are there).
type SecretsTaken struct {
	Top, Bottom bool
}

// Banners counts both sides' Banners: placed in the Academy and left in
// supply (academy-rules: PLAYER SETUP 3, 12 each).
type Banners struct {
	HeirPlaced, PlayerPlaced int
	HeirLeft, PlayerLeft     int
}

// State is what the Heir's Academy action reads and changes.
type State struct {
	Fame, Coins, Shards int
	// Secrets is how many Secrets the Heir's Protégé has learned (0..2).
	Secrets      int
	SecretsTaken SecretsTaken
	Banners      Banners
	Board        Board
}

// Input is everything the Heir's Academy action depends on.
type Input struct {
	Turn  int // 1..7
	Level difficulty.Level
	// AP is the placed Character's Action Points, 1..5 (see Actions).
	AP int
	// Tricks are the Heir's Trick ids, left to right on its board.
	Tricks []string
	// Geert is true when the Heir's Magician is Geert van Augustin.
	Geert bool
	State State
}

// StepKind names the Academy Actions of heir-solo-rules: ACADEMY 1-4.
type StepKind int

const (
	LearnSecret StepKind = iota // step 1
	Renovate                    // step 2 (or forced, step 5)
	Teach                       // step 3: a Classroom slot
	Practice                    // step 4: a Practice Room slot
)

func (k StepKind) String() string {
	return [...]string{"learn-secret", "renovate", "teach", "practice"}[k]
}

// Disk is what happens to the Heir's Protégé Character disk when it learns
// a Secret (heir-solo-rules: ACADEMY 1).
type Disk int

const (
	// DiskFlip: the Protégé gains its second AP; flip the starting disk.
	DiskFlip Disk = iota + 1
	// DiskReplace: the Protégé gains its third AP; replace the disk with
	// the one printed with 3 AP.
	DiskReplace
)

// Step is one Action the Heir performed, in order. Fields not named for its
// Kind are zero.
type Step struct {
	Kind StepKind

	// LearnSecret: which Secret the coin flip took, the Heir's Secrets and
	// Protégé AP after it, and the disk change.
	Secret    SecretSlot
	Secrets   int
	ProtegeAP int
	Disk      Disk

	// Renovate: Forced when done under step 5 although the Heir had more
	// Banners than the player; the space and ratio; Fame scored; Banners
	// placed; whether the player returns one unused Banner to the box
	// because the Heir placed its last (academy-rules: RENOVATE, IMPORTANT);
	// Coins discarded; Shards gained (Geert van Augustin).
	Forced               bool
	Renovation           Renovation
	Fame                 int
	BannersPlaced        int
	PlayerBannerReturned bool
	CoinsDiscarded       int
	Shards               int

	// Teach, Practice: the Trick whose Academy marker goes to slot Slot
	// (top = 0) of the tile on space Space. Practice: the slot's Ability;
	// ExtraMarker when it grants an additional Trick marker, to place on the
	// Trick at once (heir-solo-rules: ACADEMY 4). The Heir gets no Classroom
	// placement bonus (heir-solo-rules: ACADEMY 3, NOTE).
	Trick       string
	Space       int
	Slot        int
	Ability     Ability
	ExtraMarker bool
}

// TileRequest asks which tile the table drew at random for a renovated
// space: a Kind tile of Fame Threshold Threshold.
type TileRequest struct {
	Space     int
	Kind      Kind
	Threshold int
}

// Action is the Heir's Academy action in progress. It runs until done or
// until a renovated space needs its tile; the FLOW asks the table and calls
// PlaceTile, then Run again.
type Action struct {
	in      Input
	rng     *rand.Rand
	left    int // Actions left to resolve
	item    int // next item of the list: 0 Secret, 1 Renovate, 2-3 the pair, 4 step 5
	next    int // step 5: index in pair() of the placement due
	pending *TileRequest
	out     []Step
}

// Start begins the Heir's Academy action with Actions(in.Level, in.AP)
// Actions to resolve. The input's Board is copied.
func Start(in Input, rng *rand.Rand) (*Action, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, errors.New("academy: nil random source")
	}
	in.Tricks = append([]string(nil), in.Tricks...)
	in.State.Board = in.State.Board.Clone()
	return &Action{in: in, rng: rng, left: Actions(in.Level, in.AP)}, nil
}

func (in Input) validate() error {
	if in.Turn < 1 || in.Turn > 7 {
		return fmt.Errorf("academy: turn %d is not 1..7", in.Turn)
	}
	s := in.State
	if s.Secrets < 0 || s.Coins < 0 || s.Banners.HeirLeft < 0 || s.Banners.PlayerLeft < 0 {
		return fmt.Errorf("academy: negative count in %+v", s)
	}
	for i, t := range in.Tricks {
		if t == "" || slices.Contains(in.Tricks[:i], t) { // a board holds 4 Tricks at most
			return fmt.Errorf("academy: empty or repeated Trick id %q", t)
		}
	}
	return s.Board.Validate()
}

// Run resolves Actions until the action is done (req is nil) or a tile
// must be drawn (req is the question for the table). steps are the Steps
// resolved since the previous call.
func (a *Action) Run() (steps []Step, req *TileRequest) {
	for a.left > 0 && a.pending == nil {
		a.resolveOne()
	}
	steps, a.out = a.out, nil
	return steps, a.pending
}

// PlaceTile puts the drawn tile, slots listed top to bottom, on the space of
// the pending TileRequest.
func (a *Action) PlaceTile(slots []Slot) error {
	if a.pending == nil {
		return errors.New("academy: no tile is awaited")
	}
	t := &Tile{Kind: a.pending.Kind, Threshold: a.pending.Threshold, Slots: append([]Slot(nil), slots...)}
	if err := t.check(spaces[a.pending.Space]); err != nil {
		return err
	}
	for _, s := range t.Slots {
		if !s.Empty() {
			return errors.New("academy: a newly drawn tile has a marker on it")
		}
	}
	a.in.State.Board.Rooms[a.pending.Space].Tile = t
	a.pending = nil
	return nil
}

// Done reports whether every Action has been resolved or lost.
func (a *Action) Done() bool { return a.left == 0 && a.pending == nil }

// State is the Heir's state after the Steps resolved so far.
func (a *Action) State() State {
	s := a.in.State
	s.Board = s.Board.Clone()
	return s
}

// Finish is State once the action is Done, without the copy: the Action
// hands its board over and must not be used again.
func (a *Action) Finish() State {
	s := a.in.State
	a.in.State = State{}
	return s
}

// Resolve runs the whole action, calling draw for each renovated space's
// tile. It returns the Steps in order and the state after them.
func Resolve(in Input, rng *rand.Rand, draw func(TileRequest) ([]Slot, error)) ([]Step, State, error) {
	a, err := Start(in, rng)
	if err != nil {
		return nil, State{}, err
	}
	var all []Step
	for {
		steps, req := a.Run()
		all = append(all, steps...)
		if req == nil {
			return all, a.State(), nil
		}
		slots, err := draw(*req)
		if err != nil {
			return nil, State{}, fmt.Errorf("academy: drawing a tile: %w", err)
		}
		if err := a.PlaceTile(slots); err != nil {
			return nil, State{}, err
		}
	}
}

// resolveOne walks the list of heir-solo-rules: ACADEMY from where it
// stopped (IMPORTANT: do not restart from step 1) until one Action is
// performed, or the remaining Actions are lost.
func (a *Action) resolveOne() {
	for a.item < 4 {
		item := a.item
		a.item++
		if a.tryItem(item) {
			a.left--
			return
		}
	}
	a.left--
	pair := a.pair()
	switch {
	case a.place(pair[a.next]):
		a.next ^= 1
	case a.place(pair[a.next^1]):
	case a.canRenovate(true):
		a.renovate(true)
	default:
		a.left = 0 // step 5: nothing is possible, the Actions are lost
	}
}

func (a *Action) tryItem(item int) bool {
	switch item {
	case 0:
		return a.learnSecret()
	case 1:
		if !a.canRenovate(false) {
			return false
		}
		a.renovate(false)
		return true
	default:
		return a.place(a.pair()[item-2])
	}
}

// pair is steps 3 and 4 in this turn's order: on even turns Practice comes
// before Teach (heir-solo-rules: ACADEMY, IMPORTANT).
func (a *Action) pair() [2]StepKind {
	if a.in.Turn%2 == 0 {
		return [2]StepKind{Practice, Teach}
	}
	return [2]StepKind{Teach, Practice}
}

// learnSecret is heir-solo-rules: ACADEMY 1. A coin flip picks the top or
// bottom Secret; when only one is left the Heir takes it.
func (a *Action) learnSecret() bool {
	s := &a.in.State
	if s.Secrets >= 2 || (s.SecretsTaken.Top && s.SecretsTaken.Bottom) {
		return false
	}
	slot := SecretTop
	switch {
	case s.SecretsTaken.Top:
		slot = SecretBottom
	case !s.SecretsTaken.Bottom && a.rng.IntN(2) == 1:
		slot = SecretBottom
	}
	if slot == SecretTop {
		s.SecretsTaken.Top = true
	} else {
		s.SecretsTaken.Bottom = true
	}
	s.Secrets++
	a.out = append(a.out, Step{Kind: LearnSecret, Secret: slot, Secrets: s.Secrets,
		ProtegeAP: ProtegeAP(s.Secrets), Disk: Disk(s.Secrets)})
	return true
}

// ProtegeAP is the Protégé's base Action Points with secrets Secrets
// (academy-rules: LEARN SECRET): 1, then 2, then 3.
func ProtegeAP(secrets int) int { return 1 + min(max(secrets, 0), 2) }

// canRenovate checks heir-solo-rules: ACADEMY 2: Heir's Banners placed ≤
// the player's (unless forced by step 5), at least one Banner left, and a
// renovation to choose.
func (a *Action) canRenovate(forced bool) bool {
	s := a.in.State
	if s.Banners.HeirLeft < 1 || (!forced && s.Banners.HeirPlaced > s.Banners.PlayerPlaced) {
		return false
	}
	_, ok := ChooseRenovation(a.in.Turn, s.Fame, s.Coins, a.in.Geert, s.Board)
	return ok
}

// renovate is heir-solo-rules: ACADEMY 2: score the Fame, ask for a random
// tile, place Banners, discard Coins (Geert: +1 Shard).
func (a *Action) renovate(forced bool) {
	s := &a.in.State
	r, _ := ChooseRenovation(a.in.Turn, s.Fame, s.Coins, a.in.Geert, s.Board)
	st := Step{Kind: Renovate, Forced: forced, Renovation: r, Fame: r.Fame()}
	s.Fame += st.Fame
	st.BannersPlaced = min(BannersForTurn(a.in.Turn), s.Banners.HeirLeft)
	s.Banners.HeirLeft -= st.BannersPlaced
	s.Banners.HeirPlaced += st.BannersPlaced
	if s.Banners.HeirLeft == 0 && s.Banners.PlayerLeft > 0 {
		s.Banners.PlayerLeft--
		st.PlayerBannerReturned = true
	}
	st.CoinsDiscarded = CoinsDiscarded(s.Coins)
	s.Coins -= st.CoinsDiscarded
	if a.in.Geert {
		st.Shards = 1
		s.Shards++
	}
	a.out = append(a.out, st)
	a.pending = &TileRequest{Space: r.Space, Kind: spaces[r.Space].Kind, Threshold: r.Threshold()}
}

// place performs Teach or Practice if possible.
func (a *Action) place(k StepKind) bool {
	trick, ok := a.trickFor(k)
	if !ok {
		return false
	}
	space, slot, ok := a.slotFor(k)
	if !ok {
		return false
	}
	t := a.in.State.Board.Rooms[space].Tile
	t.Slots[slot].Occupant = Occupant{Owner: Heir, TrickID: trick}
	st := Step{Kind: k, Trick: trick, Space: space, Slot: slot}
	if k == Practice {
		st.Ability = t.Slots[slot].Ability
		st.ExtraMarker = st.Ability == AbilityExtraMarker
	}
	a.out = append(a.out, st)
	return true
}

// trickFor picks the Trick to place: the rightmost not in the Academy for
// Teach (ACADEMY 3), the leftmost for Practice (ACADEMY 4).
func (a *Action) trickFor(k StepKind) (string, bool) {
	ts := a.in.Tricks
	for i := range ts {
		j := i
		if k == Teach {
			j = len(ts) - 1 - i
		}
		if !a.in.State.Board.InAcademy(ts[j]) {
			return ts[j], true
		}
	}
	return "", false
}

// slotFor picks the slot (ACADEMY 3 and 4): among tiles of the kind, the
// highest Fame Threshold, ties top to bottom, then the first free slot from
// the top; Practice ignores slots that decrease Preparation cost.
func (a *Action) slotFor(k StepKind) (space, slot int, ok bool) {
	kind := Classroom
	if k == Practice {
		kind = PracticeRoom
	}
	best := -1
	for i, r := range a.in.State.Board.Rooms {
		if r.Tile == nil || spaces[i].Kind != kind {
			continue
		}
		for j, s := range r.Tile.Slots {
			if !s.Empty() || (k == Practice && s.Ability.DecreasesPreparation()) {
				continue
			}
			if best < 0 || r.Tile.Threshold > a.in.State.Board.Rooms[best].Tile.Threshold ||
				(r.Tile.Threshold == a.in.State.Board.Rooms[best].Tile.Threshold && spaces[i].Row < spaces[best].Row) {
				best, slot = i, j
			}
			break
		}
	}
	return best, slot, best >= 0
}

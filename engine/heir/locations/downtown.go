package locations

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// TrickSlots is the number of Trick slots on the Heir's board
// (heir-solo-rules: DOWNTOWN step 1b).
const TrickSlots = 4

// MaxApprentices is the number of Apprentice disks the Heir can own
// (heir-solo-rules: DOWNTOWN steps 3 and 6, "all 4 Apprentices").
const MaxApprentices = 4

// Characters are the Heir's Character disks, counting those hired this turn
// and still waiting beside its board. The Magician is always there.
type Characters struct {
	Protege     bool     // the Heir has a Protégé (games with the Academy)
	Specialists []string // kinds owned: Assistant, Manager, Engineer
	Apprentices int      // all Apprentices, Additional Apprentices included
}

// Total is the number of the Heir's Character disks, its Magician included.
func (c Characters) Total() int {
	n := 1 + len(c.Specialists) + c.Apprentices
	if c.Protege {
		n++
	}
	return n
}

func (c Characters) clone() Characters {
	c.Specialists = slices.Clone(c.Specialists)
	return c
}

// DowntownState is what the Heir's Downtown action reads.
type DowntownState struct {
	Level      difficulty.Level
	AP         int                 // Action Points of the placed Character, 1..5
	Dice       Dice                // after any reroll (see RerollDie)
	Fame       int                 // the Heir's Fame
	Favorite   trickerion.Category // the Heir's Favorite Trick category
	Tricks     []trickerion.Trick  // the Heir's board, left to right
	Characters Characters
	Academy    bool // the Academy expansion is in play
	// Residence is the Tricks still in Dahlgaard's Residence (see
	// TrickRefs), read only. Downtown draws only from those of the Trick
	// dice's categories at the Heir's Fame Level (LearnCandidates), so a
	// caller may give just those.
	Residence    []*trickerion.Trick
	ShoppingList []string // component types on the Heir's Shopping List
	// DoubleCoins: the active Prophecy doubles the Coins of the chosen
	// Bank die ("Double Coins", rassmian p02; it affects the Heir too,
	// data/trickerion/prophecies.yaml).
	DoubleCoins bool
}

// StepKind says what one step of a Location action does.
type StepKind string

// The kinds of steps the Location actions produce.
const (
	StepReturnTrick     StepKind = "return-trick"     // Downtown 1b: to the Residence, with its Symbol, Academy and Trick markers (Theater too)
	StepLearnTrick      StepKind = "learn-trick"      // Downtown 1 (a, c, d, e)
	StepHireSpecialist  StepKind = "hire-specialist"  // Downtown 2
	StepHireApprentice  StepKind = "hire-apprentice"  // Downtown 3 and 6
	StepTakeCoins       StepKind = "take-coins"       // Downtown 4 and 5
	StepDiscardShopping StepKind = "discard-shopping" // Market Row 1
	StepOrder           StepKind = "order"            // Market Row 2
	StepRotateProphecy  StepKind = "rotate-prophecies"
	StepPriestessSwap   StepKind = "priestess-swap"
	StepDrawAssignment  StepKind = "draw-assignment"
)

// Step is one thing the Heir does, in order. Only the fields of its Kind are
// set.
type Step struct {
	Kind StepKind
	Rule string // the rule item, e.g. "1b" for heir-solo-rules DOWNTOWN 1b

	Die  Die    // Downtown: the die set to X (not for StepReturnTrick)
	Face string // Downtown: the face that die showed

	Trick      trickerion.Trick // learned or returned Trick
	Slot       int              // board slot (0 = leftmost) the Trick goes to or left; Order slot
	Markers    int              // Trick markers put on the learned Trick
	Components []string         // component types added to (Downtown) or discarded from (Market Row) the Shopping List
	Component  string           // the component ordered (Market Row)
	Specialist string           // the Specialist hired
	Coins      int              // Coins taken into the Coin Purse
	Location   string           // Dark Alley: colour of the Special Assignment card drawn
}

// DowntownResult is what the Heir's Downtown action did and the state after.
type DowntownResult struct {
	Collect      int    // dice the Heir could collect (DiceToCollect)
	Steps        []Step // in order
	Dice         Dice
	Tricks       []trickerion.Trick
	Residence    []*trickerion.Trick
	ShoppingList []string
	Characters   Characters // Characters after the hires (new ones wait beside the board)
	Coins        int        // Coins gained
}

// Collected counts the dice the Heir set to X.
func (r DowntownResult) Collected() int {
	n := 0
	for _, s := range r.Steps {
		if s.Kind != StepReturnTrick {
			n++
		}
	}
	return n
}

// Downtown resolves the Heir's Downtown action (heir-solo-rules: DOWNTOWN):
// it walks the list once, top to bottom, never restarting, performing each
// item that applies until DiceToCollect dice are set to X:
//  1. learn a Trick (learnTrick);
//  2. hire the Specialist shown if the Heir lacks that kind;
//  3. hire an Apprentice if it has fewer than 4 and at most 6 Characters
//     (5 without the Academy: WITHOUT ACADEMY EXPANSION, DOWNTOWN);
//  4. take the higher Bank die's Coins; 5. the other Bank die's Coins;
//  6. hire an Apprentice if it has fewer than 4.
//
// Past item 6 it does nothing more, even with dice left to collect. r draws
// the learned Trick.
func Downtown(s DowntownState, r *rand.Rand) (DowntownResult, error) {
	if err := s.Dice.Validate(); err != nil {
		return DowntownResult{}, err
	}
	if len(s.Tricks) > TrickSlots {
		return DowntownResult{}, fmt.Errorf("locations: the Heir has %d Tricks, more than %d slots", len(s.Tricks), TrickSlots)
	}
	res := DowntownResult{
		Collect:      DiceToCollect(s.Level, s.AP),
		Dice:         s.Dice,
		Tricks:       slices.Clone(s.Tricks),
		Residence:    slices.Clone(s.Residence),
		ShoppingList: slices.Clone(s.ShoppingList),
		Characters:   s.Characters.clone(),
	}
	if res.Collect > 0 { // a die set to X per step, and a Trick returned
		res.Steps = make([]Step, 0, res.Collect+1)
	}
	for step := range 6 {
		if res.Collected() >= res.Collect {
			break
		}
		switch step { // called directly: res and s stay on the stack
		case 0:
			learnTrick(&res, &s, r)
		case 1:
			hireSpecialist(&res)
		case 2:
			hireApprenticeIfRoom(&res, s.Academy)
		case 3:
			res.takeBank(res.higherBank(), "4", s.DoubleCoins)
		case 4:
			takeOtherBank(&res, s.DoubleCoins)
		case 5:
			hireApprenticeRule(&res, "6")
		}
	}
	if len(res.Steps) == 0 {
		res.Steps = nil
	}
	return res, nil
}

// setX sets die d to X and records the step.
func (res *DowntownResult) setX(d Die, st Step) {
	st.Die, st.Face = d, res.Dice[d]
	res.Dice[d] = FaceX
	res.Steps = append(res.Steps, st)
}

// learnCondition: fewer than 2 Tricks of the highest Level available, or 36
// Fame or more (heir-solo-rules: DOWNTOWN step 1).
func learnCondition(tricks []trickerion.Trick, fame int) bool {
	if fame >= Level3Fame {
		return true
	}
	lvl := FameLevel(fame)
	n := 0
	for _, t := range tricks {
		if t.Level == lvl {
			n++
		}
	}
	return n < 2
}

// dieCategory is the Trick category a Trick die face stands for: '?' is the
// Favorite category (ERRATA.md, Downtown step 1).
func dieCategory(face string, favorite trickerion.Category) (trickerion.Category, bool) {
	if face == FaceAny {
		return favorite, true
	}
	c := trickerion.Category(face)
	return c, c.Valid()
}

// LearnCandidates are the Tricks the Heir shuffles and draws from for a Trick
// die of category cat: the Tricks of that category at its highest available
// Level still in Dahlgaard's Residence, without the Level 1 Trick needing a
// single type of Basic Component (heir-solo-rules: DOWNTOWN step 1a and its
// EXCEPTION), sorted by ID.
func LearnCandidates(residence []*trickerion.Trick, cat trickerion.Category, fame int) []*trickerion.Trick {
	lvl := FameLevel(fame)
	out := make([]*trickerion.Trick, 0, 4) // a category has 4 Tricks of a Level
	for _, t := range residence {
		if t.Category != cat || t.Level != lvl {
			continue
		}
		if lvl == 1 && trickerion.IsSingleComponentLevel1(*t) {
			continue
		}
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b *trickerion.Trick) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// TrickRefs points at the Tricks of ts, for a DowntownState's Residence.
func TrickRefs(ts []trickerion.Trick) []*trickerion.Trick {
	out := make([]*trickerion.Trick, len(ts))
	for i := range ts {
		out[i] = &ts[i]
	}
	return out
}

// learnTrick is Downtown step 1. The Trick die is the left one if both are
// available. Rules decision: a Trick die whose category has no Trick left to
// draw (LearnCandidates empty) is not available for this step, so the right
// die is used if its category has one; if neither has, step 1 is not
// performed and no die is set to X ("perform the first possible action",
// French summary, CENTRE-VILLE 2).
func learnTrick(res *DowntownResult, s *DowntownState, r *rand.Rand) bool {
	if !learnCondition(res.Tricks, s.Fame) {
		return false
	}
	for _, d := range []Die{TrickDie1, TrickDie2} {
		cat, ok := dieCategory(res.Dice[d], s.Favorite)
		if !ok {
			continue
		}
		cands := LearnCandidates(res.Residence, cat, s.Fame)
		if len(cands) == 0 {
			continue
		}
		res.learn(d, *cands[r.IntN(len(cands))])
		return true
	}
	return false
}

// learn performs steps 1a (take t out of the Residence), 1b (return the
// rightmost Trick if the board is full), 1c (insert by Yield), 1d (prepare)
// and 1e (Shopping List).
func (res *DowntownResult) learn(d Die, t trickerion.Trick) {
	res.Residence = slices.DeleteFunc(res.Residence, func(x *trickerion.Trick) bool { return x.ID == t.ID })
	if len(res.Tricks) == TrickSlots {
		last := len(res.Tricks) - 1
		old := res.Tricks[last]
		res.Tricks = res.Tricks[:last]
		res.Residence = append(res.Residence, &old)
		res.Steps = append(res.Steps, Step{Kind: StepReturnTrick, Rule: "1b", Trick: old, Slot: last})
	}
	slot := InsertSlot(res.Tricks, t)
	res.Tricks = slices.Insert(res.Tricks, slot, t)
	added := addToShoppingList(&res.ShoppingList, t)
	res.setX(d, Step{Kind: StepLearnTrick, Rule: "1", Trick: t, Slot: slot, Markers: t.Markers, Components: added})
}

// InsertSlot is the board slot (0 = leftmost) a new Trick takes so that the
// board stays in descending Yield order (heir-solo-rules: DOWNTOWN step 1c).
// Rules decision: a Trick of equal Yield goes right of the ones already
// there, shifting as few Tricks as possible ("shift Tricks to the right as
// necessary").
func InsertSlot(board []trickerion.Trick, t trickerion.Trick) int {
	for i, b := range board {
		if TrickLess(t, b) {
			return i
		}
	}
	return len(board)
}

// addToShoppingList adds one of each component type t needs that the list
// lacks, in alphabetical order, and returns those added (heir-solo-rules:
// DOWNTOWN step 1e).
func addToShoppingList(list *[]string, t trickerion.Trick) []string {
	var added []string
	for c := range t.Components {
		if !slices.Contains(*list, c) {
			added = append(added, c)
		}
	}
	slices.Sort(added)
	*list = append(*list, added...)
	return added
}

// hireSpecialist is Downtown step 2: the Specialist die shows a kind the
// Heir lacks.
func hireSpecialist(res *DowntownResult) bool {
	f := res.Dice[SpecialistDie]
	if f == FaceX || slices.Contains(res.Characters.Specialists, f) {
		return false
	}
	res.Characters.Specialists = append(res.Characters.Specialists, f)
	res.setX(SpecialistDie, Step{Kind: StepHireSpecialist, Rule: "2", Specialist: f})
	return true
}

// CharacterLimit is the most Character disks the Heir may have and still
// hire an Apprentice at Downtown step 3: 6, or 5 without the Academy
// (heir-solo-rules: DOWNTOWN step 3; WITHOUT ACADEMY EXPANSION, DOWNTOWN).
func CharacterLimit(academy bool) int {
	if academy {
		return 6
	}
	return 5
}

// hireApprenticeIfRoom is Downtown step 3.
func hireApprenticeIfRoom(res *DowntownResult, academy bool) bool {
	if res.Characters.Total() > CharacterLimit(academy) {
		return false
	}
	return hireApprenticeRule(res, "3")
}

// hireApprenticeRule hires an Apprentice (Downtown steps 3 and 6).
func hireApprenticeRule(res *DowntownResult, rule string) bool {
	if !res.Dice.available(ApprenticeDie) || res.Characters.Apprentices >= MaxApprentices {
		return false
	}
	res.Characters.Apprentices++
	res.setX(ApprenticeDie, Step{Kind: StepHireApprentice, Rule: rule})
	return true
}

// higherBank is the Bank die Downtown step 4 takes: the higher available
// one (the first one if both show the same).
func (res *DowntownResult) higherBank() Die {
	if !res.Dice.available(BankDie1) || res.Dice.coins(BankDie2) > res.Dice.coins(BankDie1) {
		return BankDie2
	}
	return BankDie1
}

// takeOtherBank is Downtown step 5: whichever Bank die is still available.
func takeOtherBank(res *DowntownResult, double bool) bool {
	for _, d := range []Die{BankDie1, BankDie2} {
		if res.Dice.available(d) {
			return res.takeBank(d, "5", double)
		}
	}
	return false
}

func (res *DowntownResult) takeBank(d Die, rule string, double bool) bool {
	if !res.Dice.available(d) {
		return false
	}
	c := res.Dice.coins(d)
	if double {
		c *= 2
	}
	res.Coins += c
	res.setX(d, Step{Kind: StepTakeCoins, Rule: rule, Coins: c})
	return true
}

package locations

import (
	"fmt"
	"slices"
	"strconv"

	"tableside/engine/heir/difficulty"
)

// Die names one of the six Downtown dice, in the order Dice holds them.
type Die int

const (
	TrickDie1     Die = iota // left Trick die (Dahlgaard's Residence)
	TrickDie2                // right Trick die
	SpecialistDie            // Inn die showing a Specialist
	ApprenticeDie            // Inn die showing an Apprentice
	BankDie1                 // first Bank die
	BankDie2                 // second Bank die
)

var dieNames = [...]string{"trick1", "trick2", "specialist", "apprentice", "bank1", "bank2"}

func (d Die) String() string {
	if d < TrickDie1 || d > BankDie2 {
		return fmt.Sprintf("die(%d)", int(d))
	}
	return dieNames[d]
}

// Die faces, as in trickerion.DowntownDice: the Trick dice show a category
// ("escape", "mechanical", "optical", "spiritual") or FaceAny, the Specialist
// die a Specialist kind, the Apprentice die FaceApprentice, the Bank dice a
// number of Coins ("3" to "6"); any die may show FaceX (unavailable).
const (
	FaceX          = "X"
	FaceAny        = "?"
	FaceApprentice = "apprentice"
	Assistant      = "assistant"
	Manager        = "manager"
	Engineer       = "engineer"
)

var legalFaces = [...][]string{
	TrickDie1:     {"escape", "mechanical", "optical", "spiritual", FaceAny, FaceX},
	TrickDie2:     {"escape", "mechanical", "optical", "spiritual", FaceAny, FaceX},
	SpecialistDie: {Assistant, Manager, Engineer, FaceX},
	ApprenticeDie: {FaceApprentice, FaceX},
	BankDie1:      {"3", "4", "5", "6", FaceX},
	BankDie2:      {"3", "4", "5", "6", FaceX},
}

// Faces lists the faces die d can show.
func (d Die) Faces() []string { return slices.Clone(legalFaces[d]) }

// Dice are the faces of the six Downtown dice, indexed by Die.
type Dice [6]string

// Validate reports a face that die cannot show.
func (ds Dice) Validate() error {
	for d, f := range ds {
		if !slices.Contains(legalFaces[d], f) {
			return fmt.Errorf("locations: Downtown %s die cannot show %q", Die(d), f)
		}
	}
	return nil
}

// Showing counts the dice not showing X.
func (ds Dice) Showing() int {
	n := 0
	for _, f := range ds {
		if f != FaceX {
			n++
		}
	}
	return n
}

func (ds Dice) available(d Die) bool { return ds[d] != FaceX }

// coins is the number of Coins a Bank die shows (0 for X).
func (ds Dice) coins(d Die) int {
	n, err := strconv.Atoi(ds[d])
	if err != nil {
		return 0
	}
	return n
}

// DiceToCollect is how many Downtown dice the Heir takes (and sets to X) with
// ap Action Points: Easy 1/1/1/2/2, Normal 1/1/1/2/3, Hard 1/1/2/3/3 for 1 to
// 5 AP (heir-solo-rules: DOWNTOWN table, values from ERRATA.md). Below 1 AP it
// takes none; above 5 AP it reads the 5 AP column (the FLOW turns 6 AP into
// 5 AP and 1 Fame).
func DiceToCollect(l difficulty.Level, ap int) int {
	return difficulty.ByAP(l.Tables().DowntownDice, ap)
}

// rerollOrder is the order in which an X die is chosen for the reroll:
// Trick > Specialist > Money > Apprentice (heir-solo-rules: DOWNTOWN), the
// left die first within a pair.
var rerollOrder = [...]Die{TrickDie1, TrickDie2, SpecialistDie, BankDie1, BankDie2, ApprenticeDie}

// RerollDie says which ONE X die the table rerolls before the Heir collects
// dice, when fewer dice than collect show a non-X face (heir-solo-rules:
// DOWNTOWN, "reroll one X die ... Trick > Specialist > Money > Apprentice").
// ok is false when no reroll is due. There is only ever one reroll: the FLOW
// asks the table for the new face, sets it, then calls Downtown, which simply
// collects fewer dice if still short.
func RerollDie(ds Dice, collect int) (d Die, ok bool) {
	if ds.Showing() >= collect {
		return 0, false
	}
	for _, d := range rerollOrder {
		if !ds.available(d) {
			return d, true
		}
	}
	return 0, false
}

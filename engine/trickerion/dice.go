package trickerion

import "slices"

// Downtown die kinds.
const (
	DieTrick      = "trick"
	DieSpecialist = "specialist"
	DieApprentice = "apprentice"
	DieBank       = "bank"
)

// Special die faces.
const (
	FaceX   = "X" // unavailable (also the face a used die is turned to)
	FaceAny = "?" // any Trick category (the Heir: its Favorite category)
)

// DieKind is a kind of Downtown die: Count identical dice with Faces, one
// entry per physical face ("escape".."spiritual", "?", "X"; "assistant",
// "manager", "engineer"; "apprentice"; Bank values "3".."6").
type DieKind struct {
	Kind   string   `json:"kind"`
	Count  int      `json:"count"`
	Faces  []string `json:"faces"`
	Source []string `json:"source"`
}

type diceFile struct {
	Notes     []string  `json:"notes"`
	Downtown  []DieKind `json:"downtown"`
	TurnSetup struct {
		Locations       []string `json:"locations"`
		AcademyLocation string   `json:"academy_location"`
	} `json:"turn_setup"`
}

var diceData = loader[diceFile]("dice.json")

// DowntownDice returns the kinds of Downtown dice in the order trick,
// specialist, apprentice, bank (2+1+1+2 = 6 dice). Face multiplicities come
// from one source only (BGA).
func DowntownDice() []DieKind {
	ks := diceData().Downtown
	out := make([]DieKind, len(ks))
	for i, k := range ks {
		k.Faces = slices.Clone(k.Faces)
		k.Source = slices.Clone(k.Source)
		out[i] = k
	}
	return out
}

// DistinctFaces returns the faces of k without repeats, in first-seen order.
func (k DieKind) DistinctFaces() []string {
	var out []string
	for _, f := range k.Faces {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// TurnSetupDiceLocations returns the Locations that get a solo Turn Setup
// die: Downtown, Market Row, Dark Alley, Theater, plus the Academy (the blue
// die) when it is in play. The dice faces are not in any source.
func TurnSetupDiceLocations(academy bool) []string {
	ts := diceData().TurnSetup
	out := slices.Clone(ts.Locations)
	if academy {
		out = append(out, ts.AcademyLocation)
	}
	return out
}

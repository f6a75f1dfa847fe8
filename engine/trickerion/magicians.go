package trickerion

import "slices"

// Keys of the Heir-side Magician abilities (heir-solo-rules: HEIR'S
// MAGICIAN ABILITIES). A Magician's ID equals its HeirAbilityKey: the kebab
// case of its name without a leading "The".
const (
	MasterOfChains       = "master-of-chains"
	RedLotus             = "red-lotus"
	ProfessorBernard     = "professor-bernard"
	Mechaniker           = "mechaniker"
	Elektra              = "elektra"
	GeertVanAugustin     = "geert-van-augustin"
	GreatOptico          = "great-optico"
	Gentleman            = "gentleman"
	LumeniaTheRadiant    = "lumenia-the-radiant"
	PriestessOfMysticism = "priestess-of-mysticism"
	YorubaSpiritmaster   = "yoruba-spiritmaster"
	Anjali               = "anjali"
)

// Magician is one of the 12 Magicians.
type Magician struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Category Category `json:"category"` // Favorite Trick category
	// AbilityTitle and Ability are the player-side ability (Dark Alley side).
	AbilityTitle string `json:"ability_title"`
	Ability      string `json:"ability"`
	// HeirAbility is the Heir-side ability as printed at the end of the
	// Heir rules (the lightning glyph written "AP").
	HeirAbility    string `json:"heir_ability"`
	HeirAbilityKey string `json:"heir_ability_key"`
	// AcademySideTitle and AcademySideAbility are the alternate ability
	// used with Dahlgaard's Academy, "" if none.
	AcademySideTitle   string   `json:"academy_side_title,omitempty"`
	AcademySideAbility string   `json:"academy_side_ability,omitempty"`
	BGAID              string   `json:"bga_id,omitempty"`
	RequiresAcademy    bool     `json:"requires_academy"` // one of the 4 Academy Magicians
	Source             []string `json:"source"`
}

type magiciansFile struct {
	Magicians []Magician `json:"magicians"`
}

var magiciansData = loader[magiciansFile]("magicians.json")

// Magicians returns the 12 Magicians in data order (three per category).
func Magicians() []Magician {
	ms := magiciansData().Magicians
	out := make([]Magician, len(ms))
	for i, m := range ms {
		m.Source = slices.Clone(m.Source)
		out[i] = m
	}
	return out
}

// MagicianByID returns the Magician with the given id (its HeirAbilityKey).
func MagicianByID(id string) (Magician, bool) {
	for _, m := range Magicians() {
		if m.ID == id {
			return m, true
		}
	}
	return Magician{}, false
}

// MagiciansOf returns the Magicians whose Favorite category is c.
func MagiciansOf(c Category) []Magician {
	var out []Magician
	for _, m := range Magicians() {
		if m.Category == c {
			out = append(out, m)
		}
	}
	return out
}

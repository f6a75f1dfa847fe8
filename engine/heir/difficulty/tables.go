package difficulty

import (
	"sync"

	"tableside/engine/trickerion"
)

// Tables are the Heir's tables read by difficulty, for one Level. They come
// from the component data (trickerion.HeirTables, pinned there against the
// rule texts), read once and shared: callers must not change them.
type Tables struct {
	// DowntownDice is the dice the Heir collects Downtown with 1..5 AP
	// (heir-solo-rules: DOWNTOWN table, values from ERRATA).
	DowntownDice []int
	// DarkAlleyCards is the Special Assignment cards it draws with 1..5 AP
	// (DARK ALLEY table).
	DarkAlleyCards []int
	// TheaterMarkers is the Trick markers it sets up with 1..3 AP (THEATER
	// table).
	TheaterMarkers []int
	// AcademyActions is its Academy actions with 1..5 AP (ACADEMY table).
	AcademyActions []int
	// BackstageFlatBonus is its bonus per Character backstage when it
	// performs (PERFORMANCE PHASE, with ERRATA).
	BackstageFlatBonus trickerion.Yield
	// FamePer10Coins is the Fame per set of 10 Coins it discards instead of
	// paying Wages (END TURN PHASE).
	FamePer10Coins int
	// FamePerLevel3Trick and FamePer7thCharacter are its fixed end-game
	// bonuses (END GAME SCORING).
	FamePerLevel3Trick, FamePer7thCharacter int
	// StartingCharacters are its Character disks at setup, with the Academy
	// (GAME SETUP step 7; without the Academy, no Protégé).
	StartingCharacters trickerion.Characters
}

// Data is the component data's Heir tables (trickerion.HeirTables), read
// once and shared by the rule packages: callers must not change it.
var Data = sync.OnceValue(func() *trickerion.HeirTableSet {
	d := trickerion.HeirTables() // a deep copy of its own: nobody else holds it
	return &d
})

var tables = sync.OnceValue(func() *[3]Tables {
	d := Data()
	var out [3]Tables
	for _, l := range Levels {
		k := l.String()
		out[l] = Tables{
			DowntownDice: d.DowntownDice[k], DarkAlleyCards: d.DarkAlleyCards[k],
			TheaterMarkers: d.TheaterMarkers[k], AcademyActions: d.AcademyActions[k],
			BackstageFlatBonus: d.BackstageFlatBonus[k], FamePer10Coins: d.FamePer10Coins[k],
			FamePerLevel3Trick: d.EndGameFamePerLevel3Trick[k], FamePer7thCharacter: d.EndGameFamePer7thCharacter[k],
			StartingCharacters: d.StartingCharacters[k],
		}
	}
	return &out
})

// Tables returns the tables of l (a Level out of range reads as Hard).
func (l Level) Tables() *Tables {
	if l < Easy || l > Hard {
		l = Hard
	}
	return &tables()[l]
}

// ByAP reads a table row for ap Action Points: 0 below 1 AP, the last
// column above the row's end (the FLOW resolves 6 AP as 5 AP and 1 Fame;
// a Theater row stops at 3 AP).
func ByAP(row []int, ap int) int {
	if ap < 1 {
		return 0
	}
	return trickerion.ByAP(row, ap)
}

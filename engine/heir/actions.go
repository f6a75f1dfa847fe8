package heir

import (
	"tableside/engine"
)

// act resolves the action of the Heir's Character placed at loc with ap
// Action Points (1..5).
func (m *match) act(c Character, loc string, ap int) {
	switch loc {
	case Downtown:
		m.actDowntown(ap)
	case MarketRow:
		m.actMarketRow(ap)
	case DarkAlley:
		m.actDarkAlley(ap)
	case Academy:
		m.actAcademy(ap)
	case Theater:
		if c.Kind != Magician { // the Magician only takes the Performance spot
			m.actTheater(ap)
		}
	case Workshop: // WORKSHOP: nothing happens
	}
}

// canSetUp reports whether a non-Magician sent to the Theater would place
// at least one Trick marker.
func (m *match) canSetUp() bool {
	for _, t := range m.s.Heir.Tricks {
		if t.Markers > 0 {
			return true
		}
	}
	return false
}

// temporary resolves a Location whose rule package has not landed yet as
// an instruction naming the rule. TEMPORARY.
func (m *match) temporary(section string, ap int) {
	m.ack("act."+section, "heir.do.rule", engine.Params{"section": section, "ap": itoa(ap), "difficulty": m.s.Options.Difficulty},
		rule(section, ""), nil)
}


// dropTrickMarkers removes a returned Trick's markers from the Theater.
func (m *match) dropTrickMarkers(id string) {}
func (m *match) actAcademy(ap int)   { m.temporary("ACADEMY", ap) }
func (m *match) actTheater(ap int)   { m.temporary("THEATER", ap) }

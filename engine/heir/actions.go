package heir

import (
	"tableside/engine"
	"tableside/engine/heir/theater"
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

// temporary resolves a Location whose rule package has not landed yet as
// an instruction naming the rule. TEMPORARY.
func (m *match) temporary(section string, ap int) {
	m.ack("act."+section, "heir.do.rule", engine.Params{"section": section, "ap": itoa(ap), "difficulty": m.s.Options.Difficulty},
		rule(section, ""), nil)
}

func (m *match) actAcademy(ap int) { m.temporary("ACADEMY", ap) }

func (m *match) practice(id string) theater.Practice { return theater.Practice{} }

func (m *match) dropAcademyMarker(id string) {}

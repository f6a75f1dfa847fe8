package heir

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

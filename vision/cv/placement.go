package cv

import (
	"math"
	"sort"
)

// Placement is where the reader put a die's top face for the classifier:
// its centre and side in frame pixels, and the angle of one of its edges,
// in degrees clockwise (a square: meaningful modulo 90°).
type Placement struct {
	X, Y, Side, Angle float64
}

func placementOf(r rect) Placement {
	ux, uy := r.squashed(math.Cos(r.Angle), math.Sin(r.Angle))
	return Placement{X: r.C.X, Y: r.C.Y, Side: r.side(), Angle: math.Atan2(uy, ux) * 180 / math.Pi}
}

// Placements are the top-face placements of the last reading's dice, in
// the order of its dice (valid until the next read).
func (r *Reader) Placements() []Placement { return r.placed }

// sortPlacements orders placements as vision.SortDice orders the dice
// made from them (left to right by rounded centre, then top to bottom).
func sortPlacements(ps []Placement) {
	sort.SliceStable(ps, func(i, j int) bool {
		xi, xj := math.Round(ps[i].X), math.Round(ps[j].X)
		if xi != xj {
			return xi < xj
		}
		return math.Round(ps[i].Y) < math.Round(ps[j].Y)
	})
}

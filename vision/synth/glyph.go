package synth

import (
	"math"
	"strings"
	"sync"

	"tableside/vision"
	"tableside/vision/internal/portable"
)

// Glyphs are drawn procedurally from a few shapes in face units: the top
// face of a die is the square [-1,1]², y pointing down (image convention).
// Each glyph is rasterised once into an ink mask (glyphRes² coverage values,
// 3×3 supersampled) and sampled bilinearly when a die is drawn.

const glyphRes = 128

// shape is a region of the face plane.
type shape interface{ in(x, y float64) bool }

type disc struct{ cx, cy, r float64 }

func (d disc) in(x, y float64) bool { return sq(x-d.cx)+sq(y-d.cy) <= d.r*d.r }

type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) in(x, y float64) bool { return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1 }

// seg is a stroke of width w between two points, round caps.
type seg struct{ x0, y0, x1, y1, w float64 }

func (s seg) in(x, y float64) bool {
	dx, dy := s.x1-s.x0, s.y1-s.y0
	t := ((x-s.x0)*dx + (y-s.y0)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	return sq(x-s.x0-t*dx)+sq(y-s.y0-t*dy) <= s.w*s.w/4
}

// arc is a stroke of width w along a circle from angle a0 to a1 (degrees,
// clockwise on screen since y points down; a1 > a0), round caps.
type arc struct{ cx, cy, r, w, a0, a1 float64 }

func (a arc) in(x, y float64) bool {
	d := portable.Hypot(x-a.cx, y-a.cy)
	if math.Abs(d-a.r) <= a.w/2 {
		t := math.Atan2(y-a.cy, x-a.cx) * 180 / math.Pi
		for t < a.a0 {
			t += 360
		}
		if t <= a.a1 {
			return true
		}
	}
	for _, t := range []float64{a.a0, a.a1} {
		px, py := a.cx+a.r*cosd(t), a.cy+a.r*sind(t)
		if sq(x-px)+sq(y-py) <= a.w*a.w/4 {
			return true
		}
	}
	return false
}

// poly is a filled polygon (even-odd rule).
type poly []float64 // x0,y0,x1,y1,...

func (p poly) in(x, y float64) bool {
	in := false
	n := len(p) / 2
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi, xj, yj := p[2*i], p[2*i+1], p[2*j], p[2*j+1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

// both is the intersection of shapes.
type both []shape

func (b both) in(x, y float64) bool {
	for _, s := range b {
		if !s.in(x, y) {
			return false
		}
	}
	return true
}

// glyph is ink shapes minus cut shapes.
type glyph struct{ ink, cut []shape }

func (g glyph) in(x, y float64) bool {
	for _, s := range g.cut {
		if s.in(x, y) {
			return false
		}
	}
	for _, s := range g.ink {
		if s.in(x, y) {
			return true
		}
	}
	return false
}

func sq(v float64) float64   { return v * v }
func cosd(a float64) float64 { return math.Cos(a * math.Pi / 180) }
func sind(a float64) float64 { return math.Sin(a * math.Pi / 180) }

// glyphShapes returns the drawing of a kind's face.
func glyphShapes(kind, face string) glyph {
	if row, ok := setupSlots[kind]; ok {
		return setupGlyph(face, row)
	}
	switch face {
	case "X":
		return glyph{ink: []shape{seg{-0.46, -0.46, 0.46, 0.46, 0.2}, seg{-0.46, 0.46, 0.46, -0.46, 0.2}}}
	case "escape": // padlock
		return glyph{
			ink: []shape{rect{-0.46, -0.06, 0.46, 0.6},
				arc{0, -0.3, 0.27, 0.13, 180, 360}, seg{-0.27, -0.3, -0.27, -0.04, 0.13}, seg{0.27, -0.3, 0.27, -0.04, 0.13}},
			cut: []shape{disc{0, 0.2, 0.1}, poly{-0.05, 0.2, 0.05, 0.2, 0.08, 0.46, -0.08, 0.46}},
		}
	case "mechanical": // cog
		g := glyph{ink: []shape{disc{0, 0, 0.42}}, cut: []shape{disc{0, 0, 0.17}}}
		for i := 0; i < 8; i++ {
			a := float64(i) * 45
			g.ink = append(g.ink, seg{0.3 * cosd(a), 0.3 * sind(a), 0.56 * cosd(a), 0.56 * sind(a), 0.17})
		}
		return g
	case "optical": // eye
		return glyph{
			ink: []shape{both{disc{0, 0.42, 0.78}, disc{0, -0.42, 0.78}}},
			cut: []shape{both{disc{0, 0.5, 0.72}, disc{0, -0.5, 0.72}, notIn{disc{0, 0, 0.2}}}},
		}
	case "spiritual": // flame
		return glyph{
			ink: []shape{disc{0, 0.22, 0.36}, poly{-0.35, 0.16, -0.2, -0.2, 0.05, -0.66, 0.22, -0.3, 0.35, 0.14}},
			cut: []shape{poly{-0.12, 0.4, -0.14, 0.22, 0.0, -0.05, 0.14, 0.24, 0.12, 0.4}},
		}
	case "?":
		return glyph{ink: []shape{arc{0, -0.22, 0.27, 0.14, 170, 440}, seg{0.08, 0.04, 0.0, 0.22, 0.14}, disc{0, 0.5, 0.1}}}
	case "assistant": // a person
		return glyph{ink: []shape{disc{0, -0.28, 0.21}, both{disc{0, 0.56, 0.46}, rect{-1, -1, 1, 0.56}}}}
	case "manager": // top hat
		return glyph{
			ink: []shape{rect{-0.52, 0.26, 0.52, 0.4}, rect{-0.3, -0.52, 0.3, 0.27}},
			cut: []shape{rect{-0.31, 0.06, 0.31, 0.15}},
		}
	case "engineer": // wrench
		return glyph{
			ink: []shape{seg{-0.38, 0.38, 0.16, -0.16, 0.17}, disc{0.27, -0.27, 0.25}, disc{-0.4, 0.4, 0.15}},
			cut: []shape{disc{0.4, -0.4, 0.15}, disc{-0.4, 0.4, 0.06}},
		}
	case "apprentice": // mortarboard over a head
		return glyph{
			ink: []shape{poly{0, -0.62, 0.62, -0.36, 0, -0.1, -0.62, -0.36}, rect{-0.3, -0.3, 0.3, 0.0},
				disc{0, 0.32, 0.24}, seg{0, -0.36, 0.46, -0.22, 0.06}, seg{0.46, -0.22, 0.46, 0.12, 0.06}},
			cut: []shape{},
		}
	case "3":
		return glyph{ink: []shape{arc{0, -0.25, 0.24, 0.15, 165, 450}, arc{0, 0.25, 0.26, 0.15, 270, 555}}}
	case "4":
		return glyph{ink: []shape{seg{0.16, -0.52, -0.36, 0.2, 0.15}, seg{-0.36, 0.2, 0.36, 0.2, 0.15}, seg{0.16, -0.52, 0.16, 0.52, 0.15}}}
	case "5":
		return glyph{ink: []shape{seg{0.3, -0.5, -0.2, -0.5, 0.15}, seg{-0.2, -0.5, -0.24, -0.04, 0.15},
			arc{0, 0.2, 0.29, 0.15, 215, 505}}}
	case "6":
		return glyph{ink: []shape{arc{0, 0.22, 0.27, 0.15, 0, 360}, seg{0.22, -0.52, -0.25, 0.14, 0.15}}}
	}
	return glyph{}
}

// notIn is the complement of a shape.
type notIn struct{ s shape }

func (n notIn) in(x, y float64) bool { return !n.s.in(x, y) }

// setupGlyph draws a Turn Setup face: a bar along the top edge marks "up";
// below it the 4 slots, as a 2×2 grid of discs (1 2 / 3 4) or, for the
// Theater's weekdays, a 1×4 row of upright bars; the two covered slots
// filled, the others outlined.
func setupGlyph(face string, row bool) glyph {
	g := glyph{ink: []shape{rect{-0.58, -0.68, 0.58, -0.52}}}
	const line = 0.07
	for i := 0; i < 4; i++ {
		filled := strings.ContainsRune(face, rune('1'+i))
		var mark, hole shape
		if row {
			cx := -0.57 + 0.38*float64(i)
			mark = rect{cx - 0.15, -0.3, cx + 0.15, 0.62}
			hole = rect{cx - 0.15 + line, -0.3 + line, cx + 0.15 - line, 0.62 - line}
		} else {
			cx, cy := -0.3+0.6*float64(i%2), -0.06+0.6*float64(i/2)
			mark, hole = disc{cx, cy, 0.25}, disc{cx, cy, 0.25 - line}
		}
		if filled {
			g.ink = append(g.ink, mark)
		} else {
			g.ink = append(g.ink, both{mark, notIn{hole}})
		}
	}
	return g
}

// mask is a rasterised glyph: ink coverage 0..1, glyphRes×glyphRes, row-major,
// covering face units [-1,1]².
type mask []float32

var (
	maskMu    sync.Mutex
	maskCache = map[KindFace]mask{}
)

// glyphMask returns the (cached) ink mask of a kind's face.
func glyphMask(kind, face string) mask {
	key := KindFace{Kind: kind, Face: face}
	if _, ok := setupSlots[kind]; ok && kind != vision.KindSetupTheater {
		key.Kind = vision.KindSetupDowntown // all 2×2 setup dice share glyphs
	} else if !ok {
		key.Kind = "" // Downtown glyphs depend on the face only (X alike)
	}
	maskMu.Lock()
	defer maskMu.Unlock()
	if m, ok := maskCache[key]; ok {
		return m
	}
	m := rasterise(glyphShapes(kind, face))
	maskCache[key] = m
	return m
}

func rasterise(g glyph) mask {
	m := make(mask, glyphRes*glyphRes)
	const ss = 3
	for y := 0; y < glyphRes; y++ {
		for x := 0; x < glyphRes; x++ {
			n := 0
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					u := (float64(x)+(float64(sx)+0.5)/ss)/glyphRes*2 - 1
					v := (float64(y)+(float64(sy)+0.5)/ss)/glyphRes*2 - 1
					if g.in(u, v) {
						n++
					}
				}
			}
			m[y*glyphRes+x] = float32(n) / ss / ss
		}
	}
	return m
}

// at samples the mask bilinearly at face coordinates (u,v) in [-1,1].
func (m mask) at(u, v float64) float32 {
	fx := (u+1)*glyphRes/2 - 0.5
	fy := (v+1)*glyphRes/2 - 0.5
	x0, y0 := int(math.Floor(fx)), int(math.Floor(fy))
	ax, ay := float32(fx-float64(x0)), float32(fy-float64(y0))
	get := func(x, y int) float32 {
		if x < 0 || y < 0 || x >= glyphRes || y >= glyphRes {
			return 0
		}
		return m[y*glyphRes+x]
	}
	top := get(x0, y0)*(1-ax) + get(x0+1, y0)*ax
	bot := get(x0, y0+1)*(1-ax) + get(x0+1, y0+1)*ax
	return top*(1-ay) + bot*ay
}

// GlyphMask returns a copy of the rasterised ink mask of a kind's face
// (glyphRes×glyphRes = 128×128 coverage values 0..1, row-major, covering
// the top face), for tests and for readers that want to compare against the
// ideal glyph. Nil for an unknown kind or face.
func GlyphMask(kind, face string) []float32 {
	if checkDice([]KindFace{{kind, face}}) != nil || face == "" {
		return nil
	}
	return append([]float32(nil), glyphMask(kind, face)...)
}

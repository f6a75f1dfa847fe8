package synth

import (
	"math"
	"math/rand/v2"
	"sync"
)

// canvas is a float RGB picture (3 float32 per pixel, 0..255 scale) whose
// pixel (0,0) sits at table point (x0, y0).
type canvas struct {
	w, h   int
	x0, y0 float64
	pix    []float32
}

func newCanvas(w, h int, x0, y0 float64) *canvas {
	return &canvas{w: w, h: h, x0: x0, y0: y0, pix: getF32(w * h * 3)}
}

// palettes: base colours per background (and a second colour for wood).
var palettes = map[string][]rgb{
	"plain": {{46, 96, 64}, {118, 118, 114}, {42, 54, 86}, {176, 160, 134}, {186, 184, 178}, {92, 60, 52}},
	"felt":  {{30, 104, 58}, {36, 62, 124}, {112, 32, 42}, {88, 88, 94}, {58, 44, 70}},
	"wood":  {{196, 156, 104}, {150, 104, 62}, {118, 78, 48}, {170, 120, 80}},
	"cloth": {{202, 192, 172}, {62, 82, 122}, {140, 138, 134}, {44, 44, 48}, {160, 70, 56}},
}

// paintBackground fills c with the named mat texture.
func paintBackground(c *canvas, kind string, r *rand.Rand) {
	pal := palettes[kind]
	base := pal[r.IntN(len(pal))]
	lum := getF32(c.w * c.h)
	defer putF32(lum)
	for i := range lum {
		lum[i] = 1
	}
	n := newPixNoise(r.Uint64())
	switch kind {
	case "plain":
		addField(lum, c.w, c.h, 260, 0.05, r)
		addPixNoise(lum, 0.012, n)
	case "felt":
		addField(lum, c.w, c.h, 90, 0.05, r)
		addField(lum, c.w, c.h, 14, 0.035, r)
		addPixNoise(lum, 0.06, n)
	case "wood":
		paintWood(lum, c, r)
		addPixNoise(lum, 0.02, n)
	case "cloth":
		paintCloth(lum, c, r)
		addField(lum, c.w, c.h, 120, 0.04, r)
		addPixNoise(lum, 0.035, n)
	}
	for i, l := range lum {
		c.pix[3*i] = base.r * l
		c.pix[3*i+1] = base.g * l
		c.pix[3*i+2] = base.b * l
	}
}

// paintWood multiplies lum by wood grain along a random direction: wavy
// grain lines, streaks, and plank seams with per-plank shade.
func paintWood(lum []float32, c *canvas, r *rand.Rand) {
	warp := getF32(c.w * c.h)
	defer putF32(warp)
	clear(warp)
	addField(warp, c.w, c.h, 140, 1, r)
	ang := r.Float64() * 180
	ca, sa := cosd(ang), sind(ang)
	period := 7 + r.Float64()*9
	plank := 140 + r.Float64()*140
	streak := make([]float32, 4096)
	for i := range streak {
		streak[i] = float32(r.Float64()-0.5) * 0.12
	}
	shades := make([]float32, 64)
	for i := range shades {
		shades[i] = 0.88 + float32(r.Float64())*0.24
	}
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			tx, ty := c.x0+float64(x), c.y0+float64(y)
			b := -tx*sa + ty*ca + 10000
			i := y*c.w + x
			t := b + 22*float64(warp[i])
			g := 0.5 + 0.5*fastSin(t/period)
			l := 1 - 0.22*float32(g*g*g)
			l += streak[int(b*0.7)&4095]
			pi := int(b / plank)
			l *= shades[pi&63]
			if b-float64(pi)*plank < 1.6 {
				l *= 0.55
			}
			lum[i] *= l
		}
	}
}

// paintCloth multiplies lum by a woven pattern of threads.
func paintCloth(lum []float32, c *canvas, r *rand.Rand) {
	ang := r.Float64() * 90
	ca, sa := cosd(ang), sind(ang)
	p := 3.5 + r.Float64()*3
	k := 1 / p
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			tx, ty := c.x0+float64(x), c.y0+float64(y)
			a := tx*ca + ty*sa
			b := -tx*sa + ty*ca
			s1, s2 := fastSin(k*a), fastSin(k*b)
			lum[y*c.w+x] *= 1 + 0.09*s1*s2 + 0.04*abs32(s1) - 0.04*abs32(s2)
		}
	}
}

// addField adds a smooth random field (value noise with the given cell size
// in pixels and amplitude) to dst, a w×h single-channel picture.
func addField(dst []float32, w, h int, cell, amp float64, r *rand.Rand) {
	gw, gh := int(float64(w)/cell)+3, int(float64(h)/cell)+3
	grid := make([]float32, gw*gh)
	for i := range grid {
		grid[i] = float32((r.Float64()*2 - 1) * amp)
	}
	xs := make([]int, w)
	xf := make([]float32, w)
	for x := 0; x < w; x++ {
		f := float64(x) / cell
		xs[x] = int(f)
		xf[x] = smooth(float32(f - math.Floor(f)))
	}
	for y := 0; y < h; y++ {
		f := float64(y) / cell
		gy := int(f)
		fy := smooth(float32(f - math.Floor(f)))
		r0, r1 := grid[gy*gw:], grid[(gy+1)*gw:]
		row := dst[y*w : (y+1)*w]
		for x := range row {
			gx, fx := xs[x], xf[x]
			a := r0[gx] + (r0[gx+1]-r0[gx])*fx
			b := r1[gx] + (r1[gx+1]-r1[gx])*fx
			row[x] += a + (b-a)*fy
		}
	}
}

func smooth(t float32) float32 { return t * t * (3 - 2*t) }

// pixNoise is a fast deterministic per-pixel noise source (splitmix64).
type pixNoise struct{ s uint64 }

func newPixNoise(seed uint64) *pixNoise { return &pixNoise{s: seed} }

func (n *pixNoise) next() uint64 {
	n.s += 0x9e3779b97f4a7c15
	z := n.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// tri turns 16 random bits into a zero-mean triangular value of standard
// deviation 1.
func tri(bits uint64) float32 {
	a, b := float32(bits&0xff), float32((bits>>8)&0xff)
	return (a + b - 255) / 104.5
}

func addPixNoise(dst []float32, amp float32, n *pixNoise) {
	for i := range dst {
		dst[i] += amp * tri(n.next())
	}
}

// warp fills the w×h image buffer dst from the table canvas c through the
// inverse homography inv (image → table), bilinear.
func warp(dst []float32, w, h int, c *canvas, inv homog) {
	maxX, maxY := float64(c.w-2), float64(c.h-2)
	for y := 0; y < h; y++ {
		py := float64(y) + 0.5
		// numerators and denominator are linear in x along a row
		nx := inv[0]*0.5 + inv[1]*py + inv[2] - c.x0*(inv[6]*0.5+inv[7]*py+inv[8])
		ny := inv[3]*0.5 + inv[4]*py + inv[5] - c.y0*(inv[6]*0.5+inv[7]*py+inv[8])
		dw := inv[6]*0.5 + inv[7]*py + inv[8]
		dnx, dny, ddw := inv[0]-c.x0*inv[6], inv[3]-c.y0*inv[6], inv[6]
		o := y * w * 3
		for x := 0; x < w; x++ {
			fx, fy := nx/dw-0.5, ny/dw-0.5
			nx, ny, dw = nx+dnx, ny+dny, dw+ddw
			fx = fmax(0, fmin(maxX, fx))
			fy = fmax(0, fmin(maxY, fy))
			x0, y0 := int(fx), int(fy)
			ax, ay := float32(fx-float64(x0)), float32(fy-float64(y0))
			i := (y0*c.w + x0) * 3
			j := i + c.w*3
			p, q := c.pix[i:i+6], c.pix[j:j+6]
			for k := 0; k < 3; k++ {
				t := p[k] + (p[k+3]-p[k])*ax
				b := q[k] + (q[k+3]-q[k])*ax
				dst[o+k] = t + (b-t)*ay
			}
			o += 3
		}
	}
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// sinTable holds one period of sin in 1024 steps, for fastSin.
var sinTable = func() [1024]float32 {
	var t [1024]float32
	for i := range t {
		t[i] = float32(math.Sin(2 * math.Pi * float64(i) / 1024))
	}
	return t
}()

// fastSin is sin(2πx) from a table (nearest step): textures only.
func fastSin(x float64) float32 {
	return sinTable[int(x*1024+1<<30)&1023]
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// f32Pool recycles the large float buffers of a render (a 1280×720 frame
// needs some 40 MB of them), sparing the allocator and the GC.
var f32Pool sync.Pool

// getF32 returns a float buffer of length n with unspecified contents.
func getF32(n int) []float32 {
	if p, ok := f32Pool.Get().(*[]float32); ok && cap(*p) >= n {
		return (*p)[:n]
	}
	return make([]float32, n)
}

// putF32 gives a buffer back to the pool; the caller must not use it again.
func putF32(s []float32) { f32Pool.Put(&s) }

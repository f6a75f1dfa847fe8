package synth

import (
	"image"
	"math"
	"math/rand/v2"

	"tableside/vision/internal/portable"
)

// paint renders the scene without sensor noise into a float RGB buffer
// (w×h×3, 0..255 scale): mat, light, shadows, die sides, die tops with
// their glyphs and glare, then blur.
func (sc *scene) paint() []float32 {
	r := rand.New(rand.NewPCG(sc.seed, 0x6d6174))
	buf := getF32(sc.w * sc.h * 3) // paintMat writes every pixel
	sc.paintMat(buf, r)
	boxes := make([]image.Rectangle, len(sc.dice))
	faces := make([]homog, len(sc.dice))
	for i := range sc.dice {
		faces[i], boxes[i] = sc.faceMap(&sc.dice[i])
	}
	for pass := 0; pass < 3; pass++ {
		for i := range sc.dice {
			sc.paintDie(buf, &sc.dice[i], faces[i], boxes[i], pass)
		}
	}
	if sc.blurR > 0 {
		blur(buf, sc.w, sc.h, sc.blurR)
		blur(buf, sc.w, sc.h, sc.blurR)
	}
	return buf
}

// paintMat paints the lit mat, through the tilt homography when tilted.
func (sc *scene) paintMat(buf []float32, r *rand.Rand) {
	if sc.tilt == 0 {
		c := &canvas{w: sc.w, h: sc.h, pix: buf}
		paintBackground(c, sc.background, r)
	} else {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range [4][2]float64{{0, 0}, {float64(sc.w), 0}, {0, float64(sc.h)}, {float64(sc.w), float64(sc.h)}} {
			x, y := sc.inv.apply(p[0], p[1])
			x0, y0, x1, y1 = fmin(x0, x), fmin(y0, y), fmax(x1, x), fmax(y1, y)
		}
		x0, y0 = math.Floor(x0)-2, math.Floor(y0)-2
		c := newCanvas(int(x1-x0)+4, int(y1-y0)+4, x0, y0)
		paintBackground(c, sc.background, r)
		warp(buf, sc.w, sc.h, c, sc.inv)
		putF32(c.pix)
	}
	for y := 0; y < sc.h; y++ {
		for x := 0; x < sc.w; x++ {
			l := sc.lightAt(float64(x)+0.5, float64(y)+0.5)
			i := (y*sc.w + x) * 3
			buf[i] *= l
			buf[i+1] *= l
			buf[i+2] *= l
		}
	}
}

// faceMap returns the homography from image pixels to the die's face units
// (top face = [-1,1]²) and the image box the die, its sides and its shadow
// can touch.
func (sc *scene) faceMap(d *die) (homog, image.Rectangle) {
	c, s, h := cosd(d.q.angle), sind(d.q.angle), d.q.half
	toFace := homog{c / h, s / h, -(d.q.cx*c + d.q.cy*s) / h, -s / h, c / h, (d.q.cx*s - d.q.cy*c) / h, 0, 0, 1}
	m := toFace.mul(sc.inv)
	back := m.inverse()
	su, sv := sc.shiftFace(d)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, o := range [3][2]float64{{0, 0}, {su, sv}, sc.shadowFace(d)} {
		for _, p := range [4][2]float64{{-1.6, -1.6}, {1.6, -1.6}, {1.6, 1.6}, {-1.6, 1.6}} {
			x, y := back.apply(o[0]+p[0], o[1]+p[1])
			x0, y0, x1, y1 = fmin(x0, x), fmin(y0, y), fmax(x1, x), fmax(y1, y)
		}
	}
	box := image.Rect(int(x0)-1, int(y0)-1, int(x1)+2, int(y1)+2).Intersect(image.Rect(0, 0, sc.w, sc.h))
	return m, box
}

// shiftFace is the side extrusion in face units.
func (sc *scene) shiftFace(d *die) (float64, float64) {
	c, s := cosd(d.q.angle), sind(d.q.angle)
	return (d.shift[0]*c + d.shift[1]*s) / d.q.half, (-d.shift[0]*s + d.shift[1]*c) / d.q.half
}

// shadowFace is the shadow offset in face units (2 units = one die side).
func (sc *scene) shadowFace(d *die) [2]float64 {
	c, s := cosd(d.q.angle), sind(d.q.angle)
	dx, dy := 2*sc.shadowDX, 2*sc.shadowDY
	return [2]float64{dx*c + dy*s, -dx*s + dy*c}
}

const cornerR = 0.22 // corner radius of a die face, face units

// paintDie draws one pass of a die: 0 shadow, 1 sides, 2 top.
func (sc *scene) paintDie(buf []float32, d *die, m homog, box image.Rectangle, pass int) {
	ppu := 0.0 // image pixels per face unit, for anti-aliasing
	{
		cx, cy := m.inverse().apply(0, 0)
		ex, ey := m.inverse().apply(1, 0)
		ppu = portable.Hypot(ex-cx, ey-cy)
	}
	su, sv := sc.shiftFace(d)
	sh := sc.shadowFace(d)
	sideless := portable.Hypot(su, sv) < 0.01
	if pass == 1 && sideless {
		return
	}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		py := float64(y) + 0.5
		for x := box.Min.X; x < box.Max.X; x++ {
			px := float64(x) + 0.5
			w := m[6]*px + m[7]*py + m[8]
			u := (m[0]*px + m[1]*py + m[2]) / w
			v := (m[3]*px + m[4]*py + m[5]) / w
			i := (y*sc.w + x) * 3
			switch pass {
			case 0:
				sc.shade(buf[i:i+3], d, u, v, sh, su, sv)
			case 1:
				sc.side(buf[i:i+3], d, u, v, su, sv, ppu, px, py)
			case 2:
				sc.top(buf[i:i+3], d, u, v, ppu, px, py)
			}
		}
	}
}

// shade darkens the mat under a die: a soft cast shadow offset away from
// the light and a tight contact shadow around the base.
func (sc *scene) shade(p []float32, d *die, u, v float64, sh [2]float64, su, sv float64) {
	const soft = 0.35
	ds := roundedSDF((u-sh[0]-su)/1.04, (v-sh[1]-sv)/1.04, 0.3) * 1.04
	a := 0.0
	if ds < soft {
		a = sc.shadowDark * (1 - smoothstep(-soft, soft, ds))
	}
	db := roundedSDF(u-su, v-sv, cornerR)
	if db < 0.15 {
		a = 1 - (1-a)*(1-0.4*(1-smoothstep(-0.02, 0.15, db)))
	}
	if a > 0 {
		f := float32(1 - a)
		p[0], p[1], p[2] = p[0]*f, p[1]*f, p[2]*f
	}
}

// side paints the visible sides of a die: the top face swept toward its
// base, darker than the top.
func (sc *scene) side(p []float32, d *die, u, v, su, sv, ppu, px, py float64) {
	if u < fmin(0, su)-1.05 || u > fmax(0, su)+1.05 || v < fmin(0, sv)-1.05 || v > fmax(0, sv)+1.05 {
		return // outside the swept box
	}
	if roundedSDF(u, v, cornerR)*ppu < -1 {
		return // well inside the top face, which covers it
	}
	n := int(portable.Hypot(su, sv)/0.06) + 1
	best, bt := math.Inf(1), 0.0
	for k := 0; k <= n; k++ {
		t := float64(k) / float64(n)
		s := 1 - t*d.baseK
		dd := roundedSDF((u-t*su)/s, (v-t*sv)/s, cornerR) * s
		if dd < best {
			best, bt = dd, t
		}
	}
	cov := 0.5 - best*ppu
	if cov <= 0 {
		return
	}
	cov = fmin(cov, 1)
	f := float32(0.62-0.22*bt) * sc.lightAt(px, py) * d.bright
	blend(p, d.look.body.r*f, d.look.body.g*f, d.look.body.b*f, float32(cov))
}

// top paints the top face: body colour with a darker bevel, the glyph in
// ink, lit, plus a glare spot.
func (sc *scene) top(p []float32, d *die, u, v, ppu, px, py float64) {
	dd := roundedSDF(u, v, cornerR)
	cov := 0.5 - dd*ppu
	if cov <= 0 {
		return
	}
	cov = fmin(cov, 1)
	shade := float32(1-0.28*smoothstep(-0.16, 0.02, dd)) * float32(1-0.03*(u+v)) * d.bright * sc.lightAt(px, py)
	ink := d.mask.at(u, v)
	b, k := d.look.body, d.look.ink
	r := (b.r*(1-ink) + k.r*ink) * shade
	g := (b.g*(1-ink) + k.g*ink) * shade
	bl := (b.b*(1-ink) + k.b*ink) * shade
	if d.glare {
		gl := float32(d.gs * portable.Exp(-(sq(u-d.gu)+sq(v-d.gv))/sq(d.gr)))
		r, g, bl = r+(262-r)*gl, g+(262-g)*gl, bl+(262-bl)*gl
	}
	blend(p, r, g, bl, float32(cov))
}

func blend(p []float32, r, g, b, a float32) {
	p[0] += (r - p[0]) * a
	p[1] += (g - p[1]) * a
	p[2] += (b - p[2]) * a
}

func smoothstep(e0, e1, x float64) float64 {
	t := fmax(0, fmin(1, (x-e0)/(e1-e0)))
	return t * t * (3 - 2*t)
}

// blur is a separable box blur of radius r (two passes approximate a
// Gaussian).
func blur(buf []float32, w, h, r int) {
	tmp := getF32(len(buf))
	blurRows(buf, tmp, w, h, r)
	blurCols(tmp, buf, w, h, r)
	putF32(tmp)
}

// blurRows box-blurs each row of src into dst, clamped at the ends.
func blurRows(src, dst []float32, w, h, r int) {
	norm := 1 / float32(2*r+1)
	ext := make([]float32, (w+2*r+1)*3)
	for y := 0; y < h; y++ {
		row := src[y*w*3 : (y+1)*w*3]
		for i := 0; i < w+2*r+1; i++ {
			k := clampInt(i-r, 0, w-1) * 3
			copy(ext[i*3:i*3+3], row[k:k+3])
		}
		var s0, s1, s2 float32
		for i := 0; i < 2*r+1; i++ {
			s0, s1, s2 = s0+ext[3*i], s1+ext[3*i+1], s2+ext[3*i+2]
		}
		out := dst[y*w*3 : (y+1)*w*3]
		for x := 0; x < w; x++ {
			out[3*x], out[3*x+1], out[3*x+2] = s0*norm, s1*norm, s2*norm
			a, b := 3*(x+2*r+1), 3*x
			s0 += ext[a] - ext[b]
			s1 += ext[a+1] - ext[b+1]
			s2 += ext[a+2] - ext[b+2]
		}
	}
}

// blurCols box-blurs the columns of src into dst with a running row sum.
func blurCols(src, dst []float32, w, h, r int) {
	norm := 1 / float32(2*r+1)
	n := w * 3
	acc := make([]float32, n)
	rowAt := func(y int) []float32 { y = clampInt(y, 0, h-1); return src[y*n : (y+1)*n] }
	for y := -r; y <= r; y++ {
		for i, v := range rowAt(y) {
			acc[i] += v
		}
	}
	for y := 0; y < h; y++ {
		out := dst[y*n : (y+1)*n]
		add, sub := rowAt(y+r+1), rowAt(y-r)
		for i := range out {
			out[i] = acc[i] * norm
			acc[i] += add[i] - sub[i]
		}
	}
}

// finish applies the white balance, adds sensor noise and quantises to
// 8-bit RGBA.
func (sc *scene) finish(buf []float32, noiseSeed uint64) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, sc.w, sc.h))
	n := newPixNoise(noiseSeed)
	sig := float32(sc.noise)
	if sig < 0 {
		sig = 0
	}
	ls, cs := sig*0.8, sig*0.6
	tr, tg, tb := sc.tint[0], sc.tint[1], sc.tint[2]
	for i, j := 0, 0; i < len(buf); i, j = i+3, j+4 {
		var nl, n0, n1, n2 float32
		if sig > 0 {
			bits := n.next()
			nl, n0, n1, n2 = tri(bits)*ls, tri(bits>>16)*cs, tri(bits>>32)*cs, tri(bits>>48)*cs
		}
		img.Pix[j] = quant(buf[i]*tr + nl + n0)
		img.Pix[j+1] = quant(buf[i+1]*tg + nl + n1)
		img.Pix[j+2] = quant(buf[i+2]*tb + nl + n2)
		img.Pix[j+3] = 255
	}
	return img
}

func quant(v float32) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v + 0.5)
}

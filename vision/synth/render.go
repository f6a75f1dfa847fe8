package synth

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"
)

// Frame renders a picture of dice, deterministic from seed and o (same seed
// and options → identical pixels). The returned Truth has Image "" (the
// caller names the file). Sizes: die sides are drawn between MinSize and
// MaxSize pixels (defaults 50–110, all dice of a frame within ±3% of one
// size), scaled by Width/1280 for frames wider than 1280.
func Frame(seed uint64, o Options) (*image.RGBA, Truth, error) {
	sc, err := newScene(seed, o)
	if err != nil {
		return nil, Truth{}, err
	}
	buf := sc.paint()
	img := sc.finish(buf, seed^0x6e6f697365)
	putF32(buf)
	if sc.quality > 0 {
		img, err = jpegRoundTrip(img, sc.quality)
		if err != nil {
			return nil, Truth{}, err
		}
	}
	return img, sc.truth(), nil
}

// Single renders one die of the given kind and face anywhere in the frame,
// at any rotation (a teach image). o.Dice and o.Touching are ignored.
func Single(seed uint64, kind, face string, o Options) (*image.RGBA, Truth, error) {
	if face == "" {
		return nil, Truth{}, fmt.Errorf("synth: Single needs a face for kind %q", kind)
	}
	o.Dice = []KindFace{{Kind: kind, Face: face}}
	o.Touching = false
	return Frame(seed, o)
}

// die is one die of a scene, in table coordinates.
type die struct {
	kf       KindFace
	q        square
	look     look
	bright   float32
	mask     mask
	shift    [2]float64 // side extrusion: top → base, table units
	baseK    float64    // base square shrink at the far end of the extrusion
	glare    bool
	gu, gv   float64 // glare spot centre, face units
	gr, gs   float64 // glare spot radius (face units) and strength
	touching bool
}

// scene is everything needed to paint one picture.
type scene struct {
	seed               uint64
	w, h               int
	tilt, axis         float64
	hom, inv           homog
	background, light  string
	lightBase, lightG  float64
	lightDir, vignette float64
	lightCos, lightSin float64
	shadowDX, shadowDY float64 // shadow offset in units of die side
	shadowDark         float64
	blurR              int
	noise              float64
	tint               [3]float32 // white balance: warm (>1 red) or cool
	quality            int
	dice               []die
}

func newScene(seed uint64, o Options) (*scene, error) {
	r := rand.New(rand.NewPCG(seed, 0x7461626c65736964))
	sc := &scene{seed: seed, w: o.Width, h: o.Height, quality: o.JPEGQuality}
	if sc.w == 0 && sc.h == 0 {
		sc.w, sc.h = 1280, 720
	}
	if sc.w < 64 || sc.h < 64 || sc.w > 8192 || sc.h > 8192 {
		return nil, fmt.Errorf("synth: picture size %d×%d out of range 64..8192", sc.w, sc.h)
	}
	if o.Tilt < 0 || o.Tilt > 60 {
		return nil, fmt.Errorf("synth: tilt %.1f° out of range 0..60", o.Tilt)
	}
	if o.JPEGQuality < 0 || o.JPEGQuality > 100 {
		return nil, fmt.Errorf("synth: JPEG quality %d out of range 0..100", o.JPEGQuality)
	}
	dice := o.Dice
	if dice == nil {
		dice = DefaultDice()
	}
	if err := checkDice(dice); err != nil {
		return nil, err
	}
	var err error
	if sc.background, err = pick(r, o.Background, Backgrounds, "background"); err != nil {
		return nil, err
	}
	if sc.light, err = pick(r, o.Light, Lights, "light"); err != nil {
		return nil, err
	}
	sc.setLight(r)
	sc.noise = o.Noise
	if sc.noise == 0 {
		sc.noise = 3
		if sc.light == "dim" {
			sc.noise = 6
		}
	}
	sc.tilt, sc.axis = o.Tilt, r.Float64()*360
	dist := 1.15 * float64(sc.w)
	sc.hom = tiltHomography(sc.w, sc.h, sc.tilt, sc.axis, dist)
	sc.inv = sc.hom.inverse()
	ang := r.Float64() * 360
	off := 0.08 + r.Float64()*0.14
	sc.shadowDX, sc.shadowDY = off*cosd(ang), off*sind(ang)
	sc.shadowDark = 0.25 + r.Float64()*0.25
	if o.Blur {
		sc.blurR = 1 + r.IntN(2)
		if sc.w > 1280 {
			sc.blurR = int(math.Round(float64(sc.blurR) * float64(sc.w) / 1280))
		}
	}
	if err := sc.layout(r, dice, o, dist); err != nil {
		return nil, err
	}
	if o.Glare {
		sc.addGlare(r)
	}
	return sc, nil
}

func pick(r *rand.Rand, want string, from []string, what string) (string, error) {
	choice := from[r.IntN(len(from))]
	if want == "" {
		return choice, nil
	}
	for _, f := range from {
		if f == want {
			return want, nil
		}
	}
	return "", fmt.Errorf("synth: unknown %s %q (want one of %v)", what, want, from)
}

func (sc *scene) setLight(r *rand.Rand) {
	sc.lightDir = r.Float64() * 360
	sc.lightCos, sc.lightSin = cosd(sc.lightDir), sind(sc.lightDir)
	t := float32(-0.05 + r.Float64()*0.12)
	sc.tint = [3]float32{1 + t, 1, 1 - t}
	switch sc.light {
	case "even":
		sc.lightBase, sc.lightG, sc.vignette = 0.95+r.Float64()*0.12, 0.03, 0.04
	case "gradient":
		sc.lightBase, sc.lightG, sc.vignette = 0.85+r.Float64()*0.15, 0.22+r.Float64()*0.18, 0.12
	case "dim":
		sc.lightBase, sc.lightG, sc.vignette = 0.42+r.Float64()*0.14, 0.12, 0.18
	}
}

// lightAt is the light factor at image pixel (x, y).
func (sc *scene) lightAt(x, y float64) float32 {
	half := float64(sc.w) / 2
	nx, ny := (x-half)/half, (y-float64(sc.h)/2)/half
	l := sc.lightBase * (1 + sc.lightG*(nx*sc.lightCos+ny*sc.lightSin)) * (1 - sc.vignette*(nx*nx+ny*ny))
	if l < 0.08 {
		return 0.08
	}
	return float32(l)
}

// layout places the dice on the table: all inside the picture, none
// overlapping, non-touching dice at least minGap apart, and when asked some
// dice placed edge to edge.
func (sc *scene) layout(r *rand.Rand, kfs []KindFace, o Options, dist float64) error {
	minS, maxS := float64(o.MinSize), float64(o.MaxSize)
	if minS == 0 {
		minS = 50
	}
	if maxS == 0 {
		maxS = 110
	}
	if maxS < minS || minS < 8 {
		return fmt.Errorf("synth: die size range %v..%v invalid", minS, maxS)
	}
	if sc.w > 1280 {
		minS, maxS = minS*float64(sc.w)/1280, maxS*float64(sc.w)/1280
	}
	size := minS + r.Float64()*(maxS-minS)
	fx, fy, camH := cameraFoot(sc.w, sc.h, sc.tilt, sc.axis, dist)
	for attempt := 0; attempt < 12; attempt++ {
		if sc.tryLayout(r, kfs, o.Touching, size, fx, fy, camH) {
			return nil
		}
		size = fmax(minS, size*0.92) // crowded: smaller dice, never below MinSize
	}
	return fmt.Errorf("synth: cannot place %d dice in %d×%d", len(kfs), sc.w, sc.h)
}

func (sc *scene) tryLayout(r *rand.Rand, kfs []KindFace, touching bool, size, fx, fy, camH float64) bool {
	n := len(kfs)
	attach := make([]bool, n) // attach[i]: the i-th placed die touches the one before
	if touching && n >= 2 {
		k := 1 + r.IntN(min(3, n-1))
		for _, i := range r.Perm(n - 1)[:k] {
			attach[i+1] = true
		}
	}
	order := r.Perm(n)
	sc.dice = make([]die, n)
	var placed []int
	pairs := 0
	for step, idx := range order {
		d := die{kf: kfs[idx], bright: 0.97 + float32(r.Float64())*0.06}
		if d.kf.Face == "" {
			faces := Faces(d.kf.Kind)
			d.kf.Face = faces[r.IntN(len(faces))]
		}
		d.look = looks[d.kf.Kind]
		d.mask = glyphMask(d.kf.Kind, d.kf.Face)
		half := size * (0.97 + r.Float64()*0.06) / 2
		ok := false
		if attach[step] {
			prev := &sc.dice[order[step-1]]
			if sc.placeTouching(r, &d, prev, half, placed, fx, fy, camH) {
				prev.touching, d.touching = true, true
				pairs++
				ok = true
			}
		}
		if !ok && !sc.placeFree(r, &d, half, placed, fx, fy, camH) {
			return false
		}
		sc.dice[idx] = d
		placed = append(placed, idx)
	}
	return !touching || n < 2 || pairs > 0
}

func (sc *scene) minGap(half float64) float64 { return fmax(5, 0.2*half) }

func (sc *scene) placeFree(r *rand.Rand, d *die, half float64, placed []int, fx, fy, camH float64) bool {
	m := 1.6 * half
	for try := 0; try < 300; try++ {
		ix := m + r.Float64()*(float64(sc.w)-2*m)
		iy := m + r.Float64()*(float64(sc.h)-2*m)
		tx, ty := sc.inv.apply(ix, iy)
		d.q = square{tx, ty, half, r.Float64() * 360}
		sc.setSides(d, fx, fy, camH)
		if sc.fits(d) && sc.clear(d, placed, -1) {
			return true
		}
	}
	return false
}

func (sc *scene) placeTouching(r *rand.Rand, d, prev *die, half float64, placed []int, fx, fy, camH float64) bool {
	for try := 0; try < 60; try++ {
		dir := prev.q.angle + 90*float64(r.IntN(4))
		along := (r.Float64()*2 - 1) * 0.45 * (half + prev.q.half)
		jitter := 0.0
		if r.IntN(2) == 0 {
			jitter = (r.Float64()*2 - 1) * 4
		}
		ux, uy := cosd(dir), sind(dir)
		dist := prev.q.half + half + 0.3
		cx := prev.q.cx + dist*ux - along*uy
		cy := prev.q.cy + dist*uy + along*ux
		d.q = square{cx, cy, half, prev.q.angle + jitter}
		for i := 0; i < 4; i++ { // push along dir until the gap is ~0.3 px
			g := gap(prev.q, d.q)
			d.q.cx += (0.3 - g) * ux
			d.q.cy += (0.3 - g) * uy
		}
		if g := gap(prev.q, d.q); g < 0 || g > 1 {
			continue
		}
		sc.setSides(d, fx, fy, camH)
		if sc.fits(d) && sc.clear(d, placed, sc.indexOf(prev)) {
			return true
		}
	}
	return false
}

func (sc *scene) indexOf(p *die) int {
	for i := range sc.dice {
		if &sc.dice[i] == p {
			return i
		}
	}
	return -1
}

// setSides sets the side extrusion of a die: its base, one die side further
// from the camera, projects onto the top plane shifted toward the camera's
// foot (halved to keep perspective mild).
func (sc *scene) setSides(d *die, fx, fy, camH float64) {
	side := 2 * d.q.half
	k := 0.5 * side / (camH + side)
	d.shift = [2]float64{(fx - d.q.cx) * k, (fy - d.q.cy) * k}
	d.baseK = k
}

// fits: the die's top and base corners lie inside the picture.
func (sc *scene) fits(d *die) bool {
	const m = 3
	for _, q := range []square{d.q, {d.q.cx + d.shift[0], d.q.cy + d.shift[1], d.q.half, d.q.angle}} {
		c := q.corners()
		for i := 0; i < 4; i++ {
			x, y := sc.hom.apply(c[2*i], c[2*i+1])
			if x < m || y < m || x > float64(sc.w)-m || y > float64(sc.h)-m {
				return false
			}
		}
	}
	return true
}

// clear: the die is at least minGap from every placed die but the one it
// touches (except).
func (sc *scene) clear(d *die, placed []int, except int) bool {
	for _, i := range placed {
		g := gap(sc.dice[i].q, d.q)
		if i == except {
			if g < 0 {
				return false
			}
			continue
		}
		if g < sc.minGap(d.q.half) {
			return false
		}
	}
	return true
}

func (sc *scene) addGlare(r *rand.Rand) {
	any := false
	for i := range sc.dice {
		if r.Float64() < 0.35 {
			sc.setGlare(r, &sc.dice[i])
			any = true
		}
	}
	if !any && len(sc.dice) > 0 {
		sc.setGlare(r, &sc.dice[r.IntN(len(sc.dice))])
	}
}

func (sc *scene) setGlare(r *rand.Rand, d *die) {
	d.glare = true
	d.gu, d.gv = (r.Float64()*2-1)*0.55, (r.Float64()*2-1)*0.55
	d.gr = 0.15 + r.Float64()*0.25
	d.gs = 0.6 + r.Float64()*0.4
}

// truth reports the scene's ground truth in image pixels.
func (sc *scene) truth() Truth {
	t := Truth{Width: sc.w, Height: sc.h, Background: sc.background, Light: sc.light,
		Quality: sc.quality, Seed: sc.seed, Dice: []DieTruth{}}
	for _, d := range sc.dice {
		x, y := sc.hom.apply(d.q.cx, d.q.cy)
		c := d.q.corners()
		var px, py [4]float64
		for i := 0; i < 4; i++ {
			px[i], py[i] = sc.hom.apply(c[2*i], c[2*i+1])
		}
		area := 0.0
		for i := 0; i < 4; i++ {
			j := (i + 1) % 4
			area += px[i]*py[j] - px[j]*py[i]
		}
		ux, uy := sc.hom.apply(d.q.cx+d.q.half*sind(d.q.angle), d.q.cy-d.q.half*cosd(d.q.angle))
		ang := math.Mod(math.Atan2(ux-x, -(uy-y))*180/math.Pi+360, 360)
		t.Dice = append(t.Dice, DieTruth{
			Kind: d.kf.Kind, Face: d.kf.Face,
			X: int(math.Round(x)), Y: int(math.Round(y)), Size: int(math.Round(math.Sqrt(math.Abs(area / 2)))),
			Angle: math.Round(ang*10) / 10, Tilt: sc.tilt,
			Glare: d.glare, Touching: d.touching, Blur: sc.blurR > 0,
		})
	}
	return t
}

// jpegRoundTrip compresses and decompresses a picture.
func jpegRoundTrip(img *image.RGBA, q int) (*image.RGBA, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		return nil, fmt.Errorf("synth: jpeg: %w", err)
	}
	dec, err := jpeg.Decode(&buf)
	if err != nil {
		return nil, fmt.Errorf("synth: jpeg: %w", err)
	}
	out := image.NewRGBA(dec.Bounds())
	draw.Draw(out, out.Rect, dec, dec.Bounds().Min, draw.Src)
	return out, nil
}

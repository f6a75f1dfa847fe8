package synth

import (
	"fmt"
	"image"
	"math"
	"sync"

	"tableside/vision"
)

// VirtualCamera is a vision.Source that films rendered dice, for demo mode
// and tests. It shows one roll of dice (a scene rendered from the seed and
// Options) until Roll is called; every frame of a still scene carries fresh
// sensor noise, so stillness detection sees a still but live picture. Shake
// makes the next frames move as a hand-held camera settling; Unplug makes
// Frame fail with vision.ErrSourceGone, as an unplugged USB camera. Safe for
// concurrent use. Options.JPEGQuality is ignored (a camera gives raw frames).
type VirtualCamera struct {
	mu        sync.Mutex
	seed      uint64
	opts      Options
	rolls     uint64
	frames    uint64
	sc        *scene
	clean     []float32 // the still scene without noise
	truth     Truth
	shake     int // frames of movement left
	shakeOf   int // frames of movement in this shake
	unplugged bool
	closed    bool
}

var _ vision.Source = (*VirtualCamera)(nil)

// NewVirtualCamera returns a camera showing its first roll of dice.
func NewVirtualCamera(seed uint64, o Options) (*VirtualCamera, error) {
	c := &VirtualCamera{seed: seed, opts: o}
	c.opts.JPEGQuality = 0
	if _, err := c.Roll(); err != nil {
		return nil, err
	}
	return c, nil
}

// Roll throws the dice again: the next frames show a new scene (still).
// It returns the new scene's ground truth.
func (c *VirtualCamera) Roll() (Truth, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rolls++
	sc, err := newScene(mix(c.seed, 0x726f6c6c, c.rolls), c.opts)
	if err != nil {
		return Truth{}, err
	}
	c.sc, c.clean, c.truth = sc, sc.paint(), sc.truth()
	c.shake = 0
	return c.truth, nil
}

// Truth returns the ground truth of the current (still) scene.
func (c *VirtualCamera) Truth() Truth {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.truth
}

// Shake makes the next n frames show the scene moving (the hand holding
// the camera), by a decreasing shift of up to 6% of the frame width with
// motion blur; the scene is still again after them.
func (c *VirtualCamera) Shake(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.shake, c.shakeOf = n, n
}

// Unplug simulates pulling the camera's cable: Frame fails from now on.
func (c *VirtualCamera) Unplug() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unplugged = true
}

// Replug undoes Unplug.
func (c *VirtualCamera) Replug() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unplugged = false
}

// Frame returns the next frame, a fresh *image.RGBA.
func (c *VirtualCamera) Frame() (image.Image, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.closed:
		return nil, fmt.Errorf("synth: virtual camera is closed: %w", vision.ErrSourceGone)
	case c.unplugged:
		return nil, fmt.Errorf("synth: virtual camera unplugged (is the camera plugged in?): %w", vision.ErrSourceGone)
	}
	c.frames++
	buf := c.clean
	if c.shake > 0 {
		amp := 0.06 * float64(c.sc.w) * float64(c.shake) / float64(c.shakeOf)
		a := float64(mix(c.seed, c.rolls, c.frames)%360) * math.Pi / 180
		buf = shifted(c.clean, c.sc.w, c.sc.h, int(amp*math.Cos(a)), int(amp*math.Sin(a)))
		blur(buf, c.sc.w, c.sc.h, 2)
		c.shake--
	}
	return c.sc.finish(buf, mix(c.seed, c.rolls<<32, c.frames)), nil
}

// Close ends the camera; Frame fails afterwards.
func (c *VirtualCamera) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	return nil
}

// shifted returns a copy of a w×h float RGB buffer moved by (dx, dy)
// pixels, edges repeated.
func shifted(src []float32, w, h, dx, dy int) []float32 {
	dst := make([]float32, len(src))
	for y := 0; y < h; y++ {
		sy := clampInt(y-dy, 0, h-1)
		row, out := src[sy*w*3:(sy+1)*w*3], dst[y*w*3:(y+1)*w*3]
		for x := 0; x < w; x++ {
			sx := clampInt(x-dx, 0, w-1)
			copy(out[3*x:3*x+3], row[3*sx:3*sx+3])
		}
	}
	return dst
}

package vision

import (
	"context"
	"errors"
	"fmt"
	"image"
)

// Rolls reads a live camera roll after roll, as the appliance does at the
// table: the first call to Next reads the dice once they stand still
// (Still); each later call first waits for the picture to change from the
// roll last read (the player gathers the dice and throws them again), so
// every roll is read once, however long it lies on the table.
type Rolls struct {
	src  Source
	r    Reader
	o    StillOptions
	last image.Image // a still frame of the roll last read, until the picture changes
}

// NewRolls reads the rolls src films with r (and o's Readers), waiting for
// stillness and voting still frames as o says (Still's defaults for zero
// fields).
func NewRolls(src Source, r Reader, o StillOptions) *Rolls {
	return &Rolls{src: src, r: r, o: o.withDefaults()}
}

// Next waits for the next roll and reads it. It returns ctx's error when
// ctx ends first, ErrNotStill (wrapped) when the dice kept moving for
// StillOptions.MaxFrames frames (call Next again to keep waiting), and
// an error wrapping ErrSourceGone when the camera stops giving frames.
// A roll in which no die is found is returned with ErrNoDice, and counts
// as read.
func (w *Rolls) Next(ctx context.Context) (Reading, error) {
	if w.last != nil {
		if err := w.awaitChange(ctx); err != nil {
			return Reading{}, err
		}
		w.last = nil
	}
	if err := ctx.Err(); err != nil {
		return Reading{}, fmt.Errorf("vision: rolls: %w", err)
	}
	rd, f, err := still(w.src, w.r, w.o)
	if errors.Is(err, ErrNotStill) {
		return Reading{}, fmt.Errorf("vision: rolls: %w", err)
	}
	w.last = f // nil when the camera failed before a still moment: wait for none
	return rd, err
}

// awaitChange reads frames until one differs from the roll last read, or
// from the frame before it (the dice or a hand moving), by Threshold.
func (w *Rolls) awaitChange(ctx context.Context) error {
	prev := w.last
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("vision: rolls: %w", err)
		}
		f, err := w.src.Frame()
		if err != nil {
			return fmt.Errorf("vision: rolls: %w", err)
		}
		if FrameDiff(prev, f) >= w.o.Threshold || FrameDiff(w.last, f) >= w.o.Threshold {
			return nil
		}
		prev = f
	}
}

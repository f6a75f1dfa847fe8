package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// progress draws a bar on a terminal, and nothing elsewhere.
type progress struct {
	w          io.Writer
	total, n   int
	last       int
	isTerminal bool
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: max(total, 1), last: -1}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.isTerminal = true
		}
	}
	return p
}

func (p *progress) step() {
	p.n++
	pct := 100 * p.n / p.total
	if !p.isTerminal || pct == p.last {
		return
	}
	p.last = pct
	fill := 40 * p.n / p.total
	fmt.Fprintf(p.w, "\r[%s%s] %3d%% %d/%d", strings.Repeat("#", fill), strings.Repeat(".", 40-fill), pct, p.n, p.total)
}

// done ends the bar's line (once, however often it is called).
func (p *progress) done() {
	if p.isTerminal && p.last >= 0 {
		fmt.Fprintln(p.w)
		p.last = -1
	}
}

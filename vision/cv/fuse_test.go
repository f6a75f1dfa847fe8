package cv

import (
	"runtime"
	"testing"
)

// fuseA and fuseB are variables, not constants, so that the compiler
// cannot work x*x-b out itself.
var fuseA, fuseB = 1 + 0x1p-30, 1 + 0x1p-29

// TestBuiltWithoutFusedMultiplyAdd checks that this package was compiled
// with x*y+z rounded twice, as amd64 computes it. Go fuses it into one
// rounding on arm64 (the Pi), and the reader's sums then differ in their
// last bits from the ones the benchmarks were measured with: now and then a
// die reads otherwise (scripts/arm64.sh compare shows how many). The
// Makefile turns fusing off (-gcflags=all=-d=fmahash=qn) where Go would fuse.
func TestBuiltWithoutFusedMultiplyAdd(t *testing.T) {
	// (1+2⁻³⁰)² = 1 + 2⁻²⁹ + 2⁻⁶⁰: rounded, the square loses its 2⁻⁶⁰.
	if d := fuseA*fuseA - fuseB; d != 0 {
		t.Fatalf("x*x-y gave %g, not 0: this %s build fuses multiply-add; build and test through the Makefile, which passes -gcflags=all=-d=fmahash=qn", d, runtime.GOARCH)
	}
}

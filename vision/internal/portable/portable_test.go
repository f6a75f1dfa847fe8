package portable

import (
	"bytes"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The functions are math's: within two ulps of them (amd64's assembly
// Exp is up to two off), and exact at the special cases.
func TestMatchesMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ulps := func(a, b float64) uint64 {
		x, y := math.Float64bits(a), math.Float64bits(b)
		if x > y {
			return x - y
		}
		return y - x
	}
	for i := 0; i < 100000; i++ {
		x := (r.Float64() - 0.5) * 60
		if u := ulps(Exp(x), math.Exp(x)); u > 2 {
			t.Fatalf("Exp(%g) = %g, math.Exp %g (%d ulps)", x, Exp(x), math.Exp(x), u)
		}
		y := math.Exp(x)
		if u := ulps(Log(y), math.Log(y)); u > 2 {
			t.Fatalf("Log(%g) = %g, math.Log %g (%d ulps)", y, Log(y), math.Log(y), u)
		}
		p, q := (r.Float64()-0.5)*2000, (r.Float64()-0.5)*2000
		if u := ulps(Hypot(p, q), math.Hypot(p, q)); u > 2 {
			t.Fatalf("Hypot(%g, %g) = %g, math.Hypot %g (%d ulps)", p, q, Hypot(p, q), math.Hypot(p, q), u)
		}
	}
	for _, c := range []struct{ got, want float64 }{
		{Exp(math.Inf(1)), math.Inf(1)}, {Exp(math.Inf(-1)), 0}, {Exp(0), 1},
		{Log(0), math.Inf(-1)}, {Log(1), 0}, {Log(math.Inf(1)), math.Inf(1)},
		{Hypot(math.Inf(-1), math.NaN()), math.Inf(1)}, {Hypot(0, 0), 0}, {Hypot(3, -4), 5},
	} {
		if c.got != c.want {
			t.Errorf("got %g, want %g", c.got, c.want)
		}
	}
	if !math.IsNaN(Log(-1)) || !math.IsNaN(Exp(math.NaN())) || !math.IsNaN(Hypot(1, math.NaN())) {
		t.Error("NaN cases")
	}
}

// TestSameBitsEverywhere pins results to their bits on amd64: a machine
// whose build rounds otherwise (arm64 with fused multiply-add: build through
// the Makefile) fails here.
func TestSameBitsEverywhere(t *testing.T) {
	for _, c := range []struct {
		x    float64
		bits uint64
	}{
		{-7.3, 0x3f4622d4792b6a8d}, {-0.731, 0x3fdecfb48ad1f40b}, {0.02, 0x3ff052bea3ec0132},
		{1.5, 0x4011ed3fe64fc541}, {28.793586608685427, 0x428744fa0b6d949e},
	} {
		if got := math.Float64bits(Exp(c.x)); got != c.bits {
			t.Errorf("Exp(%v): bits %#x, want %#x", c.x, got, c.bits)
		}
	}
	for _, c := range []struct {
		x    float64
		bits uint64
	}{
		{1e-09, 0xc034b927f32bffb8}, {0.3, 0xbff34378fcbda721}, {0.99, 0xbf8495453e6fd4bc},
		{2.5, 0x3fed5240f0e0e078}, {771, 0x401a973b9ef9d0d3},
	} {
		if got := math.Float64bits(Log(c.x)); got != c.bits {
			t.Errorf("Log(%v): bits %#x, want %#x", c.x, got, c.bits)
		}
	}
	for _, c := range []struct {
		p, q float64
		bits uint64
	}{
		{3.1, 4.7, 0x40168566e3aa6849}, {-0.02, 100, 0x4059000008637bd0}, {0.001, 0.002, 0x3f62515fdab8464e},
	} {
		if got := math.Float64bits(Hypot(c.p, c.q)); got != c.bits {
			t.Errorf("Hypot(%v, %v): bits %#x, want %#x", c.p, c.q, got, c.bits)
		}
	}
}

// TestVisionCallsNoAssembly fails when the vision packages call one of the
// math functions that run assembly on amd64 or arm64 instead of this
// package's.
func TestVisionCallsNoAssembly(t *testing.T) {
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "internal/portable") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, f := range []string{"math.Exp(", "math.Log(", "math.Hypot(", ".NormFloat64()"} {
			if bytes.Contains(src, []byte(f)) {
				t.Errorf("%s calls %s: call portable's instead (the same bits on every machine)", path, f)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// NormFloat64 draws what math/rand/v2 draws from the same source.
func TestNormFloat64IsRands(t *testing.T) {
	a, b := rand.New(rand.NewPCG(3, 4)), rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 1000000; i++ {
		if x, y := NormFloat64(a), b.NormFloat64(); x != y {
			t.Fatalf("draw %d: %v, math/rand/v2 %v", i, x, y)
		}
	}
}

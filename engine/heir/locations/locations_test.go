package locations

import (
	"testing"

	"tableside/engine/trickerion"
)

// heir-common: Level 1 below 16 Fame, 2 from 16, 3 from 36.
func TestFameLevel(t *testing.T) {
	for _, c := range []struct{ fame, want int }{{0, 1}, {15, 1}, {16, 2}, {18, 2}, {35, 2}, {36, 3}, {80, 3}} {
		if got := FameLevel(c.fame); got != c.want {
			t.Errorf("FameLevel(%d) = %d, want %d", c.fame, got, c.want)
		}
	}
}

// heir-solo-rules: DOWNTOWN step 1c: more Fame, then more Shards, then more
// Coins.
func TestCompareYield_FameShardsCoins(t *testing.T) {
	y := func(f, c, s int) trickerion.Yield { return trickerion.Yield{Fame: f, Coins: c, Shards: s} }
	cases := []struct {
		a, b trickerion.Yield
		sign int
	}{
		{y(4, 0, 0), y(3, 9, 9), 1},
		{y(3, 0, 1), y(3, 9, 0), 1},
		{y(3, 2, 1), y(3, 3, 1), -1},
		{y(3, 2, 1), y(3, 2, 1), 0},
	}
	for _, c := range cases {
		got := CompareYield(c.a, c.b)
		if (got > 0) != (c.sign > 0) || (got < 0) != (c.sign < 0) {
			t.Errorf("CompareYield(%v, %v) = %d, want sign %d", c.a, c.b, got, c.sign)
		}
	}
}

// heir-solo-rules: HEIR'S MAGICIAN ABILITIES, Gentleman.
func TestGentlemanFame(t *testing.T) {
	cases := []struct {
		loc      string
		magician bool
		want     int
	}{
		{trickerion.Downtown, true, 3}, {trickerion.MarketRow, true, 3}, {trickerion.DarkAlley, true, 3}, {trickerion.Academy, true, 3},
		{trickerion.Theater, true, 0}, {trickerion.Workshop, true, 0}, {trickerion.Downtown, false, 0},
	}
	for _, c := range cases {
		if got := GentlemanFame(c.loc, c.magician, 3); got != c.want {
			t.Errorf("GentlemanFame(%s, %v, 3) = %d, want %d", c.loc, c.magician, got, c.want)
		}
	}
}

package cv

import "testing"

func TestInsideQuad(t *testing.T) {
	sq := rect{C: pt{50, 50}, W: 20, H: 20, Angle: 0.3}.corners(1)
	for _, c := range []struct {
		p    pt
		want bool
	}{
		{pt{50, 50}, true}, {pt{57, 50}, true}, {pt{62, 50}, false}, {pt{50, 38}, false}, {pt{0, 0}, false},
	} {
		if got := insideQuad(sq, c.p); got != c.want {
			t.Errorf("insideQuad(%v) = %v, want %v", c.p, got, c.want)
		}
	}
}

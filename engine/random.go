package engine

import "math/rand/v2"

// RandomAnswer picks a legal answer to p at random from r: a scripted
// player for simulations and fuzz tests. It takes the "none" way out of a
// prompt that offers one about one time in noneOneIn (never when
// noneOneIn <= 0), and always when the prompt leaves nothing else.
func RandomAnswer(p Prompt, r *rand.Rand, noneOneIn int) Answer {
	if p.None && (noneOneIn > 0 && r.IntN(noneOneIn) == 0 || !answerable(p)) {
		return Answer{Prompt: p.ID, None: true}
	}
	a := Answer{Prompt: p.ID}
	switch p.Kind {
	case Ack:
		a.Ack = true
	case Choice:
		hi := min(p.Max, len(p.Options))
		if hi < p.Min {
			return a // no legal choice: the caller sees the prompt's own error
		}
		n := p.Min + r.IntN(hi-p.Min+1)
		if n > 0 {
			a.Choices = make([]string, 0, n)
		}
		// r.Perm(len(p.Options)), the same draws, without allocating
		var buf [128]int
		idx := buf[:0]
		if len(p.Options) > len(buf) {
			idx = make([]int, 0, len(p.Options))
		}
		for i := range len(p.Options) {
			idx = append(idx, i)
		}
		r.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		for _, i := range idx[:n] {
			a.Choices = append(a.Choices, p.Options[i].ID)
		}
	case Number:
		if p.Max < p.Min {
			return a
		}
		v := p.Min + r.IntN(p.Max-p.Min+1)
		a.Number = &v
	case Dice:
		a.Faces = make([]string, 0, len(p.Dice))
		for _, d := range p.Dice {
			a.Faces = append(a.Faces, d.Faces[r.IntN(len(d.Faces))])
		}
	}
	return a
}

// answerable reports whether p has a legal answer other than "none".
func answerable(p Prompt) bool {
	switch p.Kind {
	case Choice:
		return p.Min <= p.Max && p.Min <= len(p.Options) && p.Max >= 0
	case Number:
		return p.Min <= p.Max
	case Dice:
		for _, d := range p.Dice {
			if len(d.Faces) == 0 {
				return false
			}
		}
	}
	return true
}

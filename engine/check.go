package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrIllegal marks an answer the open prompt does not allow.
var ErrIllegal = errors.New("engine: illegal answer")

func illegal(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrIllegal, fmt.Sprintf(format, args...))
}

// Check reports whether a is a legal answer to p; the error names what p allows.
func (p Prompt) Check(a Answer) error {
	if a.None {
		if !p.None {
			return illegal("%q has no 'none' answer; %s", p.ID, p.Allowed())
		}
		if a.Ack || len(a.Choices) > 0 || a.Number != nil || len(a.Faces) > 0 {
			return illegal("'none' must come alone; %s", p.Allowed())
		}
		return nil
	}
	switch p.Kind {
	case Ack:
		if !a.Ack {
			return illegal("%s", p.Allowed())
		}
	case Choice:
		return p.checkChoice(a.Choices)
	case Number:
		if a.Number == nil || *a.Number < p.Min || *a.Number > p.Max {
			return illegal("%s", p.Allowed())
		}
	case Dice:
		return p.checkDice(a.Faces)
	default:
		return illegal("prompt %q has unknown kind %q", p.ID, p.Kind)
	}
	return nil
}

func (p Prompt) checkChoice(choices []string) error {
	if len(choices) < p.Min || len(choices) > p.Max {
		return illegal("%s", p.Allowed())
	}
	for i, c := range choices {
		if !slices.ContainsFunc(p.Options, func(o Option) bool { return o.ID == c }) {
			return illegal("no option %q; %s", c, p.Allowed())
		}
		if slices.Contains(choices[:i], c) {
			return illegal("option %q chosen twice; %s", c, p.Allowed())
		}
	}
	return nil
}

func (p Prompt) checkDice(faces []string) error {
	if len(faces) != len(p.Dice) {
		return illegal("%d faces given for %d dice; %s", len(faces), len(p.Dice), p.Allowed())
	}
	for i, d := range p.Dice {
		if !slices.Contains(d.Faces, faces[i]) {
			return illegal("die %d (%s) has no face %q; %s", i+1, d.Kind, faces[i], p.Allowed())
		}
	}
	return nil
}

// Allowed says in plain words what answers p takes.
func (p Prompt) Allowed() string {
	var s string
	switch p.Kind {
	case Ack:
		s = "acknowledge with ack"
	case Choice:
		ids := make([]string, len(p.Options))
		for i, o := range p.Options {
			ids[i] = o.ID
		}
		if p.Min == p.Max {
			s = fmt.Sprintf("choose %d of: %s", p.Min, strings.Join(ids, ", "))
		} else {
			s = fmt.Sprintf("choose %d to %d of: %s", p.Min, p.Max, strings.Join(ids, ", "))
		}
	case Number:
		s = fmt.Sprintf("a number from %d to %d", p.Min, p.Max)
	case Dice:
		parts := make([]string, len(p.Dice))
		for i, d := range p.Dice {
			parts[i] = fmt.Sprintf("%s (%s)", d.Kind, strings.Join(d.Faces, "|"))
		}
		s = "one face for each die in order: " + strings.Join(parts, ", ")
	}
	if p.None {
		s += ", or none"
	}
	return s
}

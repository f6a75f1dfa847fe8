// Package difficulty names the Heir's difficulty levels, which every table
// of the Heir's rules is read by, and holds those tables: one shared,
// read-only copy of the component data (trickerion.HeirTables) that the
// rule packages read instead of writing the numbers again.
package difficulty

import "fmt"

// Level is the Heir's difficulty (heir-solo-rules: GAME SETUP step 7).
type Level int

const (
	Easy Level = iota
	Normal
	Hard
)

// Levels lists the difficulties in order.
var Levels = []Level{Easy, Normal, Hard}

var names = [...]string{"easy", "normal", "hard"}

func (l Level) String() string {
	if l < Easy || l > Hard {
		return fmt.Sprintf("difficulty(%d)", int(l))
	}
	return names[l]
}

// Parse reads "easy", "normal" or "hard".
func Parse(s string) (Level, error) {
	for i, n := range names {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("difficulty: %q is not easy, normal or hard", s)
}

package engine

// Kind says what sort of answer a Prompt wants.
type Kind string

const (
	// Ack is an instruction to carry out on the table; the answer acknowledges it.
	Ack Kind = "ack"
	// Choice asks for one or several of the prompt's options.
	Choice Kind = "choice"
	// Number asks for a whole number between Min and Max.
	Number Kind = "number"
	// Dice asks for the face showing on each die of Dice.
	Dice Kind = "dice"
)

// Params are the values a message template refers to by name, as in "{fame}".
type Params map[string]string

// RuleRef names the rule that produced a prompt or event, for a "why?" view.
type RuleRef struct {
	Book    string `json:"book"`           // "heir", "academy", "dawn", "base"
	Section string `json:"section"`        // e.g. "Downtown"
	Step    string `json:"step,omitempty"` // e.g. "1a"
}

// Option is one answer a Choice prompt offers.
type Option struct {
	ID     string `json:"id"`
	Key    string `json:"key"`
	Params Params `json:"params,omitempty"`
}

// Die is one die a Dice prompt asks about: its kind and the faces it can show.
type Die struct {
	Kind  string   `json:"kind"`
	Faces []string `json:"faces"`
}

// Prompt is the one question a game asks at a time.
//
// ID is stable: the same game, seed and answers give the same IDs, so a log
// can check that each answer answers the prompt it was given for.
//
// A bot may share a prompt's Params, Options, Dice, Data and Rule with other
// prompts and events, of this game and others: they are read-only.
type Prompt struct {
	ID      string         `json:"id"`
	Kind    Kind           `json:"kind"`
	Key     string         `json:"key"`
	Params  Params         `json:"params,omitempty"`
	Options []Option       `json:"options,omitempty"` // Choice
	Min     int            `json:"min,omitempty"`     // Choice: fewest options; Number: lowest value
	Max     int            `json:"max,omitempty"`     // Choice: most options; Number: highest value
	None    bool           `json:"none,omitempty"`    // a "none / not possible" answer is allowed
	Dice    []Die          `json:"dice,omitempty"`    // Dice
	Data    map[string]any `json:"data,omitempty"`    // structured facts a UI can draw
	Rule    *RuleRef       `json:"rule,omitempty"`
}

// Correction sets one table fact the engine tracks (a Fame total, a Trick on
// the Heir's board...) to what the table shows. Target names the fact in the
// bot's own terms, e.g. "heir.fame"; Value is its new value.
type Correction struct {
	Target string `json:"target"`
	Value  string `json:"value"`
}

// Answer answers the current prompt, or corrects the board (then Correct is
// set and the prompt stays open).
type Answer struct {
	Prompt  string      `json:"prompt,omitempty"`
	Ack     bool        `json:"ack,omitempty"`
	Choices []string    `json:"choices,omitempty"`
	Number  *int        `json:"number,omitempty"`
	Faces   []string    `json:"faces,omitempty"`
	None    bool        `json:"none,omitempty"`
	Correct *Correction `json:"correct,omitempty"`
}

// Event is something that happened in the game, for a log view or a UI. Its
// Params, Data and Rule are read-only, as a Prompt's.
type Event struct {
	Type   string         `json:"type"` // e.g. "fame", "trick.learned"
	Key    string         `json:"key"`  // message key
	Params Params         `json:"params,omitempty"`
	Data   map[string]any `json:"data,omitempty"`
	Rule   *RuleRef       `json:"rule,omitempty"`
}

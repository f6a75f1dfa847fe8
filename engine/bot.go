package engine

import "encoding/json"

// Bot is a solo bot the engine can play (Dahlgaard's Heir, Lacerda...).
type Bot interface {
	// Name is the bot's short name, as in "tableside play --game NAME".
	Name() string
	// Messages is the bot's message catalog, English and French.
	Messages() Catalog
	// Start checks the setup and returns a new match that asks through t.
	// Start itself must not ask: the first question comes from Play.
	Start(setup json.RawMessage, t *Table) (Match, error)
}

// Match is one game of a bot.
type Match interface {
	// Play runs the game from its setup to its end, asking through the
	// Table it was started with. It returns when the game is over.
	Play()
	// Correct sets a table fact the match tracks while Play waits on a
	// prompt. It validates like an answer: an error changes nothing.
	Correct(c Correction) ([]Event, error)
	// State is the whole game state, JSON-encodable: two matches with equal
	// encoded states are in the same position.
	State() any
}

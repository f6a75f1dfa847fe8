// Package engine is the contract every Tableside bot implements, and the
// machinery that plays it: prompts and answers, validation, events, the
// seeded random source, the message catalog, and the answer log that makes
// replay, undo and resume exact.
//
// A bot writes its game as a script that runs from setup to the end and asks
// the table through Table.Ask whenever it needs a fact or an action. The
// engine runs that script as a coroutine: Game.Prompt is the question the
// script is waiting on, Game.Answer validates an answer and lets the script
// run to its next question. A game is its bot, setup, seed and answers;
// Replay rebuilds it from those alone. The engine uses the standard library
// only, takes no time from the wall clock and no randomness but the game's
// own seeded generator.
package engine

// Package heir plays Dahlgaard's Heir, the solo opponent of Trickerion
// (with Dark Alley, and optionally Dahlgaard's Academy and Dawn of
// Technology), on the engine's prompt/answer core.
//
// Tableside owns the Heir's whole board and makes every one of its
// decisions; it asks the player only for facts that exist only on the
// table (dice faces, the player's assignments and placements, what the
// Market holds, which tile was drawn...), one narrow question each, and
// gives the Heir's moves as instructions (ack prompts) and events.
//
// The game is a script (match.Play) running the rulebook's phases: setup,
// then turns I-VII (Roll Dice, Initiative, Advertise, Assignment, Place
// Characters, Performance, Classroom, End Turn), then end-game scoring. The
// Location rules come from the packages locations (Downtown, Market Row,
// Dark Alley), theater (Theater set-ups, Performances) and academy.
//
// The setup JSON is documented on Setup; the correction targets on
// match.Correct (also listed here):
//
//	heir.fame heir.coins heir.shards heir.secrets heir.banners heir.banners_left
//	heir.trick.N (id or "") heir.trick.N.markers heir.characters.KIND heir.sa.LOCATION
//	heir.shopping player.fame player.banners board.downtown board.slot.LOCATION.N
//
// A game is cheap (a simulation plays many hundreds a second on one
// core): what does not change during a game is made once and shared by all
// of them, read-only — the card data (tricks.go), the options the player's
// questions offer (options.go), rule references, prompt ids and message
// parameters that repeat (memo.go). Prompts and events carry these shared
// values, which is why the engine makes them read-only.
//
// Prompt ids are "<turn>.<phase>.<what>" slugs such as "t3.place.player",
// "t2.roll.setup" or "setup.magician" (the engine prefixes a counter).
package heir

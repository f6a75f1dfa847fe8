package heir

import (
	"slices"
	"strings"
	"sync"

	"tableside/engine"
)

// Messages is the Heir's message catalog: every prompt, option and event
// key the game uses, in English and French.
func Messages() engine.Catalog { return engine.CatalogOf(messages) }

// catalog is Messages, built once.
var catalog = sync.OnceValue(Messages)

var usedParams memo[string, []string]

// templateParams lists the parameters the templates of a message key use
// ("{fame}"), English first, each once.
func templateParams(key string) []string {
	return usedParams.get(key, func(key string) []string {
		var out []string
		for _, lang := range engine.Languages {
			t := catalog()[lang][key]
			for {
				_, rest, ok := strings.Cut(t, "{")
				name, after, closed := strings.Cut(rest, "}")
				if !ok || !closed {
					break
				}
				if !slices.Contains(out, name) {
					out = append(out, name)
				}
				t = after
			}
		}
		return out
	})
}

// params fills the parameters a message's templates use, each from value.
func params(key string, value func(name string) string) engine.Params {
	names := templateParams(key)
	if len(names) == 0 {
		return nil
	}
	p := make(engine.Params, len(names))
	for _, n := range names {
		p[n] = value(n)
	}
	return p
}

// messages are key, English, French.
var messages = [][3]string{
	// setup
	{"heir.ask.category", "Your Favorite Trick category?", "Votre école de magie favorite ?"},
	{"heir.category.escape", "Escape", "Évasion"},
	{"heir.category.mechanical", "Mechanical", "Mécanique"},
	{"heir.category.optical", "Optical", "Optique"},
	{"heir.category.spiritual", "Spiritual", "Spiritisme"},
	{"heir.ask.magician", "Your Magician?", "Votre Magicien ?"},
	{"heir.magician.name", "{name}", "{name}"},
	{"heir.ev.magician", "The Heir plays {name} ({category}).", "L'Héritier joue {name} ({category})."},
	{"heir.setup.board", "Set up the Heir: Magician {magician} (Heir side up); starting Trick {trick} on the leftmost slot with {markers} Trick markers; Shopping List: {shopping}; Characters: {characters}; Fame {fame}, Coins {coins}, Shards {shards}.",
		"Installez l'Héritier : Magicien {magician} (face Héritier) ; Tour de départ {trick} sur la case de gauche avec {markers} jetons Tour ; liste de courses : {shopping} ; Personnages : {characters} ; Prestige {fame}, Pièces {coins}, Éclats {shards}."},
	{"heir.setup.plan.build", "Build the Heir's Plan deck (Academy set: {academy}): a) one random Perform card at the bottom; b) shuffle 1 Set Up and 2 Perform, put two on top, remove one unseen; c) shuffle 2 Set Up and 1 Perform, put them on top; d) put one remaining Set Up card on top (remove the other unseen).",
		"Formez la pioche Plan de l'Héritier (jeu Académie : {academy}) : a) une carte Performance au hasard en dessous ; b) mélangez 1 Instructions et 2 Performance, posez-en deux dessus, retirez l'autre sans la regarder ; c) mélangez 2 Instructions et 1 Performance, posez-les dessus ; d) posez une Instructions restante dessus (retirez l'autre sans la regarder)."},
	{"heir.setup.plan.library", "Tableside keeps the Heir's Plan deck: put the Plan cards aside.", "Tableside gère la pioche Plan de l'Héritier : mettez les cartes Plan de côté."},
	{"heir.setup.prophecies", "Remove these Prophecies before setting up: {list}.", "Retirez ces Prophéties avant la mise en place : {list}."},
	// events
	{"heir.ev.turn", "Turn {turn}.", "Tour {turn}."},
	{"heir.ev.fame", "Heir Fame {delta} ({why}): {fame}.", "Prestige de l'Héritier {delta} ({why}) : {fame}."},
	{"heir.ev.coins", "Heir Coins {delta} ({why}): {coins}.", "Pièces de l'Héritier {delta} ({why}) : {coins}."},
	{"heir.ev.shards", "Heir Shards {delta} ({why}): {shards}.", "Éclats de l'Héritier {delta} ({why}) : {shards}."},
	{"heir.ev.initiative", "Initiative: {first} first.", "Initiative : {first} en premier."},
	{"heir.ev.stance.ready", "The Heir is Ready: slide its Plan card to the top slot.", "L'Héritier est Prêt : glissez sa carte Plan en haut."},
	{"heir.ev.stance.busy", "The Heir is Busy: slide its Plan card to the bottom slot.", "L'Héritier est Occupé : glissez sa carte Plan en bas."},
	{"heir.ev.rest", "The Heir's {character} rests this turn.", "Le {character} de l'Héritier se repose ce tour."},
	{"heir.ev.characters", "The Heir's Characters: {list}.", "Personnages de l'Héritier : {list}."},
	{"heir.ev.cardleaves", "Performance card {card} leaves.", "La carte Spectacle {card} part."},
	{"heir.ev.result", "Final score: Heir {heir}, you {player}. Winner: {winner}.", "Score final : Héritier {heir}, vous {player}. Vainqueur : {winner}."},
	{"heir.ev.corrected", "Corrected {target} to {value}.", "{target} corrigé en {value}."},
	// words used inside other messages (as "@key" parameter words)
	{"heir.kind.magician", "Magician", "Magicien"},
	{"heir.kind.protege", "Protégé", "Protégé"},
	{"heir.kind.specialist", "Specialist", "Spécialiste"},
	{"heir.kind.apprentice", "Apprentice", "Apprenti"},
	{"heir.day.thursday", "Thursday", "jeudi"},
	{"heir.day.friday", "Friday", "vendredi"},
	{"heir.day.saturday", "Saturday", "samedi"},
	{"heir.day.sunday", "Sunday", "dimanche"},
	{"heir.word.slot", "slot", "case"},
	{"heir.side.heir", "the Heir", "l'Héritier"},
	{"heir.side.player", "you", "vous"},
	{"heir.word.fame", "Fame", "Prestige"},
	{"heir.word.coins", "Coins", "Pièces"},
	{"heir.word.shards", "Shards", "Éclats"},
	{"heir.word.perform", "Performance spot", "case Spectacle"},
	{"heir.word.backstage", "backstage", "coulisses"},
	// locations
	{"heir.loc.theater", "Theater", "Théâtre"},
	{"heir.loc.downtown", "Downtown", "Centre-ville"},
	{"heir.loc.market-row", "Market Row", "Marché"},
	{"heir.loc.dark-alley", "Dark Alley", "Allée Sombre"},
	{"heir.loc.academy", "Academy", "Académie"},
	{"heir.loc.workshop", "Workshop", "Atelier"},
	// roll dice
	{"heir.ask.downtowndice", "Downtown dice: the face of each die?", "Dés du Centre-ville : la face de chaque dé ?"},
	{"heir.ask.reroll", "Which two Turn Setup dice do you reroll?", "Quels deux dés Configuration relancez-vous ?"},
	{"heir.ask.reroll.theater", "You reroll the Theater die: which other Turn Setup die?", "Vous relancez le dé Théâtre : quel autre dé Configuration ?"},
	{"heir.ask.setupdice", "Turn Setup dice ({list}): which two slots does each cover?", "Dés Configuration ({list}) : quelles deux cases chacun bloque-t-il ?"},
	{"heir.ask.playerfame", "Your Fame? (the Heir has {heir})", "Votre Prestige ? (l'Héritier en a {heir})"},
	// assignment
	{"heir.ask.assign", "Your assignments: tap one entry per Character.", "Vos affectations : une entrée par Personnage."},
	{"heir.opt.assign", "{location} #{n}", "{location} n°{n}"},
	{"heir.opt.assign.magician", "Magician to the Theater", "Magicien au Théâtre"},
	{"heir.ask.saused", "How many Special Assignment cards did you use this turn?", "Combien de cartes Affectation spéciale avez-vous utilisées ce tour ?"},
	{"heir.ask.plankind", "Reveal the Heir's Plan card: Perform (icons top and bottom) or Set Up?", "Révélez la carte Plan de l'Héritier : Performance (icônes en haut et en bas) ou Instructions ?"},
	{"heir.plan.perform", "Perform", "Performance"},
	{"heir.plan.set-up", "Set Up", "Instructions"},
	{"heir.ask.plansteps", "Tap the Plan card's Locations left to right.", "Touchez les Lieux de la carte Plan de gauche à droite."},
	{"heir.opt.plan.theater2", "Theater (second)", "Théâtre (second)"},
	{"heir.opt.plan.sa", "Special Assignment: {location}", "Affectation spéciale : {location}"},
	{"heir.do.assign", "Heir's Plan card ({kind}): assign {list} (* = Special Assignment card).", "Carte Plan de l'Héritier ({kind}) : affectez {list} (* = carte Affectation spéciale)."},
	// place
	{"heir.ask.place", "Where do you place your next Character?", "Où placez-vous votre prochain Personnage ?"},
	{"heir.opt.slot", "{location} slot {n}", "{location} case {n}"},
	{"heir.opt.backstage", "Theater backstage, {day}", "Théâtre en coulisse, {day}"},
	{"heir.opt.perform", "Theater Performance spot, {day}", "Théâtre, case Spectacle, {day}"},
	{"heir.do.place", "Place the Heir's {character} on {where} ({ap} AP).", "Placez le {character} de l'Héritier sur {where} ({ap} PA)."},
	{"heir.do.rule", "Resolve the Heir's {section} action by the rulebook ({ap} AP, {difficulty}).", "Résolvez l'action {section} de l'Héritier selon les règles ({ap} PA, {difficulty})."},
	{"heir.do.steps", "Carry out the Heir's {section} action ({n} steps, listed above).", "Exécutez l'action {section} de l'Héritier ({n} étapes, ci-dessus)."},
	{"heir.ask.rerolldie", "The Heir is short of dice: reroll the {die} die. Its face?", "Il manque des dés à l'Héritier : relancez le dé {die}. Sa face ?"},
	{"heir.ask.residence", "Which of these Tricks are no longer in Dahlgaard's Residence?", "Lesquels de ces Tours ne sont plus dans la Résidence de Dahlgaard ?"},
	{"heir.opt.trick", "{trick}", "{trick}"},
	{"heir.ask.market", "The Heir's Shopping List: which components are in the Market (offer or Quick Order), which in the Order Area?", "Liste de courses de l'Héritier : quels Matériaux sont au Marché (offre ou Commande rapide), lesquels en zone de Commande ?"},
	{"heir.opt.inmarket", "{component}: in the Market", "{component} : au Marché"},
	{"heir.opt.ordered", "{component}: in the Order Area", "{component} : en Commande"},
	{"heir.ev.step.return-trick", "The Heir returns {trick} to Dahlgaard's Residence, with all its markers.", "L'Héritier rend {trick} à la Résidence de Dahlgaard, avec tous ses jetons."},
	{"heir.ev.step.learn-trick", "Set the {die} die to X: the Heir learns {trick} (slot {slot}, {markers} Trick markers); Shopping List +{components}.", "Mettez le dé {die} sur X : l'Héritier apprend {trick} (case {slot}, {markers} jetons Tour) ; liste de courses +{components}."},
	{"heir.ev.step.hire-specialist", "Set the Specialist die to X: the Heir hires a {specialist} (beside its board).", "Mettez le dé Spécialiste sur X : l'Héritier recrute un {specialist} (à côté de son plateau)."},
	{"heir.ev.step.hire-apprentice", "Set the Apprentice die to X: the Heir hires an Apprentice (beside its board).", "Mettez le dé Apprenti sur X : l'Héritier recrute un Apprenti (à côté de son plateau)."},
	{"heir.ev.step.take-coins", "Set the {die} die to X: the Heir takes {coins} Coins.", "Mettez le dé {die} sur X : l'Héritier prend {coins} Pièces."},
	{"heir.ev.step.discard-shopping", "Discard from the Heir's Shopping List: {components}.", "Retirez de la liste de courses de l'Héritier : {components}."},
	{"heir.ev.step.order", "Order {component} onto Order slot {slot}.", "Commandez {component} sur la case Commande {slot}."},
	{"heir.ev.step.rotate-prophecies", "Rotate the Pending Prophecies by one.", "Décalez les Prophéties en attente d'une case."},
	{"heir.ev.step.priestess-swap", "Swap next turn's Prophecy with a randomly drawn one.", "Échangez la Prophétie du prochain tour avec une tirée au hasard."},
	{"heir.ev.step.draw-assignment", "The Heir draws a {location} Special Assignment card.", "L'Héritier pioche une carte Affectation spéciale {location}."},
	{"heir.ev.setup", "Heir marker: {trick} on card {card}, slot {slot}, category corner {facing}: {links} Link(s), +{fame} Fame, +{shards} Shards.", "Jeton de l'Héritier : {trick} sur la carte {card}, case {slot}, coin d'école vers {facing} : {links} enchaînement(s), +{fame} Prestige, +{shards} Éclats."},
	{"heir.do.theater", "Set up the Heir's {n} Trick marker(s) as listed above; you gain {playershards} Shard(s) from Shard Links.", "Montez les {n} jeton(s) Tour de l'Héritier comme indiqué ci-dessus ; vous gagnez {playershards} Éclat(s) des enchaînements à Éclat."},
	{"heir.do.theater.hand", "Set up {n} of the Heir's Trick markers ({tricks}) by the THEATER rules: cards with its Tricks > cards with yours > leftmost; most Links, Fame then Shards; else first empty slot.", "Montez {n} jetons Tour de l'Héritier ({tricks}) selon les règles THÉÂTRE : cartes avec ses Tours > cartes avec les vôtres > la plus à gauche ; le plus d'enchaînements, Prestige puis Éclats ; sinon première case vide."},
	{"heir.ask.linkfame", "How much Fame did the Heir's Links pay?", "Combien de Prestige les enchaînements de l'Héritier ont-ils rapporté ?"},
	{"heir.ask.linkshards", "How many Shards did the Heir's Links pay?", "Combien d'Éclats les enchaînements de l'Héritier ont-ils rapporté ?"},
	{"heir.ask.playersetup", "Which Trick markers did you set up? (card, slot, category)", "Quels jetons Tour avez-vous montés ? (carte, case, école)"},
	{"heir.opt.setup", "card {card} {slot} {category}", "carte {card} {slot} {category}"},
	{"heir.ev.academy.learn-secret", "The Heir takes the {secret} Secret: its Protégé has {ap} AP.", "L'Héritier prend le Secret du {secret} : son Protégé a {ap} PA."},
	{"heir.ev.academy.renovate", "The Heir renovates {space}: +{fame} Fame, {banners} Banners, discards {coins} Coins.", "L'Héritier rénove {space} : +{fame} Prestige, {banners} Bannières, défausse {coins} Pièces."},
	{"heir.ev.academy.teach", "The Heir teaches {trick} in {space}, slot {slot}.", "L'Héritier enseigne {trick} en {space}, case {slot}."},
	{"heir.ev.academy.practice", "The Heir practises {trick} in {space}, slot {slot}.", "L'Héritier entraîne {trick} en {space}, case {slot}."},
	{"heir.ask.classroomtile", "Draw a random Classroom tile of threshold {threshold} for {space}: how many marker slots has it?", "Piochez une tuile Salle de Classe de seuil {threshold} pour {space} : combien de cases a-t-elle ?"},
	{"heir.ask.practicetile", "Draw a random Practice Room tile of threshold {threshold} for {space}: tap each slot's ability, top to bottom.", "Piochez une tuile Salle d'Entraînement de seuil {threshold} pour {space} : touchez la capacité de chaque case, de haut en bas."},
	{"heir.opt.tileslot", "slot {slot}: {ability}", "case {slot} : {ability}"},
	{"heir.ask.playeracademy", "What did you do at the Academy?", "Qu'avez-vous fait à l'Académie ?"},
	{"heir.opt.renovate", "Renovated {space} at threshold {threshold} ({coins} Coins, {fame} Fame)", "Rénové {space} au seuil {threshold} ({coins} Pièces, {fame} Prestige)"},
	{"heir.opt.academyslot", "Marker on {space}, slot {slot}", "Jeton sur {space}, case {slot}"},
	{"heir.opt.secret.top", "Took the top Secret", "Pris le Secret du haut"},
	{"heir.opt.secret.bottom", "Took the bottom Secret", "Pris le Secret du bas"},
	// performance
	{"heir.ev.noperform", "The Heir has no marker on any card: it does not perform.", "L'Héritier n'a aucun jeton sur les cartes : il ne joue pas."},
	{"heir.do.perform", "The Heir performs card {card}: {links} Link(s); it gains {fame} Fame, {coins} Coins, {shards} Shards. Return its markers to its Tricks.", "L'Héritier joue la carte {card} : {links} enchaînement(s) ; il gagne {fame} Prestige, {coins} Pièces, {shards} Éclats. Remettez ses jetons sur ses Tours."},
	{"heir.ask.performed", "Which card did you perform?", "Quelle carte avez-vous jouée ?"},
	{"heir.opt.cardpos", "Card {n}: {card}", "Carte {n} : {card}"},
	{"heir.ask.performday", "On which day does your Magician perform?", "Quel jour votre Magicien joue-t-il ?"},
	// end turn
	{"heir.ask.dawn.idle", "How many of your Contraptions did you not reactivate?", "Combien de vos Inventions n'avez-vous pas réactivées ?"},
	{"heir.ask.dawn.empty", "How many empty Contraption slots do you have?", "Combien d'emplacements d'Invention vides avez-vous ?"},
	{"heir.ask.newcard", "Which Performance card was drawn?", "Quelle carte Spectacle a été piochée ?"},
	{"heir.opt.card", "{card} ({id}): {slots} slots, {links} Link circles ({shardlinks} with a Shard), bonus {bonus}", "{card} ({id}) : {slots} cases, {links} cercles de Lien ({shardlinks} avec Éclat), bonus {bonus}"},
	{"heir.do.newcard", "Put Performance card {card} ({id}, bonus {bonus}) face up on the leftmost slot.", "Posez la carte Spectacle {card} ({id}, bonus {bonus}) face visible sur l'emplacement de gauche."},
	{"heir.theater.riverside_theater", "Riverside Theater", "Théâtre Riverside"},
	{"heir.theater.grand_magorian", "Grand Magorian", "Grand Magorian"},
	{"heir.theater.magnus_pantheon", "Magnus Pantheon", "Magnus Pantheon"},
	// end game
	{"heir.ask.final.fame", "Your Fame before final scoring?", "Votre Prestige avant le décompte final ?"},
	{"heir.ask.final.shards", "Your Shards?", "Vos Éclats ?"},
	{"heir.ask.final.coins", "Your Coins?", "Vos Pièces ?"},
	{"heir.ask.final.sa", "Your unused Special Assignment cards?", "Vos cartes Affectation spéciale inutilisées ?"},
	{"heir.ask.final.level3", "Fame from your Level 3 Trick bonuses?", "Prestige des bonus de vos Tours de niveau 3 ?"},
	{"heir.do.result", "Final score: Heir {heir}, you {player}. Winner: {winner}.", "Score final : Héritier {heir}, vous {player}. Vainqueur : {winner}."},
}

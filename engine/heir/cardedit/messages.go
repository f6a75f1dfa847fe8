package cardedit

import "tableside/engine"

// Messages is the card editor's catalog: every prompt, option and event key
// it uses, in English and French.
func Messages() engine.Catalog { return engine.CatalogOf(messages) }

// messages are key, English, French.
var messages = [][3]string{
	{"cards.ask.what", "Card library: Plan cards {academy}/{academy_of} (Academy set), {base}/{base_of} (set without the Academy); Solo Performance cards {solo}/{solo_of}. What now?",
		"Bibliothèque de cartes : cartes Plan {academy}/{academy_of} (jeu Académie), {base}/{base_of} (jeu sans Académie) ; cartes Spectacle solo {solo}/{solo_of}. Que faire ?"},
	{"cards.opt.plan", "Enter a Plan card of the Heir", "Saisir une carte Plan de l'Héritier"},
	{"cards.opt.solo", "Enter a Solo Performance card", "Saisir une carte Spectacle solo"},
	{"cards.opt.remove", "Remove a card", "Retirer une carte"},
	{"cards.opt.done", "Done", "Terminé"},
	// plan cards
	{"cards.ask.plan.set", "Which set is the Plan card from?", "De quel jeu vient la carte Plan ?"},
	{"cards.opt.set.academy", "For use with the Academy ({n}/{of} entered)", "À utiliser avec l'Académie ({n}/{of} saisies)"},
	{"cards.opt.set.base", "For use without the Academy ({n}/{of} entered)", "À utiliser sans l'Académie ({n}/{of} saisies)"},
	{"cards.ask.plan.kind", "Where are its Location icons?", "Où sont ses icônes de Lieu ?"},
	{"cards.opt.kind.perform", "At the top and the bottom (Perform)", "En haut et en bas (Performance)"},
	{"cards.opt.kind.set-up", "Only at the top (Set Up)", "Seulement en haut (Instructions)"},
	{"cards.ask.plan.step", "Its first Location icon, on the left?", "Sa première icône de Lieu, à gauche ?"},
	{"cards.ask.plan.next", "So far: {so_far}. Location icon {n}? (none: there are no more)", "Jusqu'ici : {so_far}. Icône de Lieu {n} ? (aucune : il n'y en a plus)"},
	{"cards.ask.plan.special", "Which of its Locations are marked as a Special Assignment card?", "Lesquels de ses Lieux sont marqués comme carte Affectation spéciale ?"},
	{"cards.opt.step", "{n}: {location}", "{n} : {location}"},
	{"cards.ev.added.plan", "Plan card {id} added: {locations}.", "Carte Plan {id} ajoutée : {locations}."},
	{"cards.opt.plancard", "Plan card {id} ({kind}): {locations}", "Carte Plan {id} ({kind}) : {locations}"},
	{"cards.word.special", "(Special Assignment)", "(Affectation spéciale)"},
	{"cards.loc.theater", "Theater", "Théâtre"},
	{"cards.loc.downtown", "Downtown", "Centre-ville"},
	{"cards.loc.market-row", "Market Row", "Marché"},
	{"cards.loc.dark-alley", "Dark Alley", "Allée Sombre"},
	{"cards.loc.academy", "Academy", "Académie"},
	{"cards.loc.workshop", "Workshop", "Atelier"},
	// solo performance cards
	{"cards.ask.solo.theater", "Which theater is the Solo Performance card for?", "Pour quel théâtre est la carte Spectacle solo ?"},
	{"cards.theater.riverside_theater", "Riverside Theater", "Théâtre Riverside"},
	{"cards.theater.grand_magorian", "Grand Magorian", "Grand Magorian"},
	{"cards.theater.magnus_pantheon", "Magnus Pantheon", "Magnus Pantheon"},
	{"cards.ask.solo.slots", "Which places of the card hold a Trick slot (grey printed markers included)?", "Quelles places de la carte ont une case Tour (jetons gris imprimés compris) ?"},
	{"cards.opt.slot", "{slot}", "{slot}"},
	{"cards.row.top", "top", "en haut"},
	{"cards.row.middle", "middle", "au milieu"},
	{"cards.row.bottom", "bottom", "en bas"},
	{"cards.col.left", "left", "à gauche"},
	{"cards.col.right", "right", "à droite"},
	{"cards.ask.solo.links", "Between which slots is a link circle printed? (none: no circle)", "Entre quelles cases un cercle de Lien est-il imprimé ? (aucun : pas de cercle)"},
	{"cards.opt.link", "{a} — {b}", "{a} — {b}"},
	{"cards.ask.solo.shards", "Which of those circles show a Shard icon? (none: no Shard)", "Lesquels de ces cercles montrent une icône d'Éclat ? (aucun : pas d'Éclat)"},
	{"cards.ask.solo.grey", "Which slots have a grey Trick marker printed on them? (none: no grey marker)", "Quelles cases ont un jeton Tour gris imprimé ? (aucune : pas de jeton gris)"},
	{"cards.ask.solo.symbol", "The grey marker {slot}: which symbol is at its top corner? (none: the card is not entered)", "Le jeton gris {slot} : quel symbole est dans son coin du haut ? (aucun : la carte n'est pas saisie)"},
	{"cards.cat.escape", "Escape", "Évasion"},
	{"cards.cat.mechanical", "Mechanical", "Mécanique"},
	{"cards.cat.optical", "Optical", "Optique"},
	{"cards.cat.spiritual", "Spiritual", "Spiritisme"},
	{"cards.ask.solo.bonus.fame", "The performer's bonus: how much Fame? (none: 0)", "Bonus de l'artiste : combien de Prestige ? (aucun : 0)"},
	{"cards.ask.solo.bonus.coins", "The performer's bonus: how many Coins? (none: 0)", "Bonus de l'artiste : combien de Pièces ? (aucune : 0)"},
	{"cards.ask.solo.bonus.shards", "The performer's bonus: how many Shards? (none: 0)", "Bonus de l'artiste : combien d'Éclats ? (aucun : 0)"},
	{"cards.ev.added.solo", "Solo Performance card {id} added: {slots} slots, {links} link circles, {grey} grey markers.", "Carte Spectacle solo {id} ajoutée : {slots} cases, {links} cercles de Lien, {grey} jetons gris."},
	{"cards.opt.solocard", "Solo card {id} ({theater}): {slots} slots, {links} link circles, bonus {fame} Fame {coins} Coins {shards} Shards", "Carte solo {id} ({theater}) : {slots} cases, {links} cercles de Lien, bonus {fame} Prestige {coins} Pièces {shards} Éclats"},
	// both
	{"cards.ask.remove", "Which card do you remove from the library?", "Quelle carte retirez-vous de la bibliothèque ?"},
	{"cards.ev.removed", "Card {id} removed.", "Carte {id} retirée."},
	{"cards.ev.dropped", "The card was not entered.", "La carte n'a pas été saisie."},
	{"cards.ev.duplicate", "That card is already in the library as {id}.", "Cette carte est déjà dans la bibliothèque : {id}."},
}

package trickerion

import (
	"strings"
	"testing"
)

func TestMagicians_Counts(t *testing.T) {
	ms := Magicians()
	if len(ms) != 12 {
		t.Fatalf("Magicians() = %d, want 12", len(ms))
	}
	academy := 0
	keys := map[string]bool{}
	for _, m := range ms {
		if m.RequiresAcademy {
			academy++
		}
		if keys[m.HeirAbilityKey] || m.ID != m.HeirAbilityKey {
			t.Errorf("%s: key %q repeated or not the id", m.Name, m.HeirAbilityKey)
		}
		keys[m.HeirAbilityKey] = true
		if m.Ability == "" || m.HeirAbility == "" || !m.Category.Valid() {
			t.Errorf("%s: empty ability or bad category %+v", m.Name, m)
		}
	}
	if academy != 4 {
		t.Errorf("%d Academy magicians, want 4", academy)
	}
	for _, c := range Categories {
		if n := len(MagiciansOf(c)); n != 3 {
			t.Errorf("MagiciansOf(%s) = %d, want 3", c, n)
		}
	}
}

// Every key constant names a Magician of the data.
func TestMagicians_KeyConstants(t *testing.T) {
	keys := []string{MasterOfChains, RedLotus, ProfessorBernard, Mechaniker, Elektra, GeertVanAugustin,
		GreatOptico, Gentleman, LumeniaTheRadiant, PriestessOfMysticism, YorubaSpiritmaster, Anjali}
	for _, k := range keys {
		if _, ok := MagicianByID(k); !ok {
			t.Errorf("no magician %q", k)
		}
	}
}

func TestMagicians_MatchShared(t *testing.T) {
	text := string(readShared(t, "magicians.yaml"))
	if n := strings.Count(text, "\n- name: "); n != len(Magicians()) {
		t.Errorf("magicians.yaml has %d magicians, embedded %d", n, len(Magicians()))
	}
	for _, m := range Magicians() {
		wantInShared(t, "magicians.yaml",
			"- name: "+m.Name+"\n  favorite_category: "+string(m.Category)+"\n  ability_title: "+m.AbilityTitle+"\n  ability: ",
			firstWords(m.Ability, 8))
	}
	red, _ := MagicianByID(RedLotus)
	if red.Name != "The Red Lotus" || red.Category != Escape {
		t.Errorf("red-lotus = %+v", red)
	}
}

// heir-solo-rules: HEIR'S MAGICIAN ABILITIES: the Heir abilities are the
// rulebook's text, the lightning glyph written "AP".
func TestMagicians_HeirAbilityFromRules(t *testing.T) {
	rules := readRules(t, "heir-solo-rules.en.txt")
	for _, m := range Magicians() {
		printed := strings.ReplaceAll(m.HeirAbility, " AP", " ⚡")
		if !strings.Contains(rules, "** — "+printed+"\n") {
			t.Errorf("%s: heir ability %q not in the rules", m.ID, printed)
		}
	}
}

func firstWords(s string, n int) string {
	w := strings.Fields(s)
	return strings.Join(w[:min(n, len(w))], " ")
}

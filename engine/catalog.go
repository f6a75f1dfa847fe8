package engine

import (
	"maps"
	"slices"
	"strings"
)

// Catalog holds message templates by language ("en", "fr") and key.
// A template names its parameters in braces: "The Heir gains {fame} Fame."
// A parameter value may name other messages: each word of it that starts
// with "@" and is a key of the catalog is rendered in the same language, so
// "@heir.loc.downtown 2" reads "Downtown 2" or "Centre-ville 2".
type Catalog map[string]map[string]string

// Languages the catalogs must cover.
var Languages = []string{"en", "fr"}

// CatalogOf builds a catalog from rows of key, English text, French text.
func CatalogOf(rows [][3]string) Catalog {
	c := Catalog{"en": make(map[string]string, len(rows)), "fr": make(map[string]string, len(rows))}
	for _, r := range rows {
		c["en"][r[0]] = r[1]
		c["fr"][r[0]] = r[2]
	}
	return c
}

// Render fills the template for key in lang, falling back to English and
// then to the key itself, so a missing message shows, never hides.
func (c Catalog) Render(lang, key string, p Params) string {
	tmpl, ok := c[lang][key]
	if !ok {
		tmpl, ok = c["en"][key]
	}
	if !ok {
		tmpl = key
		for _, k := range sortedKeys(p) {
			tmpl += " " + k + "={" + k + "}"
		}
	}
	return fill(tmpl, c.words(lang, p))
}

// words renders the "@key" words of p's values.
func (c Catalog) words(lang string, p Params) Params {
	var out Params
	for k, v := range p {
		if !strings.Contains(v, "@") {
			continue
		}
		if out == nil {
			out = maps.Clone(p)
		}
		f := strings.Fields(v)
		for i, w := range f {
			key, ok := strings.CutPrefix(w, "@")
			trimmed := strings.TrimRight(key, ",;:")
			if _, known := c["en"][trimmed]; ok && known {
				f[i] = c.Render(lang, trimmed, nil) + key[len(trimmed):]
			}
		}
		out[k] = strings.Join(f, " ")
	}
	if out == nil {
		return p
	}
	return out
}

func fill(tmpl string, p Params) string {
	if len(p) == 0 || !strings.Contains(tmpl, "{") {
		return tmpl
	}
	pairs := make([]string, 0, 2*len(p))
	for k, v := range p {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(tmpl)
}

func sortedKeys(p Params) []string { return slices.Sorted(maps.Keys(p)) }

// Missing lists "lang:key" for every key some language has and another lacks.
func (c Catalog) Missing() []string {
	var out []string
	all := map[string]bool{}
	for _, msgs := range c {
		for k := range msgs {
			all[k] = true
		}
	}
	for _, lang := range Languages {
		for k := range all {
			if _, ok := c[lang][k]; !ok {
				out = append(out, lang+":"+k)
			}
		}
	}
	return out
}

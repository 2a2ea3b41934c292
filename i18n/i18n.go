// Package i18n is the one registry of the languages Dota speaks and the one way to look
// texts up: each package embeds its catalogue, one file per language (<lang>.json, a flat
// object of code → text), and reads it with Text, which falls back to the default
// language and fills named placeholders. It imports nothing of Dota's.
package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
)

// Languages Dota speaks; the first is the default.
var Languages = []string{"fr", "en", "ar"}

// Default is the language of a request that names none or an unknown one.
const Default = "fr"

// Normalize returns lang when Dota speaks it (a region such as "en-GB" counts), else "".
func Normalize(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if i := strings.IndexAny(lang, "-_"); i > 0 {
		lang = lang[:i]
	}
	for _, l := range Languages {
		if l == lang {
			return l
		}
	}
	return ""
}

// OrDefault is lang when Dota speaks it, else Default.
func OrDefault(lang string) string {
	if l := Normalize(lang); l != "" {
		return l
	}
	return Default
}

// RTL reports whether lang is written right to left.
func RTL(lang string) bool { return Normalize(lang) == "ar" }

// Catalogue is one package's texts in every language.
type Catalogue struct {
	texts map[string]map[string]string // language → code → text
	// next is looked in for a code this catalogue lacks.
	next *Catalogue
}

// MustLoad reads a catalogue from fsys: one <lang>.json per language of Languages, each
// with the same codes, none empty. A code it lacks is looked up in next, when given. It panics on a
// missing or unreadable file, or on codes that differ between languages: the catalogues
// are embedded, so this is a build mistake, caught by every test that loads the package.
func MustLoad(fsys fs.FS, next *Catalogue) *Catalogue {
	c, err := Load(fsys, next)
	if err != nil {
		panic(err)
	}
	return c
}

// MustLoadDir is MustLoad over the folder dir of fsys: a package embeds its texts/*.json
// and loads them with MustLoadDir(files, "texts", next).
func MustLoadDir(fsys fs.FS, dir string, next *Catalogue) *Catalogue {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return MustLoad(sub, next)
}

// Load is MustLoad returning the error.
func Load(fsys fs.FS, next *Catalogue) (*Catalogue, error) {
	c := &Catalogue{texts: map[string]map[string]string{}, next: next}
	for _, lang := range Languages {
		raw, err := fs.ReadFile(fsys, lang+".json")
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("i18n: %s.json: %w", lang, err)
		}
		c.texts[lang] = m
	}
	for _, lang := range Languages[1:] {
		for code := range c.texts[Default] {
			if c.texts[lang][code] == "" || c.texts[Default][code] == "" {
				return nil, fmt.Errorf("i18n: %q has no %s text", code, lang)
			}
		}
		if len(c.texts[lang]) != len(c.texts[Default]) {
			return nil, fmt.Errorf("i18n: %s.json has codes %s.json lacks", lang, Default)
		}
	}
	return c, nil
}

// Has reports whether the catalogue, or the one it falls back to, knows code.
func (c *Catalogue) Has(code string) bool {
	_, ok := c.lookup(Default, code)
	return ok
}

// Text returns code's text in lang (the default language when lang is unknown), else
// what the next catalogue has, else the code itself; its {name} placeholders are filled
// from args, pairs of name and value.
func (c *Catalogue) Text(lang, code string, args ...string) string {
	return Fill(c.Raw(lang, code), args...)
}

// Raw is code's text in lang as written, placeholders unfilled (the code itself when
// unknown).
func (c *Catalogue) Raw(lang, code string) string {
	if s, ok := c.lookup(OrDefault(lang), code); ok {
		return s
	}
	return code
}

func (c *Catalogue) lookup(lang, code string) (string, bool) {
	for ; c != nil; c = c.next {
		if s, ok := c.texts[lang][code]; ok {
			return s, true
		}
	}
	return "", false
}

// Fill replaces each {name} of s by its value among args, pairs of name and value (the
// first pair of a name wins); unknown names stay as they are, and values are not scanned
// again. It builds the result in one pass: Dota fills texts on every chat turn.
func Fill(s string, args ...string) string {
	if len(args) < 2 || strings.IndexByte(s, '{') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 32)
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		name := s[i+1 : i+j]
		if v, ok := arg(name, args); ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

func arg(name string, args []string) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1], true
		}
	}
	return "", false
}

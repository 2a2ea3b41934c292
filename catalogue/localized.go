package catalogue

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/dota-agency/dota/i18n"
)

// Localized is a text stored either as a plain string or as an object of language to
// text, as the catalogue's JSON columns hold it.
type Localized map[string]string

// UnmarshalJSON accepts a plain string (kept under the empty key) or an object.
func (l *Localized) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*l = Localized{"": s}
		return nil
	}
	m := map[string]string{}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*l = m
	return nil
}

// In resolves the text for lang, falling back to English, then to the plain text, then
// to any language present.
func (l Localized) In(lang string) string {
	for _, k := range []string{i18n.Normalize(lang), "en", ""} {
		if t := strings.TrimSpace(l[k]); t != "" {
			return l[k]
		}
	}
	for _, k := range i18n.Languages {
		if t := strings.TrimSpace(l[k]); t != "" {
			return l[k]
		}
	}
	return ""
}

// All returns every language's text, for ?raw=1 and for matching in any language.
func (l Localized) All() []string {
	out := make([]string, 0, len(l))
	for _, t := range l {
		if strings.TrimSpace(t) != "" {
			out = append(out, t)
		}
	}
	return out
}

// Clean returns the text with each language's text trimmed, empty ones and unknown
// languages dropped (the empty key, a text for every language, is kept); nil when no
// text is left.
func (l Localized) Clean() Localized {
	var out Localized
	for k, t := range l {
		t = strings.TrimSpace(t)
		if t == "" || (k != "" && !slices.Contains(i18n.Languages, k)) {
			continue
		}
		if out == nil {
			out = Localized{}
		}
		out[k] = t
	}
	return out
}

// orNull is the text as a column value: NULL when it holds no text.
func (l Localized) orNull() any {
	if len(l.Clean()) == 0 {
		return nil
	}
	return l
}

package i18n

import (
	"strings"
	"testing"
	"testing/fstest"
)

func catalogueOf(t *testing.T, files map[string]string, next *Catalogue) (*Catalogue, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
	}
	return Load(fsys, next)
}

func TestTextFallsBackToTheDefaultLanguageThenTheNextCatalogueThenTheCode(t *testing.T) {
	base, err := catalogueOf(t, map[string]string{"fr.json": `{"shared": "commun {n}"}`, "en.json": `{"shared": "shared {n}"}`,
		"ar.json": `{"shared": "مشترك {n}"}`}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalogueOf(t, map[string]string{"fr.json": `{"hello": "Bonjour {name}"}`, "en.json": `{"hello": "Hello {name}"}`,
		"ar.json": `{"hello": "مرحبا {name}"}`}, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ lang, code, want string }{
		{"en-GB", "hello", "Hello Lina"}, {"de", "hello", "Bonjour Lina"}, {"ar", "shared", "مشترك 3"},
		{"fr", "missing", "missing"},
	} {
		if got := c.Text(tt.lang, tt.code, "name", "Lina", "n", "3"); got != tt.want {
			t.Errorf("Text(%s, %s) = %q, want %q", tt.lang, tt.code, got, tt.want)
		}
	}
	if !c.Has("shared") || c.Has("missing") {
		t.Errorf("Has")
	}
}

func TestLoadRefusesCataloguesThatDifferBetweenLanguages(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"a language missing": {"fr.json": `{"a": "a"}`, "en.json": `{"a": "a"}`},
		"a code missing":     {"fr.json": `{"a": "a", "b": "b"}`, "en.json": `{"a": "a"}`, "ar.json": `{"a": "a", "b": "b"}`},
		"an extra code":      {"fr.json": `{"a": "a"}`, "en.json": `{"a": "a", "b": "b"}`, "ar.json": `{"a": "a"}`},
		"not JSON":           {"fr.json": `{`, "en.json": `{}`, "ar.json": `{}`},
		"an empty text":      {"fr.json": `{"a": "a"}`, "en.json": `{"a": ""}`, "ar.json": `{"a": "a"}`},
	} {
		if _, err := catalogueOf(t, files, nil); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func TestFillMatchesAReplacer(t *testing.T) {
	tests := []struct {
		s    string
		args []string
	}{
		{"no placeholder", []string{"a", "b"}},
		{"Bonjour {name}, le {day} à {time} ?", []string{"name", "Lina", "day", "lundi", "time", "10:00"}},
		{"{name}{name} {unknown} {", []string{"name", "x{name}"}},
		{"le formulaire : {form}}", []string{"form", "/rendez-vous"}},
		{"", nil},
	}
	for _, tt := range tests {
		var pairs []string
		for i := 0; i+1 < len(tt.args); i += 2 {
			pairs = append(pairs, "{"+tt.args[i]+"}", tt.args[i+1])
		}
		want := strings.NewReplacer(pairs...).Replace(tt.s)
		if got := Fill(tt.s, tt.args...); got != want {
			t.Errorf("Fill(%q) = %q, want %q", tt.s, got, want)
		}
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{"fr": "fr", " EN-gb ": "en", "ar_DZ": "ar", "de": "", "": ""} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	if OrDefault("de") != Default || !RTL("ar") || RTL("fr") {
		t.Errorf("OrDefault / RTL")
	}
}

func TestTruncateKeepsWholeCharacters(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{{"élan", 2, "él"}, {"مرحبا", 3, "مرح"}, {"ok", 5, "ok"}, {"", 1, ""}} {
		if got := Truncate(c.in, c.n); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

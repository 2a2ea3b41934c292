package chatbot

import (
	"strings"
	"testing"
)

func TestFillMatchesAReplacer(t *testing.T) {
	tests := []struct {
		s    string
		args []string
	}{
		{"no placeholder", nil},
		{"Écrivez à {email} ou appelez le {phone} / {phone2}.", nil},
		{"Bonjour {name}, le {day} à {time} ?", []string{"name", "Lina", "day", "lundi", "time", "10:00"}},
		{"{name}{name} {unknown} {", []string{"name", "x{name}"}},
		{"le formulaire : {form}}", nil},
		{"", nil},
	}
	for _, tt := range tests {
		pairs := []string{"{email}", ContactEmail, "{phone}", ContactPhone1, "{phone2}", ContactPhone2, "{form}", FormPath}
		for i := 0; i+1 < len(tt.args); i += 2 {
			pairs = append(pairs, "{"+tt.args[i]+"}", tt.args[i+1])
		}
		want := strings.NewReplacer(pairs...).Replace(tt.s)
		if got := fill(tt.s, tt.args); got != want {
			t.Errorf("fill(%q) = %q, want %q", tt.s, got, want)
		}
	}
}

func BenchmarkText(b *testing.B) {
	for b.Loop() {
		_ = text("fr", "ask_time", "day", "lundi 7 décembre", "slots", "09:00, 10:00")
	}
}

package chatbot

import (
	"strings"
	"testing"
)

func TestTextFillsArgumentsThenTheAgencysContacts(t *testing.T) {
	if got := text("fr", "booked_mail", "when", "lundi", "email", "lina@example.dz"); !strings.Contains(got, "lina@example.dz") ||
		strings.Contains(got, ContactEmail) {
		t.Errorf("the visitor's address is not the one given: %q", got)
	}
	if got := text("fr", "bot"); !strings.Contains(got, ContactEmail) && !strings.Contains(got, ContactPhone1) {
		t.Errorf("the agency's contacts are not filled in: %q", got)
	}
	if got := text("xx", "greeting"); got != text("fr", "greeting") {
		t.Errorf("an unknown language is not French: %q", got)
	}
}

func BenchmarkText(b *testing.B) {
	for b.Loop() {
		_ = text("fr", "ask_time", "day", "lundi 7 décembre", "slots", "09:00, 10:00")
	}
}

package chatbot

import "testing"

// A name spelt again after it was taken mends it, whatever step comes next; an e-mail
// given with an apology is an e-mail.
func TestANameSpeltAgainIsMended(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	for _, tc := range []struct{ lang, name, mend, want string }{
		{"fr", "Yacine Benali", "non pardon c'est Benaly, avec un y à la fin", "Yacine Benaly"},
		{"en", "Rayan Kelil", "sorry typo: Khelil, with an h", "Rayan Khelil"},
		{"ar", "Amel Bouraoua", "سمحلي غلطت، Bouhraoua بالـ h", "Amel Bouhraoua"},
	} {
		c := start(t, e, tc.lang)
		c.say("rendez-vous")
		c.say(tc.name)
		c.expect(StepEmail)
		c.say(tc.mend)
		c.expect(StepEmail)
		if got := c.last.Collected.Name; got != tc.want {
			t.Errorf("%s: name %q, want %q", tc.lang, got, tc.want)
		}
		c.say("pardon, yacine.benaly@gmail.com")
		c.expect(StepPhone)
		if got := c.last.Collected.Name; got != tc.want {
			t.Errorf("%s: an e-mail with an apology changed the name to %q", tc.lang, got)
		}
	}
	for _, tc := range []struct{ a, b string }{{"Benali", "Bonali"}, {"Ali", "Alibaba"}, {"Amel", "amel"}, {"Sarah", "Sara"}} {
		if got, want := respelt(tc.a, tc.b), tc.b == "Bonali" || tc.b == "Sara"; got != want {
			t.Errorf("respelt(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

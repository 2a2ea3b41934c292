package chatbot

import "testing"

// A contact detail is kept back in so many words, or by asking to be reached the other
// way; asking to be reached the same way keeps nothing back.
func TestDeclinesByTheOtherWay(t *testing.T) {
	for _, tc := range []struct {
		msg, step string
		want      bool
	}{
		{"I'd rather you just email me", StepPhone, true},
		{"Je préfère qu'on me contacte par mail, si ça ne vous dérange pas", StepPhone, true},
		{"pas de tel, juste le mail", StepPhone, true},
		{"makach email", StepEmail, true},
		{"nn, appelez moi", StepEmail, true},
		{"عيطولي بالهاتف", StepEmail, true},
		{"ma3andich mail, 3ayetli 3la numero", StepEmail, true}, // darija's digits are no number
		{"ma3andich email, appelle-moi sur le numéro", StepEmail, true},
		{"email is enough, thanks", StepPhone, true},
		{"لا، الايمايل برك", StepPhone, true},
		{"ma3andich mail, 3ayetli 3la 0661 18 27 36", StepEmail, false},
		{"ma3andich email, 3ayetli f tel", StepEmail, true}, // darija's digits are letters
		{"ma3andich email, 0555 12 34 56", StepEmail, false},
		{"رقم الهاتف: 0771", StepEmail, false},
		{"je préfère par mail", StepEmail, false},
		{"call me", StepPhone, false},
		{"email me at sara@atlas.dz", StepPhone, false},
		{"0555 12 34 56", StepPhone, false},
		{"My email is hanane dot kaddour at gmail dot com. I'd rather not give a phone number.", StepEmail, false},
		{"houda tiret bas amrani arobase yahoo point fr, le numéro je préfère pas", StepEmail, false},
	} {
		if got := declines(tc.msg, words(tc.msg), tc.step); got != tc.want {
			t.Errorf("declines(%q) at %s = %v, want %v", tc.msg, tc.step, got, tc.want)
		}
	}
}

// No company, said as texted: "nah", "nan", "nn", "nop".
func TestNoCompanyAsTexted(t *testing.T) {
	for _, msg := range []string{"nah", "Nan merci", "nn", "nop", "non", "non j'ai pas de société, je vends depuis chez moi",
		"Non, je n'ai pas de société, c'est mon cabinet personnel."} {
		if !skipsCompany(msg, words(msg)) {
			t.Errorf("skipsCompany(%q) = false", msg)
		}
	}
	if skipsCompany("Nana Couture", words("Nana Couture")) {
		t.Error(`"Nana Couture" is a company`)
	}
}

// No company yet, or not for now, or said with why: no company; a refusal followed by
// what is not understood is asked again, and a name is a name, even one that opens with a
// no.
func TestNoCompanyForNow(t *testing.T) {
	for _, msg := range []string{"Pas de société pour l'instant", "pas pour le moment", "pas encore", "Pas encore de société",
		"pas encore créée", "aucune pour l'instant", "non car je suis freelance", "pas de société parce que c'est perso",
		"Pas d'entreprise pour l'instant. Je suis en train de la créer", "not yet", "no company for now",
		"none at the moment", "I don't have one yet", "not for now", "mazal", "la mazal", "ma3andich drk",
		"makanch khater ana étudiant", "ليس بعد", "لا توجد شركة حاليا", "مازال ما درتهاش", "لا، لأنني طالب"} {
		if !skipsCompany(msg, words(msg)) {
			t.Errorf("skipsCompany(%q) = false", msg)
		}
	}
	for msg, want := range map[string]bool{
		"non je suis chez eux":                true,
		"pas de société mais une association": true,
		"Pas à Pas Conseil":                   true,
		"La Belle Vie":                        false,
		"No Limit Agency":                     false,
		"Non Stop Print":                      false,
		"Atlas Immo":                          false,
	} {
		if skipsCompany(msg, words(msg)) {
			t.Errorf("skipsCompany(%q) = true", msg)
		}
		if got := unclearNoCompany(msg, words(msg)); got != want {
			t.Errorf("unclearNoCompany(%q) = %v, want %v", msg, got, want)
		}
	}
}

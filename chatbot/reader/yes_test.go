package reader

import (
	"testing"
	"time"
)

// Darija says yes and no in Arabic letters as it does in Latin ones: "sahit" and "صحيت",
// "haka" and "هكا" (that's it), "machi haka" and "ماشي هكا".
func TestDarijaYesInBothScripts(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	for in, want := range map[string]bool{
		"صحيت، هكا": true, "sahit, haka": true, "ايوا هكاك": true, "iwa hakka": true, "هذا صحيح": true,
		"نعم، كل شيء صحيح": true, "صحيتو": true,
		"ماشي هكا": false, "machi haka": false, "غالط": false, "الإيمايل غالط": false, "هكا، بصح نهار الخميس": false,
	} {
		if got := PlainYes(Words(in), ParseWhen(in, now, false)); got != want {
			t.Errorf("PlainYes(%q) = %v, want %v", in, got, want)
		}
	}
}

// Told the summary is right and asked to confirm, a visitor says yes at any length; held
// back, not.
func TestConfirmedInSoManyWords(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	for in, want := range map[string]bool{
		"Yes, everything is correct. Please confirm the booking.": true,
		"C'est exact, vous pouvez confirmer le rendez-vous.":      true,
		"صحيح، المعلومات كاملين صحاح، أكدو الموعد من فضلكم.":      true,
		"oké":                                   true,
		"Oui, c'est parfait, je vous remercie.": true,
		"Yes, that's correct, thanks a lot":     true,
		"Yes, everything is correct but please confirm the time first.":          false,
		"I can't confirm yet, everything is correct though":                      false,
		"Everything is correct, I will confirm later":                            false,
		"C'est exact, je ne peux pas confirmer maintenant":                       false,
		"Yes everything is correct, please confirm it for Thursday at 3pm":       false,
		"Can you confirm that everything is correct with the booking":            false,
		"صحيح، بصح أكدو الموعد نهار الخميس":                                      false,
		"Oui c'est exact, si possible confirmez le rendez-vous l'après-midi svp": false,
	} {
		if got := PlainYes(Words(in), ParseWhen(in, now, false)); got != want {
			t.Errorf("PlainYes(%q) = %v, want %v", in, got, want)
		}
	}
}

// "nn" is a no as texted.
func TestTextedNo(t *testing.T) {
	if !NoWords.Exact(Words("nn")) || !NoWords.Exact(Words("NN!")) {
		t.Fatal(`"nn" is no no`)
	}
}

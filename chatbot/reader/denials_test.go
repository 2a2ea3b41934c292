package reader

import "testing"

// An action the visitor denies is not the one asked for, in every variety: "cancel it,
// not move it"; nor is the visitor's moving themselves a move of the appointment.
func TestDeniedActionIsNotAsked(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"أريد إلغاء الموعد، وليس تأجيله", IntentCancel},
		{"لا أريد تغيير الموعد، أريد إلغاء الموعد", IntentCancel},
		{"je veux l'annuler, pas le reporter", IntentCancel},
		{"I want to cancel it, not reschedule it", IntentCancel},
		{"nheb nalghi, machi nbadel", IntentCancel},
		{"je ne veux pas annuler, je veux reporter", IntentMove},
		{"on le reporte… non, annulez-le", IntentCancel},
	} {
		tx := NewText(Words(tt.text))
		if got := ManageActionIn(&tx); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
		}
	}
	// "on peut se déplacer": the visitor would come, no appointment moves.
	if what, ok := OwnAppointment(Words("nheb ndir un site web, rana à Oran mais on peut se déplacer"), false, true); ok {
		t.Errorf("the visitor's coming read as %q", what)
	}
	if what, _ := OwnAppointment(Words("je voudrais déplacer mon rendez-vous"), false, false); what != IntentMove {
		t.Errorf("a move read as %q", what)
	}
	// A booking denied leaves the person asked for.
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"j'aimerais parler à quelqu'un de votre équipe, ce n'est pas pour un nouveau rendez-vous", true},
		{"I'd like to talk to someone from your team, not for an appointment", true},
		{"je voudrais parler à quelqu'un de votre équipe pour prendre rendez-vous", false},
	} {
		if got := WantsPerson(Words(tt.text)); got != tt.want {
			t.Errorf("%q: person %v, want %v", tt.text, got, tt.want)
		}
	}
}

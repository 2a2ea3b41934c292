package reader

import "testing"

// Outside a booking, a cancel or move word said alone, greeted or politely, is about the
// visitor's appointment: there is nothing else to cancel or move.
func TestCommandAloneIsAboutTheAppointment(t *testing.T) {
	tests := []struct {
		text   string
		inFlow bool
		want   string
	}{
		{"annuler", false, IntentCancel},
		{"cancel", false, IntentCancel},
		{"bonjour, annulation svp", false, IntentCancel},
		{"إلغاء من فضلك", false, IntentCancel},
		{"reschedule please", false, IntentMove},
		{"reporter svp", false, IntentMove},
		{"annuler", true, ""}, // inside a booking, it stops the booking under way
		{"non", false, ""},
		{"bonjour", false, ""},
	}
	for _, tt := range tests {
		if got, _ := OwnAppointment(Words(tt.text), tt.inFlow, false); got != tt.want {
			t.Errorf("%q (in flow %v): %q, want %q", tt.text, tt.inFlow, got, tt.want)
		}
	}
}

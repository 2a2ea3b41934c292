package reader

import "testing"

// Darija's and Arabic's ways of saying to cancel or move an appointment: "لغيوه" (cancel
// it, to several), "إلغاءه" (its cancelling), "ما نحتاجوش" (we don't need it), "nrodo" (put
// it back).
func TestCancelAndMoveAsDarijaSaysThem(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"ما نحتاجوش الرونديفو تاع ١٤ ديسمبر، لغيوه من فضلكم", IntentCancel},
		{"عندي موعد نهار الخميس، لغيوه", IntentCancel},
		{"لدي موعد يوم الثلاثاء، أود إلغاءه نهائياً", IntentCancel},
		{"rdv ta3i nhar lkhmis, ma n9derch. n9der nrodo nhar letnin 30 ?", IntentMove},
	} {
		if got, _ := OwnAppointment(Words(tt.text), false, true); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
		}
	}
}

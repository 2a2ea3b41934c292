package reader

import "testing"

// A day refused with its part of the day, then the day wanted: the one wanted is read.
func TestDayRefusedWithItsPartOfDay(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want When
	}{
		{"sorry actually tomorrow morning is bad for me, make it Tuesday the 1st at 10am instead", When{Date: "2026-12-01", Time: "10:00"}},
		{"demain matin ça ne va pas, plutôt mardi à 10h", When{Date: "2026-12-01", Time: "10:00"}},
		{"ghedwa sbah ma n9derch, khaliha nhar letnin", When{Date: "2026-11-30"}},
		{"tomorrow morning at 9", When{Date: "2026-11-27", Time: "09:00"}},
		{"tomorrow is fine", When{Date: "2026-11-27"}},
	} {
		if got := ParseWhen(tt.in, thursdayEvening, false); got != tt.want {
			t.Errorf("%q: %+v, want %+v", tt.in, got, tt.want)
		}
	}
	// "make it", "dirha", "la la" change the slot chosen.
	for _, s := range []string{"make it Tuesday instead", "la la dirha l 11", "خليها نهار الثلاثاء"} {
		if ws := Words(s); ChangeWords.Score(ws) == 0 && CorrectionLeads.Score(ws) == 0 {
			t.Errorf("%q changes nothing", s)
		}
	}
}

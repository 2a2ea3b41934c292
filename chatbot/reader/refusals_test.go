package reader

import "testing"

// A day refused with its part of the day, its subject or a lead ("plutôt que demain"), and
// the day wanted before or after it: the one wanted is read, never the one refused.
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
		// refused with the one who speaks, or before it; the day wanted beside it, before or after
		{"Ah non pardon, plutôt mardi à 11h, demain je ne peux pas finalement.", When{Date: "2026-12-01", Time: "11:00"}},
		{"plutôt mardi à 11h, demain j'ai un empêchement", When{Date: "2026-12-01", Time: "11:00"}},
		{"demain je suis pris, mardi ?", When{Date: "2026-12-01"}},
		{"mardi plutôt que demain", When{Date: "2026-12-01"}},
		{"tomorrow I can't, Tuesday instead", When{Date: "2026-12-01"}},
		{"I'm busy tomorrow, Tuesday?", When{Date: "2026-12-01"}},
		{"tomorrow doesn't work for me, what about Tuesday", When{Date: "2026-12-01"}},
		{"ghodwa ana ma n9derch, nhar tlata", When{Date: "2026-12-01"}},
		{"غدوة راني مشغول، خليها الثلاثاء", When{Date: "2026-12-01"}},
		{"بدل غدوة نهار الثلاثاء", When{Date: "2026-12-01"}},
		// the old day and the new, a second choice, a choice made after two offered
		{"move tomorrow's meeting to Tuesday", When{Date: "2026-12-01"}},
		{"demain si possible, sinon mardi", When{Date: "2026-11-27"}},
		{"lundi wela mardi, allez lundi 30", When{Date: "2026-11-30"}},
		{"plutôt mardi… non, jeudi", When{Date: "2026-12-03"}},
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

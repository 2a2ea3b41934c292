package reader

import "testing"

// A day refused with its part of the day, its subject or a lead ("plutôt que demain"), and
// the day wanted before or after it: the one wanted is read, never the one refused. So is
// the value that replaces another.
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
		{"instead of tomorrow thursday the 3rd", When{Date: "2026-12-03"}},
		{"fi blast ghodwa nhar tlata", When{Date: "2026-12-01"}},
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
	// A value replaced is no value, in each variety: the one named with "instead of",
	// "plutôt que", "بدلا من", "fi blast" is the old one; a change word after its value
	// names the value of its phrase.
	for _, tt := range []struct {
		in   string
		want When
	}{
		{"Sorry, scratch that, tomorrow's not going to work. Thursday at 10 instead?", When{Date: "2026-11-26", Time: "10:00"}},
		{"Ah non smahli, à 14h j'ai un fournisseur qui passe au magasin, mettez 16h plutôt", When{Time: "16:00"}},
		{"Thursday at 10 instead of tomorrow", When{Date: "2026-11-26", Time: "10:00"}},
		{"I'd rather come Thursday than tomorrow", When{Date: "2026-11-26"}},
		{"tomorrow doesn't work, Thursday rather", When{Date: "2026-11-26"}},
		{"2pm is no good, 4pm instead", When{Time: "16:00"}},
		{"Thursday, at 10, instead", When{Date: "2026-11-26", Time: "10:00"}},
		{"16h plutôt que 14h", When{Time: "16:00"}},
		{"au lieu de 14h, mettez 16h", When{Time: "16:00"}},
		{"on peut faire jeudi à 10h au lieu de demain ?", When{Date: "2026-11-26", Time: "10:00"}},
		{"demain c'est pas possible, jeudi plutôt", When{Date: "2026-11-26"}},
		{"jeudi 10.30 plutôt", When{Date: "2026-11-26", Time: "10:30"}},
		{"الخميس على الساعة 10 بدلاً من الغد", When{Date: "2026-11-26", Time: "10:00"}},
		{"بدلا من الغد، الخميس على الساعة 10", When{Date: "2026-11-26", Time: "10:00"}},
		{"عفوا، أصحح: الساعة الحادية عشرة بدلا من العاشرة", When{Time: "11:00"}},
		{"عوض الاثنين، الخميس", When{Date: "2026-11-26"}},
		{"نهار الخميس فبلاصة غدوة", When{Date: "2026-11-26"}},
		{"dir lkhmis bedel ghodwa", When{Date: "2026-11-26"}},
		{"khalliha l 16h fi blast 14h", When{Time: "16:00"}},
		{"3andi mouchkil m3a 14h, dirha 16h", When{Time: "16:00"}},
		{"عذرا، الساعة الثانية عشرة بدل الحادية عشرة", When{Time: "12:00"}},
		// the hour of a change is the one of its first phrase, the others tell why
		{"Actually make it 4 pm, I need to pick up my son at 5.", When{Time: "16:00"}},
		{"ah et oups, en fait plutôt 17h si c'est possible, j'ai TD jusqu'à 16h30", When{Time: "17:00"}},
		{"4pm please, I need to pick up my son at 5", When{Unsure: "17:00"}},
	} {
		if got := ParseWhen(tt.in, sundayMorning, false); got != tt.want {
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

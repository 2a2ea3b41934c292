package reader

import (
	"testing"
	"time"
)

// The tests' fixed clocks: Sunday 22 November 2026, 08:00, and Thursday 26 November 2026,
// 19:00, in Algiers.
var (
	algiers = func() *time.Location {
		loc, err := time.LoadLocation("Africa/Algiers")
		if err != nil {
			return time.FixedZone("CET", 3600)
		}
		return loc
	}()
	sundayMorning   = time.Date(2026, 11, 22, 8, 0, 0, 0, algiers)
	thursdayEvening = time.Date(2026, 11, 26, 19, 0, 0, 0, algiers)
)

func TestParseWhen(t *testing.T) {
	tests := []struct {
		in       string
		bareHour bool
		want     When
	}{
		{"25/12/2026", false, When{Date: "2026-12-25"}},
		{"25-12", false, When{Date: "2026-12-25"}},
		{"le 3/1", false, When{Date: "2027-01-03"}},
		{"2026-11-29 10:00", false, When{Date: "2026-11-29", Time: "10:00"}},
		{"demain", false, When{Date: "2026-11-27"}},
		{"غدوا", false, When{Date: "2026-11-27"}}, // darija's "tomorrow" with a final alif
		{"ghedoua l 10", false, When{Date: "2026-11-27", Time: "10:00"}},
		{"demain à 10h", false, When{Date: "2026-11-27", Time: "10:00"}},
		{"après-demain", false, When{Date: "2026-11-28"}},
		{"apres demain a 14h30", false, When{Date: "2026-11-28", Time: "14:30"}},
		{"tomorrow at 10 am", false, When{Date: "2026-11-27", Time: "10:00"}},
		{"day after tomorrow", false, When{Date: "2026-11-28"}},
		{"next monday", false, When{Date: "2026-11-30"}},
		{"lundi prochain", false, When{Date: "2026-11-30"}},
		{"jeudi", false, When{Date: "2026-12-03"}},
		{"mercredi de la semaine prochaine", false, When{Date: "2026-12-02"}},
		{"wednesday next week", false, When{Date: "2026-12-02"}},
		{"nhar tlata 1 machi ghodwa", false, When{Date: "2026-12-01"}},
		{"Sunday 2pm", false, When{Date: "2026-11-29", Time: "14:00"}},
		{"غدا", false, When{Date: "2026-11-27"}},
		{"غداً الساعة 10", false, When{Date: "2026-11-27", Time: "10:00"}},
		{"بعد غد", false, When{Date: "2026-11-28"}},
		{"الأحد", false, When{Date: "2026-11-29"}},
		{"٢٩/١١/٢٠٢٦", false, When{Date: "2026-11-29"}},
		{"25 décembre", false, When{Date: "2026-12-25"}},
		{"december 25th", false, When{Date: "2026-12-25"}},
		{"10:00", false, When{Time: "10:00"}},
		{"10h", true, When{Time: "10:00"}},
		{"14h30", true, When{Time: "14:30"}},
		{"10 am", true, When{Time: "10:00"}},
		{"3 pm", true, When{Time: "15:00"}},
		{"10", true, When{Time: "10:00"}},
		{"3", true, When{Time: "15:00"}},
		{"midi", true, When{Time: "12:00"}},
		{"l'après-midi", true, When{}},
		{"10", false, When{}},
		{"01/01/2020", false, When{Date: "2020-01-01", Past: true}},
		{"31/02/2027", false, When{}},
		{"bonjour", true, When{}},
	}
	for _, tt := range tests {
		if got := ParseWhen(tt.in, thursdayEvening, tt.bareHour); got != tt.want {
			t.Errorf("ParseWhen(%q, %v) = %+v, want %+v", tt.in, tt.bareHour, got, tt.want)
		}
	}
}

func FuzzParseWhen(f *testing.F) {
	for _, s := range []string{"25/12/2026", "25-12", "demain à 10h", "tomorrow 10 am", "lundi prochain", "غدا",
		"14h30", "2026-11-29 10:00", "99/99/9999", "10:75", "le 31 février", "٢٩/١١"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, bare bool) {
		w := ParseWhen(s, thursdayEvening, bare)
		if w.Date != "" {
			d, err := time.Parse(time.DateOnly, w.Date)
			if err != nil || d.Format(time.DateOnly) != w.Date {
				t.Fatalf("ParseWhen(%q) gave date %q", s, w.Date)
			}
			if w.Past != (w.Date < "2026-11-26") {
				t.Fatalf("ParseWhen(%q) past=%v for %s", s, w.Past, w.Date)
			}
		}
		if w.Time != "" {
			if tm, err := time.Parse("15:04", w.Time); err != nil || tm.Format("15:04") != w.Time {
				t.Fatalf("ParseWhen(%q) gave time %q", s, w.Time)
			}
		}
	})
}

func TestDaysAndHoursAsPeopleWriteThem(t *testing.T) {
	for _, tc := range []struct{ text, date, hour string }{
		{"the 1st of March", "2027-03-01", ""},
		{"le premier mars", "2027-03-01", ""},
		{"الأول من مارس", "2027-03-01", ""},
		{"15 آذار", "2027-03-15", ""},
		{"3 نيسان", "2027-04-03", ""},
		{"1 تشرين الثاني", "2027-11-01", ""},
		{"٢٥/١٢/٢٠٢٦", "2026-12-25", ""},
		{"jeudi à 3 heures de l'après-midi", "2026-11-26", "15:00"},
		{"الخميس الساعة الثالثة مساء", "2026-11-26", "15:00"},
		{"الخميس الساعة العاشرة صباحا", "2026-11-26", "10:00"},
		{"thursday 3 p.m.", "2026-11-26", "15:00"},
		// a day of the month without its month, with or without its weekday; a weekday and a
		// day that disagree give no day
		{"Monday the 30th", "2026-11-30", ""},
		{"lundi 30", "2026-11-30", ""},
		{"le 30", "2026-11-30", ""},
		{"on the 30th", "2026-11-30", ""},
		{"الاثنين 30", "2026-11-30", ""},
		{"الثنين 30", "2026-11-30", ""}, // darija's spellings: "lethnin", "larb3a"
		{"لاربعا 2", "2026-12-02", ""},
		{"nhar 26 l 10", "2026-11-26", "10:00"},
		{"mardi 1er", "2026-12-01", ""},
		{"jeudi 10 à 14h", "2026-12-10", "14:00"},
		{"lundi 24", "", ""},
		{"What did the first person on the moon say?", "", ""},
		{"the first available slot", "", ""},
		{"le 30 à 10h", "2026-11-30", "10:00"},
		// the weekday after the coming one
		{"The Monday after next at 5 pm", "2026-11-30", "17:00"},
		{"pas ce lundi mais celui d'après, vers 11h", "2026-11-30", "11:00"},
		{"يوم الاثنين بعد القادم", "2026-11-30", ""},
		{"نهار الاثنين، ماشي غدوة، اللي من بعدو", "2026-11-30", ""},
		{"letnin machi ghodwa, li men ba3d", "2026-11-30", ""},
		{"next monday", "2026-11-23", ""},
		// days in words, where a month follows or a weekday or "the" comes before; a
		// refused weekday gives way to the other
		{"Sunday the sixth of December at ten in the morning", "2026-12-06", "10:00"},
		{"الثلاثاء واحد ديسمبر", "2026-12-01", ""},
		{"le vingt et un décembre", "2026-12-21", ""},
		{"un rendez-vous jeudi", "2026-11-26", ""},
		{"lkhmis ma ne9derch, khaliha lithnin 30", "2026-11-30", ""},
		{"c'est jeudi pas mercredi", "2026-11-26", ""},
		{"le 10 h", "", "10:00"},
		{"jeudi midi", "2026-11-26", "12:00"},
		{"يوم الخميس القادم", "2026-11-26", ""},
		// darija days and relative days
		{"nhar el khmis", "2026-11-26", ""},
		{"lkhmis l 10 sbah", "2026-11-26", "10:00"},
		{"nhar tlata", "2026-11-24", ""},
		{"نهار الثلاث 24", "2026-11-24", ""},
		{"نقدر نجي نهار الثلاث 24 على العشرة؟", "2026-11-24", "10:00"},
		{"nheb nbadel rdv l tlata 8 decembre l 11", "2026-12-08", "11:00"},
		{"ba3d ghedwa", "2026-11-24", ""},
		{"الحد الجاي", "2026-11-29", ""},
		{"ba3d 3 iyam", "2026-11-25", ""},
		{"dans 3 jours à 14h", "2026-11-25", "14:00"},
		{"in 2 days", "2026-11-24", ""},
		{"بعد 3 أيام", "2026-11-25", ""},
		{"mardi à quinze heures et demie", "2026-11-24", "15:30"},
	} {
		if w := ParseWhen(tc.text, sundayMorning, false); w.Date != tc.date || w.Time != tc.hour {
			t.Errorf("%q: %+v, want %s %s", tc.text, w, tc.date, tc.hour)
		}
	}
}

// English weekdays may be written short: "tue 24 3pm", "thurs at 10".
func TestShortEnglishWeekdays(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC) // a Sunday
	for in, want := range map[string]When{
		"tue 24 3pm":       {Date: "2026-11-24", Time: "15:00"},
		"thurs at 10":      {Date: "2026-11-26", Time: "10:00"},
		"Wed. morning":     {Date: "2026-11-25"},
		"mon rendez-vous":  {},
		"fri 27 nov, 11am": {Date: "2026-11-27", Time: "11:00"},
	} {
		if got := ParseWhen(in, now, false); got != want {
			t.Errorf("ParseWhen(%q) = %+v, want %+v", in, got, want)
		}
	}
}

// Of several days named with their month, the one named with its weekday is the one
// asked for; a weekday that disagrees with its date gives no day, to be asked again.
func TestDayNamedWithItsWeekday(t *testing.T) {
	for _, tc := range []struct{ text, date, hour string }{
		{"the hosting expires on 31 December. Could I come by on Sunday 13 December around 2pm?", "2026-12-13", "14:00"},
		{"le site expire le 31 décembre, je peux passer le dimanche 13 décembre à 14h ?", "2026-12-13", "14:00"},
		{"الاستضافة تنتهي يوم 31 ديسمبر، هل يمكنني المجيء يوم الأحد 13 ديسمبر على الساعة 2 بعد الظهر؟", "2026-12-13", "14:00"},
		{"l'hébergement ykhlas 31 décembre, nji nhar el had 13 décembre m3a 14h ?", "2026-12-13", "14:00"},
		{"the site expires December 31, can I come Sunday December 13 at 2pm?", "2026-12-13", "14:00"},
		{"le 31 décembre ou le 13 décembre", "2026-12-31", ""},
		{"Could I come by on Sunday 14 December around 2pm?", "", "14:00"},
		{"expires on 31 December, could I come on Sunday 14 December?", "", ""},
	} {
		if w := ParseWhen(tc.text, sundayMorning, false); w.Date != tc.date || w.Time != tc.hour {
			t.Errorf("%q: %+v, want %s %s", tc.text, w, tc.date, tc.hour)
		}
	}
}

// A move told from the appointment's own slot: an hour later or earlier, the same day a
// week later; an hour or a week alone moves nothing.
func TestShiftFromTheAppointment(t *testing.T) {
	for _, tc := range []struct {
		text        string
		days, hours int
		ok          bool
	}{
		{"nqder nji sa3a men ba3d? nafs nhar.", 0, 1, true},
		{"Could we make it one hour later, same day?", 0, 1, true},
		{"on peut le décaler une heure plus tard ?", 0, 1, true},
		{"ممكن ساعة من بعد؟", 0, 1, true},
		{"an hour earlier would suit me better", 0, -1, true},
		{"le même jour la semaine prochaine, même heure", 7, 0, true},
		{"same day next week please", 7, 0, true},
		{"نفس النهار السيمانة الجاية", 7, 0, true},
		{"c'est possible de le mettre le même jour la semaine d'après ? Même heure", 7, 0, true},
		{"nqder nbeddlou l nafs nhar f simana jaya? nafs sa3a.", 7, 0, true},
		{"نقدر نبدلو لنفس النهار في السمانة الجاية، نفس الساعة؟", 7, 0, true},
		{"momkin nfs nhar m3a 11?", 0, 0, false},
		{"je vous dirai plus tard", 0, 0, false},
		{"la semaine prochaine", 0, 0, false},
	} {
		d, h, ok := ShiftIn(Words(tc.text))
		if d != tc.days || h != tc.hours || ok != tc.ok {
			t.Errorf("ShiftIn(%q) = %d, %d, %v; want %d, %d, %v", tc.text, d, h, ok, tc.days, tc.hours, tc.ok)
		}
	}
}

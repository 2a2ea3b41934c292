package clock

import "testing"

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		text    string
		bare    bool
		want    string // "" when no hour is read
		certain bool
	}{
		// numbers
		{"à 10h", false, "10:00", true},
		{"14h30 svp", false, "14:30", true},
		{"14 h 30", false, "14:30", true},
		{"vers 10:30", false, "10:30", true},
		{"10 am", false, "10:00", true},
		{"10am", false, "10:00", true},
		{"2pm", false, "14:00", true},
		{"thursday 3 p.m.", false, "15:00", true},
		{"2.30pm", false, "14:30", true},
		{"at 3", false, "15:00", true},
		{"à 3", false, "15:00", true},
		{"3 heures de l'après-midi", false, "15:00", true},
		{"à 9 heures du matin", false, "09:00", true},
		{"5 du soir", false, "17:00", true},
		{"3 o'clock", false, "15:00", true},
		// bare numbers judged too early or better are hours, even when no hour was asked for
		{"la la 10 bekri, 11 khir", false, "11:00", true},
		{"9 is too early, 11 is better", false, "11:00", true},
		{"3 jours c'est mieux", false, "", false},
		// an article after a marker is no hour, unless it ends the message or an hour's word follows
		{"est-ce que je parle à une vraie personne ou à un robot ?", false, "", false},
		{"at one of your offices", false, "", false},
		{"à une heure", false, "13:00", true},
		{"à une heure et demie", false, "13:30", true},
		{"vers une", false, "13:00", true},
		{"at one pm", false, "13:00", true},
		// a number set against a refused hour is an hour
		{"la, khatini, 9 machi 10", false, "09:00", true},
		{"14 pas 15", false, "14:00", true},
		{"11 not 10", false, "11:00", true},
		{"2 pas 3 personnes", false, "", false},
		// two hours and nothing to tell which is wanted: the later one is confirmed; a range,
		// alternatives, noon told as a meal, a length of time or a phone number tell nothing
		{"à 14h j'ai un fournisseur qui passe, 16h ça irait ?", false, "16:00", false},
		{"nhar lkhmis m3a 10, 3andi khedma m3a 2", false, "14:00", false},
		{"demain entre 14h et 16h", false, "14:00", true},
		{"10h ou 11h", false, "10:00", true},
		{"tomorrow at 10, or 11", false, "10:00", true},
		{"16h, après le service ta3 midi", false, "16:00", true},
		{"rendez-vous à 10h, ça dure 1h ?", false, "10:00", true},
		{"عفواً، أقصد الساعة الخامسة مساءً وليس الرابعة", false, "17:00", true},
		{"07.72.11.22.33", false, "", false},
		// what the review recorded wrong
		{"half past 3 pm", false, "15:30", true},
		{"midi et demi", false, "12:30", true},
		{"a quarter to noon", false, "11:45", true},
		{"الساعة ٢ ظهراً", false, "14:00", true},
		{"3 صباحا", false, "03:00", true},
		// hours in words
		{"à quinze heures", false, "15:00", true},
		{"à dix heures et demie", false, "10:30", true},
		{"à onze heures moins le quart", false, "10:45", true},
		{"à dix-sept heures", false, "17:00", true},
		{"quinze heures trente", false, "15:30", true},
		{"الحادية عشرة", false, "11:00", true},
		{"الساعة الحادية عشرة والنصف", false, "11:30", true},
		{"في الثالثة عصرا", false, "15:00", true},
		{"الساعة العاشرة إلا ربع", false, "09:45", true},
		{"منتصف النهار", false, "12:00", true},
		{"مع الثناش", false, "12:00", true},
		{"midday", false, "12:00", true},
		{"noon", false, "12:00", true},
		{"at ten thirty", false, "10:30", true},
		{"quarter past ten", false, "10:15", true},
		{"20 past 2", false, "14:20", true},
		// darija
		{"l 2 ta3 la3chiya", false, "14:00", true},
		{"f 10 sbah", false, "10:00", true},
		{"m3a l 11 w nos", false, "11:30", true},
		{"3la 4 ghir rbe3", false, "15:45", true},
		{"ghodwa m3a l7dach ida momkin", false, "11:00", true},
		{"m3a l3achra sbah", false, "10:00", true},
		{"m3a ttnach w nos", false, "12:30", true},
		{"3la lwa7da", false, "13:00", true},
		{"l7dach", true, "11:00", true},
		{"nhar l3achra f décembre", false, "", false},
		{"الساعة 10 و نص", false, "10:30", true},
		{"على جوج العشية", false, "14:00", true},
		{"نأخروه للثلاثاء مع 10", false, "10:00", true},
		{"مع 3 اشخاص", false, "", false},
		// a lone number when an hour was asked for
		{"10", true, "10:00", true},
		{"dix", true, "10:00", true},
		{"4", true, "16:00", true},
		// refused hours are passed over
		{"la smahli ghalt, machi m3a 11, m3a 12", false, "12:00", true},
		{"11h ma ynajamch, dir 15h", false, "15:00", true},
		{"pas à 11h, plutôt 14h", false, "14:00", true},
		{"9 am doesn't work, 10 am then", false, "10:00", true},
		{"not at 9, at 10", false, "10:00", true},
		{"الحادية عشرة لا تناسبني، الساعة الثانية عشرة", false, "12:00", true},
		{"pas 11h", false, "", false},
		{"c'est 14h pas 15h", false, "14:00", true},
		{"10h pas de souci", false, "10:00", true},
		{"10 am no problem", false, "10:00", true},
		{"at 10 can you confirm", false, "10:00", true},
		{"10", false, "", false},
		{"une formation", true, "", false},
		// no hour
		{"l'après-midi", false, "", false},
		{"dans 3 jours", false, "", false},
		{"ba3d 3 iyam", false, "", false},
		{"nous sommes 2 personnes", false, "", false},
		{"bonjour", false, "", false},
		{"je voudrais une formation", false, "", false},
		// partly understood: confirm, never record
		{"15h du matin", false, "15:00", false},
		{"3h et demie ou quart", false, "15:30", false},
		{"at 3 and a half", false, "15:30", true},
	} {
		got, ok := Read(tc.text, tc.bare)
		if tc.want == "" {
			if ok {
				t.Errorf("Read(%q) = %+v, want no hour", tc.text, got)
			}
			continue
		}
		if !ok || got.Time != tc.want || got.Certain != tc.certain {
			t.Errorf("Read(%q, %v) = %+v %v, want %s certain=%v", tc.text, tc.bare, got, ok, tc.want, tc.certain)
		}
	}
}

func BenchmarkRead(b *testing.B) {
	for b.Loop() {
		Read("Bonjour, je voudrais un rendez-vous mardi à quinze heures et demie pour un site web", false)
	}
}

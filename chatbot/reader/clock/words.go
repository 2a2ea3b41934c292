package clock

// The words of hours, as tokens writes them: lower case, no accents, Arabic letters
// normalized (أ إ آ → ا, ة → ه, ى → ي, no diacritics).

// markers come before a number said as an hour: "à 3", "at 10", "vers 11", "الساعة 2",
// darija "l 10", "f 3", "m3a 10", "3la 9", "مع 10".
var markers = set("a", "at", "vers", "around", "الساعه", "ساعه", "على", "حوالي", "عند", "في",
	"l", "f", "fi", "m3a", "3la", "ala", "sa3a", "saa", "lsa3a", "fsa3a", "7ouwali", "مع")

// Refusals before an hour ("pas 11h", "machi m3a 11", "not at 9", "ماشي 11") or right after
// it ("11h ma ynajamch", "11 doesn't work", "الحادية عشرة لا تناسبني", "11 ma tsla7ch").
var (
	refusalsBefore = set("pas", "not", "machi", "mchi", "ماشي", "مش", "ليس", "sauf", "except", "وليس", "ومش",
		"وماشي", "wmachi")
	refusalsAfter = set("ma", "ما", "pas", "non", "no", "ne", "n", "impossible", "doesn", "doesnt", "won", "wont",
		"isn", "isnt", "cant", "cannot", "لا", "مانقدرش", "ماتصلحش", "مايصلحش", "ماتناسبنيش", "manqderch",
		"ma9derch", "mayemchich", "matsla7ch", "masla7tch", "mat9derch",
		// too early: "10 bekri, 11 khir", "9h trop tôt", "9 is too early"
		"bekri", "bakri", "بكري", "trop", "early")
	// noProblem follow "pas" or "no" without refusing: "10h pas de souci", "10 no problem".
	noProblem = set("souci", "soucis", "probleme", "problem", "problemo", "mal", "worries")
)

// links join two hours of a range or of alternatives: "de 14h à 16h", "10h ou 11h",
// "between 2 and 4", "10 wla 11", "من 2 إلى 4".
var links = set("a", "to", "et", "and", "ou", "or", "bien", "sinon", "otherwise", "jusqu", "until", "till", "wla",
	"wela", "ola", "ولا", "او", "والا", "الى", "حتى", "و", "l", "ila", "hatta", "7ata", "ta3", "peut", "etre", "maybe",
	"voire", "max", "maximum", "au", "plus", "tard", "-")

// durations come before a length of time, not an hour: "ça dure 1h", "it takes 2 hours",
// "مدته ساعة".
var durations = set("dure", "duree", "pendant", "durant", "lasts", "last", "takes", "take", "مده", "مدته", "يدوم",
	"تدوم", "ydoum", "tdoum")

// preferred follow an hour said to be better than another: "16h c'est mieux", "11 khir".
var preferred = set("mieux", "better", "khir", "5ir", "kheir", "خير", "افضل", "انسب", "preferable", "best")

// judged follow an hour said to be too early or too late: "10 bekri", "9 is too early",
// "17h trop tard" (with preferred, they make a lone number an hour).
var judged = set("bekri", "bakri", "بكري", "early", "tot", "tard", "late", "m3atal", "m3ettel", "معطل")

// notHours follow a number that is no hour: "3 jours", "f 3 iyam", "2 personnes".
var notHours = set("jour", "jours", "day", "days", "iyam", "ayam", "yam", "ايام", "يوم", "ايا", "semaine", "semaines",
	"week", "weeks", "mois", "month", "months", "ans", "an", "years", "year", "min", "mins", "minute", "minutes",
	"دقيقه", "دقائق", "da9i9a", "d9aye9", "personnes", "personne", "people", "persons", "fois", "times", "da", "dzd",
	"dinars", "euros", "er", "eme", "st", "nd", "rd", "th", "pages", "page", "produits", "services", "sites", "ساعات",
	"اشخاص", "شخص", "افراد", "ناس", "عباد", "nas", "3bad")

// hourNouns follow an hour: "15 heures", "3 o'clock" (o clock), "10 hours".
// articles are number words that also introduce a noun: "une réunion", "one of them".
var articles = set("un", "une", "one")

var hourNouns = set("heure", "heures", "hr", "hrs", "hour", "hours", "oclock", "o", "clock", "h00")

// hourWords are hours said in words, in every variety.
var hourWords = map[string]int{
	// French
	"une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
	"dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16,
	// English
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12,
	// Modern Standard Arabic, as ordinals ("الساعة الثالثة") and numbers
	"الواحده": 1, "الثانيه": 2, "الثالثه": 3, "الرابعه": 4, "الخامسه": 5, "السادسه": 6, "السابعه": 7,
	"الثامنه": 8, "التاسعه": 9, "العاشره": 10, "الحاديه": 11,
	"واحده": 1, "اثنين": 2, "اثنتين": 2, "ثلاث": 3, "ثلاثه": 3, "اربع": 4, "اربعه": 4, "خمس": 5, "خمسه": 5,
	"ست": 6, "سته": 6, "سبع": 7, "سبعه": 7, "ثمان": 8, "ثمانيه": 8, "تسع": 9, "تسعه": 9, "عشر": 10, "عشره": 10,
	// Darija in Arabic letters
	"وحده": 1, "جوج": 2, "زوج": 2, "تلاته": 3, "تلاثه": 3, "ربعه": 4, "حداش": 11, "طناش": 12, "الوحده": 1,
	"الجوج": 2, "الزوج": 2, "الثلاثه": 3, "التلاته": 3, "الاربعه": 4, "الربعه": 4, "الخمسه": 5, "السته": 6,
	"السبعه": 7, "الثمنيه": 8, "التسعه": 9, "العشره": 10, "الحداش": 11, "الطناش": 12,
	"ثناش": 12, "الثناش": 12, "تناش": 12, "التناش": 12,
	// Darija in Latin letters
	"wa7da": 1, "wahda": 1, "jouj": 2, "zouj": 2, "zoudj": 2, "tlata": 3, "tleta": 3, "reb3a": 4, "rab3a": 4,
	"rb3a": 4, "arba3a": 4, "khamsa": 5, "5amsa": 5, "setta": 6, "sta": 6, "seb3a": 7, "sab3a": 7,
	"tmenya": 8, "tmanya": 8, "tes3a": 9, "tess3a": 9, "3achra": 10, "3ashra": 10, "7dach": 11, "hdach": 11,
	"7dache": 11, "tnach": 12, "tnache": 12, "tnash": 12,
	// with the article, as "الحداش" is written: "m3a l7dach", "m3a l3achra sbah" (not
	// "ltlata" nor "larb3a", also Tuesday and Wednesday)
	"lwa7da": 1, "lwahda": 1, "ljouj": 2, "zzouj": 2, "lreb3a": 4, "rreb3a": 4, "lkhamsa": 5, "l5amsa": 5,
	"lkhmsa": 5, "ssetta": 6, "sseb3a": 7, "ltmenya": 8, "ttmenya": 8, "ttes3a": 9, "ltes3a": 9, "l3achra": 10,
	"l3ashra": 10, "la3chra": 10, "le3chra": 10, "l7dach": 11, "le7dach": 11, "lhdach": 11, "l7dache": 11,
	"ltnach": 12, "ttnach": 12, "ltnache": 12, "ltnash": 12,
}

// pairWords are hours of two words.
var pairWords = map[string]int{
	"dix sept": 17, "dix huit": 18, "dix neuf": 19,
	"الحاديه عشر": 11, "الحاديه عشره": 11, "الثانيه عشر": 12, "الثانيه عشره": 12,
	"احدى عشره": 11, "اثنتا عشره": 12, "اثني عشر": 12,
}

// pairFirst are the first words of pairWords.
var pairFirst = func() map[string]bool {
	m := map[string]bool{}
	for p := range pairWords {
		m[splitSpaces(p)[0]] = true
	}
	return m
}()

// partOf names the part of the day ts[i] starts: "am", "pm" or "noon" (ظهرا: an hour
// around midday, 1–5 being the afternoon), or "".
func partOf(ts []string, i int) string {
	t := ts[i]
	if i+1 < len(ts) {
		switch t {
		case "apres", "بعد", "ba3d":
			switch ts[i+1] {
			case "midi", "الظهر", "الزوال", "dohr", "ddohr", "doher", "zawal":
				return "pm"
			}
		}
	}
	switch t {
	case "matin", "matinee", "morning", "am", "صباحا", "صباح", "الصباح", "الصبح", "صباحاً", "sbah", "sba7", "sbe7", "sbeh", "fsbah", "fsba7", "lsbah":
		return "am"
	case "aprem", "soir", "soiree", "afternoon", "evening", "tonight", "pm", "مساء", "مساءا", "المساء", "عصرا", "العصر",
		"العشيه", "عشيه", "لعشيه", "العشيا", "la3chiya", "l3chiya", "le3chiya", "3chiya", "la3chia", "l3chia", "3chia",
		"la3chiyya", "l3achiya", "3achiya", "fla3chiya", "fl3chiya", "lmsa", "msa", "3asr", "l3asr":
		return "pm"
	case "ظهرا", "الظهر", "ظهر", "dohr", "ddohr", "fdohr", "ddhor", "dhor", "zawal", "الزوال":
		if i > 0 && (ts[i-1] == "بعد" || ts[i-1] == "ba3d") {
			return "pm"
		}
		return "noon"
	}
	return ""
}

// partAfter names the part of the day said at ts[i], maybe after a connecting word: "du
// soir", "de l'après-midi", "in the morning", "ta3 la3chiya".
func partAfter(ts []string, i int) string {
	for k := i; k < len(ts) && k < i+3; k++ {
		if p := partOf(ts, k); p != "" {
			return p
		}
		if !connectors[ts[k]] {
			return ""
		}
	}
	return ""
}

var connectors = set("du", "de", "l", "la", "le", "in", "the", "ta3", "nta3", "dial", "fel", "fl", "f", "تاع", "متاع", "في")

// fraction reads a fraction of an hour at ts[i:]: "et demie" +30, "et quart" +15, "moins le
// quart" −15, "والنصف" +30, "إلا ربع" −15, "w nos" +30, "ghir rbe3" −15; k tokens.
func fraction(ts []string, i int) (minutes, k int) {
	if i >= len(ts) {
		return 0, 0
	}
	for _, f := range fractions {
		if i+len(f.words) <= len(ts) && equal(ts[i:i+len(f.words)], f.words) {
			return f.minutes, len(f.words)
		}
	}
	return 0, 0
}

// fractionAt is fraction's minutes alone.
func fractionAt(ts []string, i int) int {
	m, _ := fraction(ts, i)
	return m
}

var fractions = func() []struct {
	words   []string
	minutes int
} {
	list := []struct {
		phrase  string
		minutes int
	}{
		{"moins le quart", -15}, {"moins quart", -15}, {"moins vingt", -20}, {"moins dix", -10}, {"moins cinq", -5},
		{"et demie", 30}, {"et demi", 30}, {"and a half", 30}, {"and a quarter", 15}, {"et quart", 15}, {"trente", 30}, {"ou demi", 30}, {"w demi", 30},
		{"والنصف", 30}, {"و النصف", 30}, {"ونص", 30}, {"و نص", 30}, {"ونصف", 30}, {"و نصف", 30},
		{"والربع", 15}, {"و الربع", 15}, {"وربع", 15}, {"و ربع", 15}, {"والثلث", 20}, {"و الثلث", 20}, {"وثلث", 20},
		{"الا ربع", -15}, {"الا الربع", -15}, {"غير ربع", -15}, {"الا ثلث", -20}, {"غير ثلث", -20},
		{"w nos", 30}, {"wnos", 30}, {"w nss", 30}, {"w ness", 30}, {"w nes", 30}, {"o nos", 30}, {"ou nos", 30},
		{"w rbe3", 15}, {"w rob3", 15}, {"w rba3", 15}, {"w rab3", 15}, {"o rbe3", 15},
		{"w tolt", 20}, {"w tlt", 20}, {"ghir rbe3", -15}, {"ghir rob3", -15}, {"ghi rbe3", -15}, {"gher rbe3", -15},
		{"ghir tolt", -20},
	}
	out := make([]struct {
		words   []string
		minutes int
	}, len(list))
	for i, f := range list {
		out[i].words, out[i].minutes = splitSpaces(f.phrase), f.minutes
	}
	return out
}()

// fractionWords name a fraction of an hour: a text holding one the reading did not place
// is only partly understood.
var fractionWords = set("demi", "demie", "quart", "half", "quarter", "النصف", "نص", "نصف", "الربع", "ربع", "ونص",
	"والنصف", "والربع", "وربع", "nos", "nss", "rbe3", "rob3", "thirty", "trente")

// minutesBefore reads English minutes before an hour: "half past", "quarter past",
// "quarter to", "a quarter to", "20 past", "ten to"; before means "to"; k tokens.
func minutesBefore(ts []string, i int) (m int, before bool, k int) {
	j := i
	if ts[j] == "a" && j+1 < len(ts) {
		j++
	}
	var v int
	switch t := ts[j]; {
	case t == "half":
		v = 30
	case t == "quarter":
		v = 15
	case isDigits(t) && len(t) <= 2:
		v = atoi(t)
	case englishMinutes[t] > 0:
		v = englishMinutes[t]
	default:
		return 0, false, 0
	}
	if j+1 >= len(ts) {
		return 0, false, 0
	}
	switch ts[j+1] {
	case "past", "after":
		return v, false, j + 2 - i
	case "to", "till", "before":
		if ts[j] == "half" {
			return 0, false, 0
		}
		return v, true, j + 2 - i
	}
	return 0, false, 0
}

var englishMinutes = map[string]int{"five": 5, "ten": 10, "twenty": 20, "fifteen": 15}

// minuteWords read minutes said after the hour: "thirty", "fifteen", "forty five".
func minuteWords(ts []string, i int) (int, int) {
	if i >= len(ts) {
		return 0, 0
	}
	if i+1 < len(ts) && ts[i] == "forty" && ts[i+1] == "five" {
		return 45, 2
	}
	switch ts[i] {
	case "thirty":
		return 30, 1
	case "fifteen":
		return 15, 1
	}
	return 0, 0
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func splitSpaces(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

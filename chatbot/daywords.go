package chatbot

import (
	"strconv"
	"strings"
)

// Days of the month written in words — "the sixth of December", "le vingt et un
// décembre", "الثلاثاء واحد ديسمبر", "lithnin tlata" — are written in digits before a
// day is read, but only where a month follows or a weekday or "the"/"le" comes before:
// elsewhere "un", "one" or "واحد" are no day.

// dayNumbers maps a day's words, as one space-separated phrase of lower-case words, to
// the day.
var dayNumbers = func() map[string]int {
	m := map[string]int{}
	add := func(n int, phrases ...string) {
		for _, p := range phrases {
			m[p] = n
		}
	}
	enUnits := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	enOrd := []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
	enTeens := []string{"ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	enTeensOrd := []string{"tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
		"seventeenth", "eighteenth", "nineteenth"}
	for i := 1; i <= 9; i++ {
		add(i, enUnits[i], enOrd[i])
		add(20+i, "twenty "+enUnits[i], "twenty-"+enUnits[i], "twenty "+enOrd[i], "twenty-"+enOrd[i])
	}
	for i := range enTeens {
		add(10+i, enTeens[i], enTeensOrd[i])
	}
	add(20, "twenty", "twentieth")
	add(30, "thirty", "thirtieth")
	add(31, "thirty one", "thirty-one", "thirty first", "thirty-first")

	frUnits := []string{"", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"}
	frTeens := []string{"dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"}
	for i := 1; i <= 9; i++ {
		add(i, frUnits[i])
		if i > 1 {
			add(i, frUnits[i]+"ieme", frUnits[i]+"ième")
		}
		sep := "-"
		if i == 1 {
			sep = " et "
			add(21, "vingt-et-un", "vingt et une")
		}
		add(20+i, "vingt"+sep+frUnits[i])
	}
	for i := range frTeens {
		add(10+i, frTeens[i], strings.ReplaceAll(frTeens[i], "-", " "))
	}
	add(1, "une", "premier", "1er")
	add(20, "vingt")
	add(30, "trente")
	add(31, "trente et un", "trente-et-un", "trente et une")

	// Arabic and darija, the common forms of one to twelve, twenty and thirty.
	ar := [][]string{
		1:  {"واحد", "الاول", "اول", "wa7ed", "wahed"},
		2:  {"اثنين", "اثنان", "زوج", "الثاني", "zouj", "joj"},
		3:  {"ثلاثة", "ثلاثه", "تلاتة", "الثالث", "tlata"},
		4:  {"اربعة", "اربعه", "الرابع", "arba3a", "rb3a", "reb3a"},
		5:  {"خمسة", "خمسه", "الخامس", "khamsa", "5amsa"},
		6:  {"ستة", "سته", "السادس", "setta", "sitta"},
		7:  {"سبعة", "سبعه", "السابع", "sab3a", "seb3a"},
		8:  {"ثمانية", "ثمانيه", "تمنية", "الثامن", "tmenya", "tmanya"},
		9:  {"تسعة", "تسعه", "التاسع", "tes3a", "tas3a"},
		10: {"عشرة", "عشره", "العاشر", "3achra", "3ashra"},
		11: {"احدعش", "حداش", "الحادي عشر", "7dach", "hdach"},
		12: {"اثنا عشر", "طناش", "الثاني عشر", "tnach", "tnache"},
		20: {"عشرين", "عشرون", "3echrin"},
		30: {"ثلاثين", "ثلاثون", "tlatin"},
	}
	for n, forms := range ar {
		add(n, forms...)
	}
	return m
}()

// dayFollowers may sit between a day and its month: "the sixth of December".
var dayFollowers = map[string]bool{"of": true, "de": true, "du": true, "من": true}

// dayNumberWords writes in digits the days of s (lower-cased, one space between words)
// written in words before a month, or after a weekday or "the"/"le".
func dayNumberWords(s string) string {
	ws := strings.Split(s, " ")
	changed := false
	for i := 0; i < len(ws); i++ {
		for n := 3; n >= 1; n-- {
			if i+n > len(ws) {
				continue
			}
			d, ok := dayNumbers[foldWord(strings.Join(ws[i:i+n], " "))]
			if !ok || !dayContext(ws, i, i+n) {
				continue
			}
			ws = append(ws[:i], append([]string{strconv.Itoa(d)}, ws[i+n:]...)...)
			changed = true
			break
		}
	}
	if !changed {
		return s
	}
	return strings.Join(ws, " ")
}

// dayContext reports whether the words ws[from:to] sit where a day does: before a month,
// or after a weekday or "the"/"le".
func dayContext(ws []string, from, to int) bool {
	next := to
	if next < len(ws) && dayFollowers[ws[next]] {
		next++
	}
	if next < len(ws) {
		if _, ok := monthNames[normalize(ws[next])]; ok {
			return true
		}
	}
	if from > 0 {
		prev := normalize(ws[from-1])
		if _, ok := weekdayNames[prev]; ok {
			return true
		}
		if _, ok := darijaDays[prev]; ok {
			return true
		}
		return prev == "the" || prev == "le"
	}
	return false
}

// foldWord is a phrase's words without their punctuation: "sixth," is "sixth".
func foldWord(p string) string {
	return strings.Trim(normalize(p), " ,.;:!?")
}

package reader

import (
	"strconv"
	"strings"
)

// Days of the month written in words — "the sixth of December", "le vingt et un
// décembre", "الثلاثاء واحد ديسمبر", "lithnin tlata" — are written in digits before a
// day is read, but only where a month follows or a weekday comes before: elsewhere "un",
// "one" or "واحد" are no day, and "the first available slot" no first of the month.

// dayNumbers maps a day's words, as one phrase of normal words (normalize), to the day;
// dayFirsts are the first words of those phrases.
var dayNumbers, dayFirsts = func() (map[string]int, map[string]bool) {
	m, firsts := map[string]int{}, map[string]bool{}
	add := func(n int, phrases ...string) {
		for _, p := range phrases {
			p = normalize(p)
			m[p] = n
			firsts[strings.SplitN(p, " ", 2)[0]] = true
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
	return m, firsts
}()

// dayFollowers may sit between a day and its month: "the sixth of December".
var dayFollowers = map[string]bool{"of": true, "de": true, "du": true, "من": true}

// dayNumberWords writes in digits the days of n (a normal form, see normalize) written in
// words before a month, or after a weekday.
func dayNumberWords(n string) string {
	var ws []string
	var key []byte
	changed := false
	for i := 0; ; i++ {
		if ws == nil {
			if !anyDayFirst(n) {
				return n
			}
			ws = strings.Split(n, " ")
		}
		if i >= len(ws) {
			break
		}
		if !dayFirsts[ws[i]] {
			continue
		}
		for n := 3; n >= 1; n-- {
			if i+n > len(ws) {
				continue
			}
			// The phrase of n words, looked up without a string made for it.
			key = append(key[:0], ws[i]...)
			for _, w := range ws[i+1 : i+n] {
				key = append(append(key, ' '), w...)
			}
			d, ok := dayNumbers[string(key)]
			if !ok || !dayContext(ws, i, i+n) {
				continue
			}
			ws = append(ws[:i], append([]string{strconv.Itoa(d)}, ws[i+n:]...)...)
			changed = true
			break
		}
	}
	if !changed {
		return n
	}
	return strings.Join(ws, " ")
}

// anyDayFirst reports whether a word of n may start a day in words.
func anyDayFirst(n string) bool {
	for w := range strings.SplitSeq(n, " ") {
		if dayFirsts[w] {
			return true
		}
	}
	return false
}

// dayContext reports whether the words ws[from:to] sit where a day does: before a month,
// or after a weekday.
func dayContext(ws []string, from, to int) bool {
	next := to
	if next < len(ws) && dayFollowers[ws[next]] {
		next++
	}
	if next < len(ws) {
		if _, ok := monthNames[ws[next]]; ok {
			return true
		}
	}
	if from > 0 {
		prev := ws[from-1]
		if _, ok := WeekdayNames[prev]; ok {
			return true
		}
		_, ok := darijaDays[prev]
		return ok
	}
	return false
}

package chatbot

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// When is what a visitor's free text says about the day and hour of a meeting.
type When struct {
	Date string // YYYY-MM-DD, "" when the text names no day
	Time string // HH:MM, "" when the text names no hour
	Past bool   // the day named is before today
}

var (
	isoDate     = regexp.MustCompile(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	numericDate = regexp.MustCompile(`\b(\d{1,2})[/.\-](\d{1,2})(?:[/.\-](\d{2,4}))?\b`)
	clockTime   = regexp.MustCompile(`\b(\d{1,2})\s*(?::|h(?:eures?)?)\s*(\d{2})?(?:\s*(am|pm|a\.m\.|p\.m\.))?`)
	atHour      = regexp.MustCompile(`(?:^|\s)(?:at|a|à|vers|around|الساعة|الساعه|على)\s+(\d{1,2})(?:\s|$)`)
	meridiem    = regexp.MustCompile(`\b(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)`)
	bareNumber  = regexp.MustCompile(`^\D*?(\d{1,2})\D*$`)
	dayMonth    = regexp.MustCompile(`\b(\d{1,2})(?:er|st|nd|rd|th)?\s+(?:of\s+|de\s+|من\s+)?([a-z\p{Arabic}]+)(?:\s+(\d{4}))?`)
	monthDay    = regexp.MustCompile(`\b([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?(?:\s*,?\s*(\d{4}))?\b`)
)

// relativeDays are words naming a day from today.
var relativeDays = []struct {
	phrase string
	days   int
}{
	{"apres demain", 2}, {"apres-demain", 2}, {"day after tomorrow", 2}, {"بعد غد", 2}, {"بعد غدا", 2}, {"بعد بكره", 2},
	{"aujourd hui", 0}, {"today", 0}, {"اليوم", 0},
	{"demain", 1}, {"tomorrow", 1}, {"غدا", 1}, {"بكره", 1}, {"غد", 1}, {"غدوه", 1}, {"ghodwa", 1}, {"ghedwa", 1},
}

// weekdayNames maps each language's weekday names, normalized, to the weekday.
var weekdayNames = map[string]time.Weekday{
	"dimanche": time.Sunday, "lundi": time.Monday, "mardi": time.Tuesday, "mercredi": time.Wednesday,
	"jeudi": time.Thursday, "vendredi": time.Friday, "samedi": time.Saturday,
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
	"احد": time.Sunday, "الاحد": time.Sunday, "اثنين": time.Monday, "الاثنين": time.Monday, "ثلاثاء": time.Tuesday,
	"الثلاثاء": time.Tuesday, "اربعاء": time.Wednesday, "الاربعاء": time.Wednesday, "خميس": time.Thursday,
	"الخميس": time.Thursday, "جمعه": time.Friday, "الجمعه": time.Friday, "سبت": time.Saturday, "السبت": time.Saturday,
}

// monthNames maps month names of the three languages (with Algerian usage), normalized.
var monthNames = map[string]time.Month{
	"janvier": 1, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7, "aout": 8,
	"septembre": 9, "octobre": 10, "novembre": 11, "decembre": 12,
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
	"september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
	"nov": 11, "dec": 12,
	"يناير": 1, "جانفي": 1, "فبراير": 2, "فيفري": 2, "مارس": 3, "ابريل": 4, "افريل": 4, "مايو": 5, "ماي": 5,
	"يونيو": 6, "جوان": 6, "يوليو": 7, "جويليه": 7, "اغسطس": 8, "اوت": 8, "سبتمبر": 9, "اكتوبر": 10,
	"نوفمبر": 11, "ديسمبر": 12,
	// The Levantine names, used across the Arabic-speaking world (normalized: آ and أ are ا).
	"شباط": 2, "اذار": 3, "نيسان": 4, "ايار": 5, "حزيران": 6, "تموز": 7, "اب": 8, "ايلول": 9,
}

// monthPhrases are month names of two words, read as one: "تشرين الثاني" is November.
var monthPhrases = strings.NewReplacer("كانون الثاني", "يناير", "تشرين الاول", "اكتوبر",
	"تشرين الثاني", "نوفمبر", "كانون الاول", "ديسمبر")

// ordinalDays write the first of a month as a number: "le premier mars", "the first of
// March", "الأول من مارس".
var ordinalDays = regexp.MustCompile(`(^|\s)(premier|first|الاول|اول)(\s)`)

// ParseWhen reads a day and an hour from free text in French, English or Arabic, relative
// to now (whose location is the agency's time zone). bareHour lets a lone number ("10")
// stand for an hour, as it does when the visitor is asked for a time.
func ParseWhen(text string, now time.Time, bareHour bool) When {
	s := strings.ToLower(strings.Join(strings.Fields(text), " "))
	s = normalizeDigits(s)
	var w When
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	rest := s
	if d, used, ok := parseDate(s, today); ok {
		w.Date = d.Format(time.DateOnly)
		w.Past = d.Before(today)
		rest = strings.Replace(s, used, " ", 1)
	}
	w.Time = parseTime(rest, bareHour && w.Date == "")
	return w
}

func normalizeDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '٠' && r <= '٩':
			return '0' + (r - '٠')
		case r >= '۰' && r <= '۹':
			return '0' + (r - '۰')
		}
		return r
	}, s)
}

// parseDate finds a day in s; used is the text that named it.
func parseDate(s string, today time.Time) (time.Time, string, bool) {
	if m := isoDate.FindStringSubmatch(s); m != nil {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		if t, ok := makeDate(y, mo, d, today.Location()); ok {
			return t, m[0], true
		}
	}
	if m := numericDate.FindStringSubmatch(s); m != nil && !strings.Contains(m[0], ":") {
		d, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		if t, ok := withYear(d, mo, m[3], today); ok {
			return t, m[0], true
		}
	}
	n := ordinalDays.ReplaceAllString(monthPhrases.Replace(normalize(s)), "${1}1${3}")
	for _, m := range dayMonth.FindAllStringSubmatch(n, -1) {
		if mo, ok := monthNames[m[2]]; ok {
			d, _ := strconv.Atoi(m[1])
			if t, ok := withYear(d, int(mo), m[3], today); ok {
				return t, dateSource(s, m[1], m[2]), true
			}
		}
	}
	for _, m := range monthDay.FindAllStringSubmatch(n, -1) {
		if mo, ok := monthNames[m[1]]; ok {
			d, _ := strconv.Atoi(m[2])
			if t, ok := withYear(d, int(mo), m[3], today); ok {
				return t, dateSource(s, m[2], m[1]), true
			}
		}
	}
	ws := strings.Fields(n)
	for _, r := range relativeDays {
		// Word for word: "اليوم" (today) is not "يوم" (day) of "يوم الخميس".
		if containsExactly(ws, words(r.phrase)) {
			return today.AddDate(0, 0, r.days), firstWord(s, r.phrase), true
		}
	}
	for _, w := range ws {
		if wd, ok := weekdayNames[w]; ok {
			// "lundi", "lundi prochain" and "next monday" all mean the coming one.
			ahead := (int(wd) - int(today.Weekday()) + 7) % 7
			if ahead == 0 {
				ahead = 7
			}
			return today.AddDate(0, 0, ahead), w, true
		}
	}
	return time.Time{}, "", false
}

// dateSource returns the day number as the text to remove before reading the hour, so
// that "25" of "25 décembre" is not read as a time.
func dateSource(s, day, _ string) string {
	if strings.Contains(s, day) {
		return day
	}
	return ""
}

func firstWord(s, phrase string) string {
	if strings.Contains(s, phrase) {
		return phrase
	}
	return ""
}

func withYear(d, mo int, year string, today time.Time) (time.Time, bool) {
	if year == "" {
		t, ok := makeDate(today.Year(), mo, d, today.Location())
		if ok && t.Before(today) {
			t, ok = makeDate(today.Year()+1, mo, d, today.Location())
		}
		return t, ok
	}
	y, _ := strconv.Atoi(year)
	if y < 100 {
		y += 2000
	}
	return makeDate(y, mo, d, today.Location())
}

func makeDate(y, mo, d int, loc *time.Location) (time.Time, bool) {
	if mo < 1 || mo > 12 || d < 1 || d > 31 || y < 2000 || y > 2200 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(mo), d, 0, 0, 0, 0, loc)
	return t, t.Day() == d
}

// Parts of the day a visitor may name: with an hour they make it am or pm ("à 3 heures
// de l'après-midi"); alone they ask for that part's slots (partOfDay).
var (
	afternoonWords = newMatcher("apres midi", "apres-midi", "aprem", "soir", "afternoon", "evening", "pm",
		"مساء", "مساءا", "بعد الظهر", "العشيه", "la3chiya")
	morningWords = newMatcher("matin", "matinee", "morning", "صباحا", "صباح", "الصباح", "sbah", "الصبح")
)

// partOfDay names the part of the day a message asks for, "morning", "afternoon" or "".
func partOfDay(ws []string) string {
	switch {
	case afternoonWords.score(ws) > 0:
		return "afternoon"
	case morningWords.score(ws) > 0:
		return "morning"
	}
	return ""
}

// arabicHours are the hours written as words: "الساعة الثالثة" is 3 o'clock.
var arabicHours = map[string]int{"الواحده": 1, "الثانيه": 2, "الثالثه": 3, "الرابعه": 4, "الخامسه": 5,
	"السادسه": 6, "السابعه": 7, "الثامنه": 8, "التاسعه": 9, "العاشره": 10, "الحاديه": 11}

// parseTime finds an hour in s: "10h", "14h30", "10:00", "10 am", "2pm", "midi", "noon",
// "الساعة الثالثة"; an afternoon word makes a morning hour pm ("3 heures de l'après-midi").
func parseTime(s string, bareHour bool) string {
	hhmm := readTime(s, bareHour)
	if hhmm == "" || afternoonWords.score(words(s)) == 0 {
		return hhmm
	}
	if h, _ := strconv.Atoi(hhmm[:2]); h < 12 {
		return clock(h+12, mustAtoi(hhmm[3:]), "")
	}
	return hhmm
}

func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func readTime(s string, bareHour bool) string {
	n := normalize(s)
	ws := strings.Fields(n)
	for i, w := range ws {
		if h, ok := arabicHours[w]; ok && i > 0 && (ws[i-1] == "الساعه" || ws[i-1] == "ساعه") {
			return clock(h, 0, "")
		}
	}
	for _, w := range []string{"midi", "noon", "ظهرا"} {
		// "après-midi" is the afternoon, not noon.
		if containsPhrase(ws, []string{w}) && !containsPhrase(ws, []string{"apres", "midi"}) {
			return "12:00"
		}
	}
	if m := clockTime.FindStringSubmatch(s); m != nil {
		h, _ := strconv.Atoi(m[1])
		mi := 0
		if m[2] != "" {
			mi, _ = strconv.Atoi(m[2])
		}
		return clock(h, mi, m[3])
	}
	if m := meridiem.FindStringSubmatch(s); m != nil {
		h, _ := strconv.Atoi(m[1])
		return clock(h, 0, m[2])
	}
	if m := atHour.FindStringSubmatch(s); m != nil {
		h, _ := strconv.Atoi(m[1])
		if h >= 1 && h <= 5 {
			h += 12
		}
		return clock(h, 0, "")
	}
	if bareHour {
		if m := bareNumber.FindStringSubmatch(s); m != nil {
			h, _ := strconv.Atoi(m[1])
			// An office-hours reading of a lone small number: "3" means 15:00.
			if h >= 1 && h <= 5 {
				h += 12
			}
			return clock(h, 0, "")
		}
	}
	return ""
}

func clock(h, m int, ampm string) string {
	switch strings.Trim(ampm, ".") {
	case "pm", "p.m":
		if h < 12 {
			h += 12
		}
	case "am", "a.m":
		if h == 12 {
			h = 0
		}
	}
	if h < 0 || h > 23 || m < 0 || m > 59 {
		return ""
	}
	return time.Date(2000, 1, 1, h, m, 0, 0, time.UTC).Format("15:04")
}

// containsExactly reports whether phrase occurs in text word for word, unstemmed.
func containsExactly(text, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(text); i++ {
		if slices.Equal(text[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}

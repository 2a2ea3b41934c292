package reader

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// When is what a visitor's free text says about the day and hour of a meeting.
type When struct {
	Date string // YYYY-MM-DD, "" when the text names no day
	Time string // HH:MM, "" when the text names no hour
	Past bool   // the day named is before today
	// Unsure is an hour read from a phrase only partly understood ("3h et demie ou quart"):
	// to be confirmed, never recorded.
	Unsure string
}

// The patterns of days and hours. Each is run only where the text has what it needs to
// match (see dateclues.go): running every pattern over every message was most of reading
// one.
var (
	isoDate     = regexp.MustCompile(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	numericDate = regexp.MustCompile(`\b(\d{1,2})[/.\-](\d{1,2})(?:[/.\-](\d{2,4}))?\b`)
	clockTime   = regexp.MustCompile(`\b(\d{1,2})\s*(?::|h(?:eures?)?)\s*(\d{2})?(?:\s*(am|pm|a\.m\.|p\.m\.))?`)
	atHour      = regexp.MustCompile(`(?:^|\s)(?:at|a|à|vers|around|الساعة|الساعه|على)\s+(\d{1,2})(?:\s|$)`)
	meridiem    = regexp.MustCompile(`\b(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)`)
	dayMonth    = regexp.MustCompile(`\b(\d{1,2})(?:er|st|nd|rd|th)?\s+(?:of\s+|de\s+|من\s+)?([a-z\p{Arabic}]+)(?:\s+(\d{4}))?`)
	monthDay    = regexp.MustCompile(`\b([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?(?:\s*,?\s*(\d{4}))?\b`)
)

// relativeDays are words naming a day from today.
var relativeDays = []struct {
	phrase string
	days   int
}{
	{"apres demain", 2}, {"apres-demain", 2}, {"day after tomorrow", 2}, {"بعد غد", 2}, {"بعد غدا", 2}, {"بعد بكره", 2},
	{"بعد غدوه", 2}, {"بعد غدوا", 2}, {"ba3d ghedoua", 2}, {"ba3d ghodoua", 2}, {"ba3d ghedwa", 2}, {"ba3d ghodwa", 2}, {"ba3d ghadwa", 2}, {"ba3d ghdwa", 2}, {"baad ghedwa", 2},
	{"aujourd hui", 0}, {"today", 0}, {"اليوم", 0}, {"lyoum", 0}, {"lyoum", 0}, {"el youm", 0},
	{"demain", 1}, {"tomorrow", 1}, {"غدا", 1}, {"بكره", 1}, {"غد", 1}, {"غدوه", 1}, {"غدوا", 1}, {"ghodwa", 1}, {"ghedwa", 1},
	{"ghadwa", 1}, {"ghdwa", 1}, {"ghudwa", 1}, {"tmrw", 1}, {"tmr", 1}, {"2moro", 1}, {"2morrow", 1},
	{"tomoro", 1}, {"tomorow", 1}, {"dmain", 1}, {"2main", 1}, {"lghada", 1},
	// as written with "ou" or a final alif: "ghedoua", "غدوا"
	{"ghedoua", 1}, {"ghodoua", 1}, {"ghadoua", 1}, {"ghdoua", 1},
}

// relativeWords are the words of each of relativeDays.
var relativeWords = func() [][]string {
	out := make([][]string, len(relativeDays))
	for i, r := range relativeDays {
		out[i] = Words(r.phrase)
	}
	return out
}()

// WeekdayNames maps each language's weekday names, normalized, to the weekday.
var WeekdayNames = map[string]time.Weekday{
	"dimanche": time.Sunday, "lundi": time.Monday, "mardi": time.Tuesday, "mercredi": time.Wednesday,
	"jeudi": time.Thursday, "vendredi": time.Friday, "samedi": time.Saturday,
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
	// English abbreviations no other word is written as ("mon" is French for "my", "sun"
	// and "sat" are words of their own)
	"tue": time.Tuesday, "tues": time.Tuesday, "wed": time.Wednesday, "weds": time.Wednesday,
	"thu": time.Thursday, "thur": time.Thursday, "thurs": time.Thursday, "fri": time.Friday,
	"احد": time.Sunday, "الاحد": time.Sunday, "اثنين": time.Monday, "الاثنين": time.Monday, "ثلاثاء": time.Tuesday,
	"الثلاثاء": time.Tuesday, "اربعاء": time.Wednesday, "الاربعاء": time.Wednesday, "خميس": time.Thursday,
	"الخميس": time.Thursday, "جمعه": time.Friday,
	// written as said, without the final hamza: "الاربعا", "الثلاثا"
	"اربعا": time.Wednesday, "الاربعا": time.Wednesday, "ثلاثا": time.Tuesday, "الثلاثا": time.Tuesday, "الجمعه": time.Friday, "سبت": time.Saturday, "السبت": time.Saturday,
	// Darija: "الحد" is Sunday; in Latin letters, the forms with their article.
	"الحد": time.Sunday, "الثنين": time.Monday, "لثنين": time.Monday, "لاربعا": time.Wednesday,
	"لربعا": time.Wednesday, "lhad": time.Sunday, "l7ad": time.Sunday, "letnin": time.Monday, "lithnin": time.Monday,
	"ltnin": time.Monday, "ltlata": time.Tuesday, "larb3a": time.Wednesday, "larbe3": time.Wednesday,
	"larba3": time.Wednesday, "lkhmis": time.Thursday, "lekhmis": time.Thursday, "khmis": time.Thursday,
	"l5mis": time.Thursday, "ljem3a": time.Friday, "jem3a": time.Friday, "ljemaa": time.Friday, "sebt": time.Saturday,
	"essebt": time.Saturday, "lsebt": time.Saturday,
}

// darijaDays are darija weekdays written without their article, read after "el", "l" or
// "nhar" ("nhar el had", "el tlata"): alone, "had" is "this" and "tlata" three.
var darijaDays = map[string]time.Weekday{"had": time.Sunday, "7ad": time.Sunday, "tnin": time.Monday,
	"ithnin": time.Monday, "tlata": time.Tuesday, "arb3a": time.Wednesday, "arba3": time.Wednesday,
	"larb3": time.Wednesday, "khmis": time.Thursday, "5mis": time.Thursday, "jem3a": time.Friday, "sebt": time.Saturday}

// darijaArabicDays are darija weekdays in Arabic letters as they are said, read after
// "نهار" or "يوم" ("نهار الثلاث 24"): alone, "الثلاث" is three.
var darijaArabicDays = map[string]time.Weekday{"الثلاث": time.Tuesday, "التلات": time.Tuesday,
	"لثلاث": time.Tuesday, "الاربع": time.Wednesday, "لاربعا": time.Wednesday, "لربعا": time.Wednesday,
	"التنين": time.Monday, "لتنين": time.Monday, "لحد": time.Sunday, "لخميس": time.Thursday}

// inDays reads "dans 3 jours", "in 3 days", "ba3d 3 iyam", "بعد 3 أيام": how many days ahead.
var inDays = regexp.MustCompile(`(?:^|\s)(?:dans|in|ba3d|baad|بعد|من هنا)\s+(\d{1,2})\s+(?:jours?|days?|iyam|ayam|ايام|يوم|يام)(?:\s|$)`)

// dayUnits holds the start of each of inDays' words for days.
var dayUnits = []string{"jour", "day", "iyam", "ayam", "ايام", "يوم", "يام"}

// inDaysIn is inDays' submatches in n, nil when none. The pattern runs only where one of
// its words for days follows a digit and spaces: "bonjour" and "Thursday" hold one too.
func inDaysIn(n string) []string {
	for _, u := range dayUnits {
		for from := 0; ; {
			k := strings.Index(n[from:], u)
			if k < 0 {
				break
			}
			k += from
			if j := k; j > 0 && isSpaceByte(n[j-1]) {
				for j > 0 && isSpaceByte(n[j-1]) {
					j--
				}
				if j > 0 && IsDigit(n[j-1]) {
					return inDays.FindStringSubmatch(n)
				}
			}
			from = k + len(u)
		}
	}
	return nil
}

// ShiftIn reads a move told from the appointment's own slot: "une heure plus tard", "sa3a
// men ba3d" (hours 1), "an hour earlier" (hours -1), "same day next week", "nafs nhar
// semaine jaya" (days 7); ok is false when the message tells none.
func ShiftIn(ws []string) (days, hours int, ok bool) {
	t := NewText(ws)
	switch {
	case sameDayNextWeek.ScoreIn(&t) > 0, sameDayThenNextWeek(&t):
		return 7, 0, true
	case hourLater.ScoreIn(&t) > 0:
		return 0, 1, true
	case hourEarlier.ScoreIn(&t) > 0:
		return 0, -1, true
	}
	return 0, 0, false
}

// The words of ShiftIn.
var (
	hourLater = NewMatcher("une heure plus tard", "1h plus tard", "une heure après", "une heure apres",
		"an hour later", "one hour later", "1 hour later", "an hour after", "push it back an hour",
		"push it back by an hour", "متأخرا بساعة", "متاخرا بساعة", "ساعة من بعد", "ساعة من بعذ", "ساعة مورا",
		"sa3a men ba3d", "sa3a mn ba3d", "sa3a men b3d", "sa3a mn b3d", "sa3a mora", "sa3a moraha")
	hourEarlier = NewMatcher("une heure plus tôt", "une heure plus tot", "1h plus tôt", "1h plus tot",
		"an hour earlier", "one hour earlier", "1 hour earlier", "مبكرا بساعة", "ساعة قبل", "sa3a 9bel",
		"sa3a qbel", "sa3a gbel")
	sameDayNextWeek = NewMatcher("même jour la semaine prochaine", "meme jour la semaine prochaine",
		"même jour de la semaine prochaine", "même jour semaine prochaine", "same day next week",
		"the same day next week", "نفس اليوم الأسبوع القادم", "نفس اليوم من الأسبوع القادم",
		"نفس اليوم في الأسبوع القادم", "نفس النهار السيمانة الجاية", "نفس النهار الجمعة الجاية",
		"nafs nhar semaine jaya", "nafs nhar la semaine jaya", "nafs nhar simana jaya", "nafs nhar ljom3a jaya")
)

// sameDayThenNextWeek reports whether the appointment's own day is kept for the week after,
// a few words on: "le même jour la semaine d'après", "l nafs nhar f simana jaya".
func sameDayThenNextWeek(t *Text) bool {
	for i := range t.Words {
		n := sameDayWords.atIn(t, i)
		if n == 0 {
			continue
		}
		for j := i + n; j < len(t.Words) && j <= i+n+2; j++ {
			if nextWeekWords.atIn(t, j) > 0 {
				return true
			}
		}
	}
	return false
}

// relativeFirsts are the first words of relativeDays.
var relativeFirsts = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range relativeWords {
		m[w[0]] = true
	}
	return m
}()

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
	// "9am... actually make it 10", "11h... la non smahli, dir 15h": what follows a change
	// of mind says it, what it leaves unsaid comes from before.
	// "16h plutôt que 14h", "Thursday instead of tomorrow": the value replaced is none.
	text = withoutReplaced(text)
	if before, after, word, ok := splitAtChange(text); ok {
		w := parseWhen(after, now, bareHour)
		if w.empty() {
			// "Thursday at 10 instead?", "mettez 16h plutôt": a change word after its value
			// names the value of its phrase.
			cut := 0
			if slices.Contains(afterValueWords, changeWords[word]) {
				cut = phraseBefore(text, len(before), now, bareHour)
			}
			if cut == 0 {
				return parseWhen(text, now, bareHour)
			}
			before, after = text[:cut], text[cut:]
			w = parseWhen(after, now, bareHour)
		}
		// "Actually make it 4 pm, I need to pick up my son at 5": the hour of the change is
		// the one of its first phrase, the others tell why.
		if w.Time == "" && w.Unsure != "" {
			if end := phraseAfter(after, now, bareHour); end < len(after) {
				if first := parseWhen(after[:end], now, bareHour); first.Time != "" {
					w.Time, w.Unsure = first.Time, ""
				}
			}
		}
		b := parseWhen(before, now, bareHour)
		if w.Date == "" {
			w.Date, w.Past = b.Date, b.Past
		}
		if w.Time == "" && w.Unsure == "" {
			w.Time, w.Unsure = b.Time, b.Unsure
		}
		return w
	}
	return parseWhen(text, now, bareHour)
}

// empty reports whether w names no day and no hour, not even one to confirm.
func (w When) empty() bool { return w.Date == "" && w.Time == "" && w.Unsure == "" }

// splitAtChange cuts a message at its last change of mind (changeMarks), which may open
// it; word is the change word's index in changeWords.
func splitAtChange(text string) (before, after string, word int, ok bool) {
	last, lastWord := [2]int{-1, -1}, -1
	for pos := 0; pos < len(text); {
		start, end, w := changeList.from(text, pos)
		if start < 0 {
			break
		}
		last, lastWord, pos = [2]int{start, end}, w, end
	}
	if last[0] < 0 {
		return "", "", 0, false
	}
	return text[:last[0]], text[last[0]:], lastWord, true
}

func parseWhen(text string, now time.Time, bareHour bool) When {
	s := lowerFields(text)
	var w When
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	rest, n := s, normalize(s)
	if d := dayNumberWords(n); d != n {
		// A day in words, now in digits, is read from the normal form.
		s, rest, n = d, d, d
	}
	if d, used, ok := parseDate(s, n, today); ok {
		w.Date = d.Format(time.DateOnly)
		w.Past = d.Before(today)
		if i := strings.Index(s, used); i >= 0 {
			rest = withoutWeekdayEnd(s[:i]) + " " + s[i+len(used):]
		}
	}
	w.Time, w.Unsure = parseTime(rest, bareHour && w.Date == "")
	return w
}

// withoutWeekdayEnd is before without the weekday it ends with, and its lead: the weekday
// of the day named after it, no hour ("l tlata 8 decembre l 11" is at 11, not at three).
func withoutWeekdayEnd(before string) string {
	fs := strings.Fields(before)
	if len(fs) == 0 {
		return before
	}
	ws := normalWords(normalize(before))
	k := len(ws) - 1
	if len(ws) != len(fs) {
		return before
	}
	if _, ok := weekdayAt(ws, k); !ok {
		return before
	}
	if k > 0 && dayLeadWords[ws[k-1]] {
		k--
	}
	return strings.Join(fs[:k], " ")
}

// parseDate finds a day in s, whose normal form is n; used is the text that named it.
func parseDate(s, n string, today time.Time) (time.Time, string, bool) {
	if digitsAround(s, "-") {
		if m := isoDate.FindStringSubmatch(s); m != nil {
			y, _ := strconv.Atoi(m[1])
			mo, _ := strconv.Atoi(m[2])
			d, _ := strconv.Atoi(m[3])
			if t, ok := makeDate(y, mo, d, today.Location()); ok {
				return t, m[0], true
			}
		}
	}
	if digitsAround(s, "/.-") {
		if m := numericDate.FindStringSubmatch(s); m != nil && !strings.Contains(m[0], ":") {
			d, _ := strconv.Atoi(m[1])
			mo, _ := strconv.Atoi(m[2])
			if t, ok := withYear(d, mo, m[3], today); ok {
				return t, m[0], true
			}
		}
	}
	if strings.Contains(n, "كانون") || strings.Contains(n, "تشرين") {
		n = monthPhrases.Replace(n)
	}
	if strings.Contains(n, "premier") || strings.Contains(n, "first") || strings.Contains(n, "اول") {
		n = ordinalDays.ReplaceAllString(n, "${1}1${3}")
	}
	if dayBeforeMonth(n) {
		if t, day, found := namedDate(n, dayMonth, 1, 2, today); found {
			return t, dateSource(s, day, ""), !t.IsZero()
		}
	}
	if monthBeforeDay(n) {
		if t, day, found := namedDate(n, monthDay, 2, 1, today); found {
			return t, dateSource(s, day, ""), !t.IsZero()
		}
	}
	ws := normalWords(n) // n is still normal, its words one space apart
	// The day asked for among the weekdays and the days from today named (daychoice.go):
	// "nhar tlata 24 machi ghodwa" is Tuesday, "jeudi ma nqderch, khaliha lundi" Monday.
	last, rel := dayPicked(ws)
	if rel >= 0 {
		return today.AddDate(0, 0, relativeDays[rel].days), firstWord(s, relativeDays[rel].phrase), true
	}
	if m := inDaysIn(n); m != nil {
		if k, _ := strconv.Atoi(m[1]); k > 0 && k <= 60 {
			return today.AddDate(0, 0, k), strings.TrimSpace(m[0]), true
		}
	}
	if last >= 0 {
		i, w := last, ws[last]
		wd, _ := weekdayAt(ws, i)
		// "lundi 30", "Monday the 30th": the day of the month, when it is that weekday; a
		// weekday and a day that disagree are no day at all (asked again, never guessed).
		if d, tok, found := dayNumberAfter(ws, i+1); found && !hourWritten(s, tok) {
			t, ok := nextDayOfMonth(d, today)
			switch {
			case ok && t.Weekday() == wd:
				return t, firstWord(s, tok), true
			case tok != strconv.Itoa(d) || d > 20:
				return time.Time{}, "", false
			} // "lundi 10" may be Monday at ten: the weekday alone
		}
		// "lundi", "lundi prochain" and "next monday" all mean the coming one; "Wednesday of
		// next week" is the Wednesday of the week after this one (weeks begin on Sunday).
		ahead := (int(wd) - int(today.Weekday()) + 7) % 7
		if ahead == 0 {
			ahead = 7
		}
		if nextWeekWords.Score(ws) > 0 {
			ahead = 7 - int(today.Weekday()) + int(wd)
		} else if afterNext(ws, i) {
			ahead += 7
		}
		return today.AddDate(0, 0, ahead), w, true
	}
	// "le 30", "on the 30th", "يوم 30": a day of this month, or of the next once it is past;
	// not "the first person on the moon": what follows must go with a day.
	for i, w := range ws {
		if !dayLeads[w] {
			continue
		}
		if d, tok, found := dayNumberAfter(ws, i+1); found && !hourWritten(s, tok) && dayEnds(ws, i+2) {
			if t, ok := nextDayOfMonth(d, today); ok {
				return t, firstWord(s, tok), true
			}
		}
	}
	return time.Time{}, "", false
}

// namedDate reads a day named with its month in n, as re finds it — its groups dayGroup
// and monthGroup, then the year: "13 décembre", "the 13th of December", "13 ديسمبر",
// "December 13"; day is its number as written. Of several, the one named with its weekday wins: "the
// hosting expires on 31 December… could I come on Sunday 13 December?" is the 13th. A
// weekday that disagrees with its date makes no day at all ("Sunday 14 December", a
// Monday): asked again, never guessed. found false when n names none.
func namedDate(n string, re *regexp.Regexp, dayGroup, monthGroup int, today time.Time) (t time.Time, day string, found bool) {
	bare, bareDay, disagree := time.Time{}, "", false
	for _, m := range re.FindAllStringSubmatchIndex(n, -1) {
		mo, ok := monthNames[n[m[2*monthGroup]:m[2*monthGroup+1]]]
		if !ok {
			continue
		}
		num, year := n[m[2*dayGroup]:m[2*dayGroup+1]], ""
		if m[6] >= 0 {
			year = n[m[6]:m[7]]
		}
		d, _ := strconv.Atoi(num)
		date, ok := withYear(d, int(mo), year, today)
		if !ok {
			continue
		}
		wd, named := weekdayBefore(n[:m[0]])
		switch {
		case named && wd == date.Weekday():
			return date, num, true
		case named:
			disagree = true
		case bareDay == "":
			bare, bareDay = date, num
		}
	}
	if disagree {
		return time.Time{}, "", true
	}
	return bare, bareDay, bareDay != ""
}

// weekdayBefore reads the weekday that ends the normal text before a day of the month:
// "dimanche", "sunday the", "nhar el had", "الاحد".
func weekdayBefore(before string) (time.Weekday, bool) {
	ws := normalWords(strings.TrimSpace(before))
	if k := len(ws) - 1; k > 0 && (ws[k] == "the" || ws[k] == "le") {
		ws = ws[:k]
	}
	if len(ws) == 0 {
		return 0, false
	}
	return weekdayAt(ws, len(ws)-1)
}

// weekdayAt reads a weekday at ws[i]: its name, or a darija one after "el", "l" or "nhar".
func weekdayAt(ws []string, i int) (time.Weekday, bool) {
	if wd, ok := WeekdayNames[ws[i]]; ok {
		return wd, true
	}
	if i > 0 && (ws[i-1] == "el" || ws[i-1] == "l" || ws[i-1] == "nhar") {
		wd, ok := darijaDays[ws[i]]
		return wd, ok
	}
	if i > 0 && (ws[i-1] == "نهار" || ws[i-1] == "يوم") {
		wd, ok := darijaArabicDays[ws[i]]
		return wd, ok
	}
	return 0, false
}

// afterNextWords follow a weekday to name the one a week after the coming one: "the Monday
// after next", "pas ce lundi mais celui d'après", "الاثنين بعد القادم", "nhar letnin, machi
// ghodwa, li men ba3d".
var afterNextWords = NewMatcher("after next", "celui d'après", "celui d'apres", "بعد القادم", "بعد المقبل",
	"اللي من بعدو", "اللي من بعده", "li men ba3d", "li mn ba3d", "li men ba3do", "li mn ba3do", "lli men ba3d")

// afterNext reports whether a phrase of afterNextWords follows the weekday at ws[i], a few
// words on at most.
func afterNext(ws []string, i int) bool {
	st := StemAll(ws)
	for j := i + 1; j < len(ws) && j <= i+5; j++ {
		if afterNextWords.At(ws, st, j) > 0 {
			return true
		}
	}
	return false
}

// dayLeads are the words a day of the month follows without its month: "le 30", "the
// 30th", "يوم 30", "nhar 30".
var dayLeads = map[string]bool{"le": true, "the": true, "يوم": true, "nhar": true}

// afterDay are the words that may follow a day of the month named without its month.
var afterDay = map[string]bool{"at": true, "a": true, "vers": true, "around": true, "in": true, "from": true,
	"de": true, "of": true, "du": true, "prochain": true, "next": true, "ou": true, "or": true, "et": true,
	"and": true, "for": true, "pour": true, "si": true, "if": true, "svp": true, "please": true, "stp": true,
	"l": true, "m3a": true, "على": true, "الساعه": true, "الساعة": true, "مع": true, "then": true, "ok": true,
	"possible": true, "c": true, "ca": true, "works": true, "is": true, "est": true, "فى": true, "في": true}

// dayEnds reports whether ws[i] may follow a day of the month: nothing, or a word that
// goes with one ("le 30 à 10h", "the 30th at 2", "يوم 30 على 10").
func dayEnds(ws []string, i int) bool {
	return i >= len(ws) || afterDay[ws[i]]
}

// hourMarks follow a number that is an hour, not a day: "le 10 h", "the 10 am".
var hourMarks = map[string]bool{"h": true, "heure": true, "heures": true, "am": true, "pm": true, "hours": true,
	"o'clock": true, "oclock": true, "sa3a": true, "الساعة": true, "الساعه": true, "صباحا": true, "مساء": true}

// dayNumberAfter reads a day of the month at ws[i] ("30", "30th", "1er"), after an
// optional "the" or "le"; tok is its word.
func dayNumberAfter(ws []string, i int) (int, string, bool) {
	if i < len(ws) && (ws[i] == "the" || ws[i] == "le") {
		i++
	}
	if i >= len(ws) || (i+1 < len(ws) && hourMarks[ws[i+1]]) {
		return 0, "", false
	}
	tok := ws[i]
	num := strings.TrimRight(tok, "abcdefghijklmnopqrstuvwxyzè")
	if num == "" || len(num) > 2 || strings.Trim(num, "0123456789") != "" {
		return 0, "", false
	}
	if suffix := tok[len(num):]; suffix != "" && !slices.Contains(ordinalSuffixes, suffix) && suffix != "eme" && suffix != "ème" {
		return 0, "", false
	}
	d, _ := strconv.Atoi(num)
	return d, tok, d >= 1 && d <= 31
}

// hourWritten reports whether the number tok is written as an hour in s: "3 p.m.", "3pm",
// "10 h", "10:30", "10.30".
func hourWritten(s, tok string) bool {
	re, ok := hourWrittenRes.Load(tok)
	if !ok {
		re, _ = hourWrittenRes.LoadOrStore(tok, regexp.MustCompile(`(?:^|\D)`+regexp.QuoteMeta(tok)+`\s*(?:h\b|heures?|:|\.\d\d\b|[ap]\.?\s?m\b|o'?clock)`))
	}
	return re.(*regexp.Regexp).MatchString(s)
}

// hourWrittenRes holds hourWritten's pattern for each day number it was asked about (at
// most a few hundred: one or two digits and an ordinal suffix), compiled once.
var hourWrittenRes sync.Map

// nextDayOfMonth is the next date, from today on, whose day of the month is d.
func nextDayOfMonth(d int, today time.Time) (time.Time, bool) {
	for k := 0; k < 3; k++ {
		first := time.Date(today.Year(), today.Month()+time.Month(k), 1, 0, 0, 0, 0, today.Location())
		if t, ok := makeDate(first.Year(), int(first.Month()), d, today.Location()); ok && !t.Before(today) {
			return t, true
		}
	}
	return time.Time{}, false
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

// nextWeekWords name the week after this one.
var nextWeekWords = NewMatcher("semaine prochaine", "la semaine d'après", "la semaine d'apres", "next week",
	"the following week", "الأسبوع القادم", "الاسبوع القادم", "الأسبوع المقبل", "الاسبوع المقبل", "الأسبوع الجاي",
	"الاسبوع الجاي", "السيمانة الجاية", "semaine jaya", "simana jaya", "semana jaya", "l'semaine jaya",
	"semaine suivante", "la semaine suivante", "the week after", "الأسبوع الموالي", "الجمعة الجاية", "jem3a jaya",
	"ljem3a jaya", "ljom3a jaya",
	// "لنفس النهار في السمانة الجاية": the week as darija also spells it
	"السمانة الجاية", "سمانة الجاية", "السمانة الجايه", "السمانة اللي جاية")

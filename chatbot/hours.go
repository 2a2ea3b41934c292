package chatbot

import (
	"strconv"
	"strings"
)

// Parts of the day a visitor may name: with an hour they make it am or pm ("à 3 heures
// de l'après-midi"); alone they ask for that part's slots (partOfDay).
var (
	afternoonWords = newMatcher("apres midi", "apres-midi", "aprem", "soir", "afternoon", "evening", "pm",
		"مساء", "مساءا", "بعد الظهر", "العشيه", "la3chiya")
	morningWords = newMatcher("matin", "matinee", "morning", "صباحا", "صباح", "الصباح", "sbah", "الصبح")
	// noonWords name noon, but not in "après-midi" (afternoonPhrase), the afternoon.
	noonWords       = newMatcher("midi", "noon", "ظهرا")
	afternoonPhrase = newMatcher("apres midi")
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

// parseTime finds an hour in s, whose normal form is n: "10h", "14h30", "10:00", "10 am",
// "2pm", "midi", "noon", "الساعة الثالثة"; an afternoon word makes a morning hour pm ("3
// heures de l'après-midi").
func parseTime(s, n string, bareHour bool) string {
	var t *reading // read only when needed
	read := func() *reading {
		if t == nil {
			r := newReading(normalWords(n))
			t = &r
		}
		return t
	}
	hhmm := readTime(s, n, read, bareHour)
	if hhmm == "" || afternoonWords.scoreIn(read()) == 0 {
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

// readTime reads the hour of s, whose normal form is n and words read().
func readTime(s, n string, read func() *reading, bareHour bool) string {
	if strings.Contains(n, "ساعه") {
		ws := read().ws
		for i, w := range ws {
			if i > 0 && (ws[i-1] == "الساعه" || ws[i-1] == "ساعه") {
				if h, ok := arabicHours[w]; ok {
					return clock(h, 0, "")
				}
			}
		}
	}
	// A word is noon when it, or its stem within it, is "midi", "noon" or "ظهرا".
	if strings.Contains(n, "midi") || strings.Contains(n, "noon") || strings.Contains(n, "ظهرا") {
		if t := read(); noonWords.scoreIn(t) > 0 && afternoonPhrase.scoreIn(t) == 0 {
			return "12:00"
		}
	}
	if p := hourBefore(s, ":h"); p >= 0 {
		if m := clockTime.FindStringSubmatch(s[p:]); m != nil {
			h, _ := strconv.Atoi(m[1])
			mi := 0
			if m[2] != "" {
				mi, _ = strconv.Atoi(m[2])
			}
			return clock(h, mi, m[3])
		}
	}
	if p := hourBefore(s, "ap"); p >= 0 {
		if m := meridiem.FindStringSubmatch(s[p:]); m != nil {
			h, _ := strconv.Atoi(m[1])
			return clock(h, 0, m[2])
		}
	}
	if p := hourAfterWord(s); p >= 0 {
		if m := atHour.FindStringSubmatch(s[p:]); m != nil {
			h, _ := strconv.Atoi(m[1])
			if h >= 1 && h <= 5 {
				h += 12
			}
			return clock(h, 0, "")
		}
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
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}

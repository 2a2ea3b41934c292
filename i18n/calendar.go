package i18n

import "time"

// The names of days and months in each language, as sentences write them.
var (
	weekdays = map[string][7]string{
		"fr": {"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
		"en": {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		"ar": {"الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"},
	}
	months = map[string][12]string{
		"fr": {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		"ar": {"يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"},
	}
)

// Weekday is the day's name in lang (the default language when lang is unknown).
func Weekday(lang string, d time.Weekday) string { return weekdays[OrDefault(lang)][d] }

// Month is the month's name in lang (the default language when lang is unknown).
func Month(lang string, m time.Month) string { return months[OrDefault(lang)][m-1] }

package transcript

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/privacy"
)

// Where a message names a person's e-mail address or phone: read as the reader reads every
// message (chatbot/reader/contacts.go), and compared in canonical form, so that a number is found however
// it was written ("00213 661 23 45 67", "661 23 45 67", "٠٦٦١٢٣٤٥٦٧"). A personal-data
// erasure redacts them from other people's conversations (personal.go).

// mentions returns where msg names one of emails (lower-cased) or phones (E.164), in order:
// its addresses where emailsIn finds them, its phones where phonesIn finds them in the rest
// of the message with its digits made ASCII.
func mentions(msg string, emails, phones []string) [][2]int {
	var out [][2]int
	found := reader.EmailsIn(msg)
	for _, sp := range found {
		if slices.Contains(emails, strings.ToLower(msg[sp[0]:sp[1]])) {
			out = append(out, sp)
		}
	}
	if len(phones) > 0 {
		rest, at := asciiDigits(blankSpans(msg, found))
		for _, run := range reader.PhonesIn(rest) {
			for _, sp := range phonesAmong(rest[run[0]:run[1]], phones) {
				out = append(out, [2]int{at[run[0]+sp[0]], at[run[0]+sp[1]]})
			}
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	return out
}

// Redact replaces what msg names of emails or phones (mentions) with privacy.ErasedName,
// and reports whether it did.
func Redact(msg string, emails, phones []string) (string, bool) {
	spans := mentions(msg, emails, phones)
	if len(spans) == 0 {
		return msg, false
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(msg[last:sp[0]])
		b.WriteString(privacy.ErasedName)
		last = sp[1]
	}
	b.WriteString(msg[last:])
	return b.String(), true
}

// phonesAmong returns where a run of a phone's characters (phonesIn) holds one of phones:
// the run as a whole, or else each shortest stretch of it from one group of digits to a
// later one ("0661 23 45 67 - 0770 11 22 33" is two numbers). Fewer than 9 digits is no
// number, as for extract.
func phonesAmong(run string, phones []string) [][2]int {
	if reader.CountDigits(run) >= 9 {
		if e, ok := booking.CanonicalPhone(run); ok {
			if slices.Contains(phones, e) {
				return [][2]int{{0, len(run)}}
			}
			return nil
		}
	}
	groups := digitGroups(run)
	var out [][2]int
	for i := 0; i < len(groups); i++ {
		digits := 0
		for j := i; j < len(groups) && digits <= booking.PhoneMaxLen; j++ {
			digits += reader.CountDigits(run[groups[j][0]:groups[j][1]])
			if digits < 9 {
				continue
			}
			if e, ok := booking.CanonicalPhone(run[groups[i][0]:groups[j][1]]); ok && slices.Contains(phones, e) {
				out = append(out, [2]int{groups[i][0], groups[j][1]})
				i = j
				break
			}
		}
	}
	return out
}

// digitGroups returns where s's runs of digits are, each with the "+" just before it.
func digitGroups(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		if !reader.IsDigit(s[i]) {
			i++
			continue
		}
		start := i
		if start > 0 && s[start-1] == '+' {
			start--
		}
		for i < len(s) && reader.IsDigit(s[i]) {
			i++
		}
		out = append(out, [2]int{start, i})
	}
	return out
}

// blankSpans replaces each span of s with as many spaces, keeping the offsets of the rest.
func blankSpans(s string, spans [][2]int) string {
	if len(spans) == 0 {
		return s
	}
	b := []byte(s)
	for _, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// asciiDigits is s with its Arabic-Indic digits made ASCII (normalizeDigits), and where
// each of its bytes, and its end, were in s.
func asciiDigits(s string) (string, []int) {
	var b strings.Builder
	b.Grow(len(s))
	at := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if d := reader.DigitOf(r); d != r {
			b.WriteRune(d)
			at = append(at, i)
		} else {
			b.WriteString(s[i : i+size])
			for k := 0; k < size; k++ {
				at = append(at, i+k)
			}
		}
		i += size
	}
	return b.String(), append(at, len(s))
}

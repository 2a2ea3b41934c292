package reader

import (
	"regexp"
	"strings"
)

// Where a message's e-mail addresses, phones and names' lead-ins are: each found by a scan
// of the message that runs its pattern only where a match can be, as the pattern alone
// would find it. Running the patterns over every message was most of extracting its
// fields.

// emailIn is an e-mail address; phoneRun a phone number, digits with spaces, dashes and
// brackets.
var (
	EmailIn  = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)
	PhoneRun = regexp.MustCompile(`\+?[\d(][\d\s\-()]{5,}\d`)
)

// EmailsIn returns where emailIn matches s, as FindAllStringIndex does, running the
// pattern only around each "@": an address is the run of its characters before one, and
// of a domain's after it.
func EmailsIn(s string) [][2]int {
	var out [][2]int
	for from := 0; from < len(s); {
		at := strings.IndexByte(s[from:], '@')
		if at < 0 {
			break
		}
		at += from
		lo, hi := at, at+1
		for lo > from && emailLocal[s[lo-1]] {
			lo--
		}
		for hi < len(s) && emailDomain[s[hi]] {
			hi++
		}
		if loc := EmailIn.FindStringIndex(s[lo:hi]); loc != nil {
			out = append(out, [2]int{lo + loc[0], lo + loc[1]})
			from = lo + loc[1]
		} else {
			from = at + 1
		}
	}
	return out
}

// The characters of emailIn's local part and domain, and of phoneRun: digits, \s, "-",
// "(", ")" and "+".
var (
	emailLocal  = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._%+-")
	emailDomain = byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-")
	phoneChars  = byteSet("0123456789\t\n\f\r -()+")
)

func byteSet(chars string) *[256]bool {
	var set [256]bool
	for i := 0; i < len(chars); i++ {
		set[chars[i]] = true
	}
	return &set
}

// PhonesIn returns where phoneRun matches s, as FindAllStringIndex does, running the
// pattern only on the runs of a phone's characters long enough to hold one.
func PhonesIn(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		if !phoneChars[s[i]] {
			i++
			continue
		}
		j := i
		for j < len(s) && phoneChars[s[j]] {
			j++
		}
		if j-i >= 7 {
			for _, loc := range PhoneRun.FindAllStringIndex(s[i:j], -1) {
				out = append(out, [2]int{i + loc[0], i + loc[1]})
			}
		}
		i = j
	}
	return out
}

// ReplaceSpans replaces each span of s with a space, as ReplaceAllString(s, " ") does for
// the pattern that found them.
func ReplaceSpans(s string, spans [][2]int) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp[0]])
		b.WriteByte(' ')
		last = sp[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// CountDigits counts the ASCII digits of s.
func CountDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if IsDigit(s[i]) {
			n++
		}
	}
	return n
}

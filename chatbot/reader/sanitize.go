package reader

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxInputRunes is where a visitor's message is cut.
const MaxInputRunes = 1000

// MaxInputBytes bounds what Sanitize reads of a message: the rest is dropped before any
// cleaning, so a message costs the same however long it was sent. It leaves room for
// MaxInputRunes characters of four bytes and the script text removed around them.
const MaxInputBytes = 8 << 10

// Sanitize cleans a visitor's message as the specification asks: trimmed, without angle
// brackets, script-protocol text (javascript:, vbscript:, data:text/html) or inline event
// handlers (onclick=), and cut at MaxInputRunes characters. An empty result means there
// is nothing to answer but the default prompt.
//
// Removing one pattern may join the text around it into another ("javajavascript:script:"
// leaves "javascript:"), so the patterns are removed as the text is read, from a stack:
// each character read is pushed, and a pattern completed by it is popped at once, whatever
// was removed inside it. One pass, linear in the input: a nested payload costs no more
// than any other text of its length.
func Sanitize(s string) string {
	if len(s) > MaxInputBytes {
		s = s[:MaxInputBytes]
	}
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '<', r == '>':
			return -1
		case r == '\n', r == '\t':
			return ' '
		case r == '\u017f':
			// The long s and the Kelvin sign are case-folded to s and k by the browser's
			// and regular expressions' case-insensitive matching: read them as such.
			return 's'
		case r == '\u212a':
			return 'k'
		case unicode.IsControl(r), r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
	var st cleanStack
	st.grow(len(s))
	for i := 0; i < len(s); i++ {
		st.push(s[i])
	}
	out := strings.TrimSpace(string(st.buf))
	if utf8.RuneCountInString(out) > MaxInputRunes {
		out = strings.TrimSpace(string([]rune(out)[:MaxInputRunes]))
	}
	return out
}

// cleanStack is the text read so far, with no pattern left in it. For each byte it keeps
// where the run of spaces or of ASCII letters holding it starts, so a pattern ending at the
// top is recognized in constant time.
type cleanStack struct {
	buf   []byte
	start []int // start[i]: index of the first byte of the space or letter run of buf[i]
}

func (st *cleanStack) grow(n int) {
	st.buf = make([]byte, 0, n)
	st.start = make([]int, 0, n)
}

// push adds one byte and pops the pattern it completes, if any. Each pattern ends with a
// byte of its own (':' , '=' or 'l'), so only those bytes are checked.
func (st *cleanStack) push(b byte) {
	n := len(st.buf)
	from := n
	if n > 0 && class(st.buf[n-1]) == class(b) && class(b) != classOther {
		from = st.start[n-1]
	}
	st.buf = append(st.buf, b)
	st.start = append(st.start, from)
	if cut := st.patternStart(); cut >= 0 {
		st.buf, st.start = st.buf[:cut], st.start[:cut]
	}
}

const (
	classOther = iota
	classSpace
	classLetter
)

func class(b byte) int {
	switch {
	case b == ' ':
		return classSpace
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z':
		return classLetter
	}
	return classOther
}

// patternStart returns where the pattern ending at the top of the stack starts, or -1:
//
//	(java|vb)script\s*:   data\s*:\s*text/html   \bon[a-z]+\s*=
//
// all case-insensitive. \s is only a space here: Sanitize turned tabs and new lines into
// spaces and dropped the other control characters.
func (st *cleanStack) patternStart() int {
	top := len(st.buf) - 1
	switch st.buf[top] {
	case ':':
		j := st.skipSpaces(top - 1)
		if st.endsWith(j, "script") {
			j -= len("script")
			switch {
			case st.endsWith(j, "java"):
				return j - len("java") + 1
			case st.endsWith(j, "vb"):
				return j - len("vb") + 1
			}
		}
	case '=':
		j := st.skipSpaces(top - 1)
		if j < 0 || class(st.buf[j]) != classLetter {
			return -1
		}
		from := st.start[j]
		if j-from+1 >= 3 && st.endsWith(from+1, "on") && (from == 0 || !IsWordByte(st.buf[from-1])) {
			return from
		}
	case 'l', 'L':
		if !st.endsWith(top, "text/html") {
			return -1
		}
		j := st.skipSpaces(top - len("text/html"))
		if j < 0 || st.buf[j] != ':' {
			return -1
		}
		j = st.skipSpaces(j - 1)
		if st.endsWith(j, "data") {
			return j - len("data") + 1
		}
	}
	return -1
}

// skipSpaces returns the index of the last byte at or before i that is not a space, or -1.
func (st *cleanStack) skipSpaces(i int) int {
	if i >= 0 && st.buf[i] == ' ' {
		return st.start[i] - 1
	}
	return i
}

// endsWith reports whether buf[..i] ends with word (lower-case ASCII letters and '/'),
// ignoring case; no byte left in buf folds to '/' but '/' itself.
func (st *cleanStack) endsWith(i int, word string) bool {
	from := i - len(word) + 1
	if from < 0 {
		return false
	}
	for k := 0; k < len(word); k++ {
		if st.buf[from+k]|0x20 != word[k] {
			return false
		}
	}
	return true
}

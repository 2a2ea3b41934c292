package chatbot

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxInputRunes is where a visitor's message is cut.
const MaxInputRunes = 1000

var (
	scriptProtocol = regexp.MustCompile(`(?i)(java|vb)script\s*:|data\s*:\s*text/html`)
	eventHandler   = regexp.MustCompile(`(?i)\bon[a-z]+\s*=`)
)

// Sanitize cleans a visitor's message as the specification asks: trimmed, without angle
// brackets, script-protocol text or inline event handlers, and cut at MaxInputRunes
// characters. An empty result means there is nothing to answer but the default prompt.
func Sanitize(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '<', r == '>':
			return -1
		case r == '\n', r == '\t':
			return ' '
		case unicode.IsControl(r), r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
	// Removing one pattern may join the text around it into another, so repeat until
	// nothing is left to remove; each pass shortens the text.
	for {
		next := eventHandler.ReplaceAllString(scriptProtocol.ReplaceAllString(s, ""), "")
		if next == s {
			break
		}
		s = next
	}
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > MaxInputRunes {
		s = strings.TrimSpace(string([]rune(s)[:MaxInputRunes]))
	}
	return s
}

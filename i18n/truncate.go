package i18n

// Truncate keeps the first n characters (runes) of s: a text bounded for storage or a
// preview is never cut inside a character.
func Truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

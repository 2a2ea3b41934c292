package name

import "testing"

// A visitor who describes themselves ("أنا راجل كبير", "ana mra retraitée") names nobody;
// a surname that is also a word ("كبير", Kebir) stays a name's.
func TestDescribedNotNamed(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"السلام عليكم يا وليدي، الله يحفظكم. أنا راجل كبير شوية وما نفهمش بزاف فالأنترنت", ""},
		{"أنا امرأة متقاعدة وحابة نتعلم الفيسبوك", ""},
		{"salam, ana mra retraitée w nheb nt3allem", ""},
		{"Bonjour, je suis Commerçant à Alger", ""},
		{"أنا رشيد كبير وأريد موعدا", "رشيد كبير"},
	} {
		if got := Introduced(tc.text); got != tc.want {
			t.Errorf("Introduced(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

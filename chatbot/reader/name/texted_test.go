package name

import "testing"

// "moi c …": "moi c'est" as it is texted introduces the name.
func TestTextedLeadIn(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"moi c Abdelkader Zerrouki, 0555 12 40 87", "Abdelkader Zerrouki"},
		{"moi cest Lina Hamdi", "Lina Hamdi"},
	} {
		if got := Answer(tt.in); got != tt.want {
			t.Errorf("Answer(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

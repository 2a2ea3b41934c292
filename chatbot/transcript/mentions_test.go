package transcript

import "testing"

// A person's address and number are found in a message however they were written, and
// only theirs: another address that ends like theirs, or a number that shares their
// digits, is left.
func TestRedactFindsAnAddressOrNumberHoweverWritten(t *testing.T) {
	emails, phones := []string{"ouardia@atlas.dz"}, []string{"+213661234567"}
	for _, tc := range []struct{ msg, want string }{
		{"écrivez à Ouardia@Atlas.DZ.", "écrivez à [effacé]."},
		{"xouardia@atlas.dz et ouardia@atlas.dz", "xouardia@atlas.dz et [effacé]"},
		{"ouardia@atlas.dzz", ""},
		{"0661 23 45 67", "[effacé]"},
		{"appelez le 00213 661 23 45 67 svp", "appelez le [effacé] svp"},
		{"+213 (0)661-23-45-67", "[effacé]"},
		{"au 661 23 45 67 le soir", "au [effacé] le soir"},
		{"رقمها ٠٦٦١٢٣٤٥٦٧ مساء", "رقمها [effacé] مساء"},
		{"0770 11 22 33 - 0661 23 45 67", "0770 11 22 33 - [effacé]"},
		{"0661 23 45 67 ou ouardia@atlas.dz", "[effacé] ou [effacé]"},
		{"0661 23 45 68", ""},
		{"le code 661234", ""},
	} {
		got, ok := Redact(tc.msg, emails, phones)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.msg, got, tc.want)
		}
	}
}

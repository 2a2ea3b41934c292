package chatbot

import "testing"

// A company's name given after a label and a colon is the name alone.
func TestCompanyAfterItsLabel(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Le nom du cabinet : Haddad Avocats", "Haddad Avocats"},
		{"Company name: QuickDz Delivery", "QuickDz Delivery"},
		{"اسم الشركة: النور للتجارة", "النور للتجارة"},
		{"Dota SARL", "Dota SARL"},
	} {
		if got, code := checkValue(StepCompany, tt.in); got != tt.want || code != "" {
			t.Errorf("%q: %q (%s), want %q", tt.in, got, code, tt.want)
		}
	}
}

package booking_test

import (
	"testing"

	"github.com/dota-agency/dota/booking"
)

func TestSettingsLocation(t *testing.T) {
	t.Parallel()
	tests := []struct{ zone, want string }{
		{"Africa/Algiers", "Africa/Algiers"},
		{"Europe/London", "Europe/London"},
		{"America/New_York", "America/New_York"},
		{"Asia/Tokyo", "Asia/Tokyo"},
		{"Europe/Paris", "Europe/Paris"}, // not offered, still loaded
		{"Nowhere/Atlantis", "Africa/Algiers"},
	}
	for _, tt := range tests {
		if got := (booking.Settings{Timezone: tt.zone}).Location().String(); got != tt.want {
			t.Errorf("Location(%q) = %q, want %q", tt.zone, got, tt.want)
		}
	}
}

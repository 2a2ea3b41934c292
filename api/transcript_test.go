package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTwoBookingsKeepTheirTranscripts books twice in one conversation: the console shows
// the conversation behind each appointment, the first one's too.
func TestTwoBookingsKeepTheirTranscripts(t *testing.T) {
	srv := newConsoleServer(t)
	c := &conversation{t: t, replicas: []*httptest.Server{srv.Server}}
	c.start("fr")
	for _, turn := range [][3]string{
		{"oui", "name", "nom complet"},
		{"Nadia Haddad", "email", "Nadia Haddad"},
		{"nadia@atlas.dz", "phone", "téléphone"},
		{"0555 12 34 56", "company", "entreprise"},
		{"Atlas Import", "service", "Quel service"},
		{"application mobile", "date", "Quel jour"},
		{"", "time", "2026"},           // the first day offered: other tests book on the same days
		{"", "confirm", "Je confirme"}, // its first free time
		{"oui", "booked", "C'est noté"},
	} {
		msg := turn[0]
		if msg == "" {
			msg = firstQuickReply(t, c)
		}
		c.say(msg, turn[1], turn[2])
	}
	first, _ := c.last.Body["appointment_id"].(string)
	for _, turn := range [][3]string{
		{"je voudrais prendre un autre rendez-vous", "service", "Quel service"},
		{"vidéo", "date", "Quel jour"},
		{"", "time", "2026"},
		{"", "confirm", "Je confirme"},
		{"oui", "booked", "C'est noté"},
	} {
		msg := turn[0]
		if msg == "" {
			msg = firstQuickReply(t, c)
		}
		c.say(msg, turn[1], turn[2])
	}
	second, _ := c.last.Body["appointment_id"].(string)
	if first == "" || second == "" || first == second {
		t.Fatalf("appointments %q and %q", first, second)
	}

	admin := signIn(t, srv.URL, "admin")
	for _, tt := range []struct{ id, says string }{{first, "application mobile"}, {second, "vidéo"}} {
		r := admin.do("GET", "/api/admin/appointments/"+tt.id+"/transcript", nil)
		if r.Status != http.StatusOK || r.Body["found"] != true {
			t.Fatalf("transcript of %s: %d %s", tt.id, r.Status, r.Raw)
		}
		msgs, _ := r.Body["messages"].([]any)
		said := []string{}
		for _, m := range msgs {
			if mm, _ := m.(map[string]any); mm["sender"] == "user" {
				said = append(said, mm["text"].(string))
			}
		}
		if !strings.Contains(strings.Join(said, "\n"), tt.says) {
			t.Errorf("transcript of %s: the visitor said %q, want %q among it", tt.id, said, tt.says)
		}
	}
}

// firstQuickReply is the value of the first quick reply of the conversation's last answer.
func firstQuickReply(t *testing.T, c *conversation) string {
	t.Helper()
	qr, _ := c.last.Body["quick_replies"].([]any)
	if len(qr) == 0 {
		t.Fatalf("no quick reply: %s", c.last.Raw)
	}
	v, _ := qr[0].(map[string]any)["value"].(string)
	return v
}

package blackbox

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dota-agency/dota/mail/mailtest"
)

// TestKillAfterBookingLosesNoMessage books with e-mails and kills dota with SIGKILL right
// after the last booking is acknowledged, with their confirmations still to send or being
// sent. Started again, dota sends every one: each customer's mailbox holds their
// confirmation once (a message sent again after the kill keeps its Message-ID), and the
// ledger records each as sent.
func TestKillAfterBookingLosesNoMessage(t *testing.T) {
	dbURL := database(t)
	smtp := mailtest.Start(t)
	e := baseEnv(t, dbURL)
	e["DOTA_SMTP_URL"] = smtp.URL()
	e["DOTA_JOB_RESCUE_AFTER"] = "4s" // a job cut by the kill is taken over soon
	srv := startDota(t, e)

	const n = 12
	recipients := make([]string, n)
	for i := range recipients {
		recipients[i] = fmt.Sprintf("client%d@kill.example", i)
		res, err := call(client, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Client " + string(rune('A'+i)),
			"email": recipients[i], "phone": fmt.Sprintf("0555 10 20 %02d", i)})
		if err != nil || res.Status != http.StatusCreated {
			t.Fatalf("booking %d: %d %s %v", i, res.Status, res.Raw, err)
		}
	}
	srv.signal(syscall.SIGKILL)
	if _, exited := srv.wait(5 * time.Second); !exited {
		t.Fatal("dota survived SIGKILL")
	}
	before := len(smtp.Messages())
	t.Logf("%d of %d confirmations left before the kill", before, n)

	startDota(t, e)
	db := pool(t, dbURL)
	took, ok := eventually(90*time.Second, func() bool {
		var sent int
		err := db.QueryRow(context.Background(), `SELECT count(*) FROM deliveries
			WHERE kind = 'confirmation' AND state = 'sent'`).Scan(&sent)
		return err == nil && sent == n
	})
	if !ok {
		rows, _ := db.Query(context.Background(), `SELECT recipient, state, reason FROM deliveries ORDER BY recipient`)
		var lines []string
		for rows.Next() {
			var r, s, why string
			_ = rows.Scan(&r, &s, &why)
			lines = append(lines, r+" "+s+" "+why)
		}
		t.Fatalf("not every confirmation was sent within 90 s:\n%s", strings.Join(lines, "\n"))
	}
	t.Logf("every confirmation sent %s after the restart", took.Round(time.Millisecond))

	ids := map[string]map[string]bool{}
	for _, m := range smtp.Messages() {
		p := m.Parse(t)
		for _, to := range m.To {
			if ids[to] == nil {
				ids[to] = map[string]bool{}
			}
			ids[to][p.Header.Get("Message-Id")] = true
		}
	}
	for _, r := range recipients {
		if len(ids[r]) != 1 {
			t.Errorf("%s holds %d distinct confirmations, want 1", r, len(ids[r]))
		}
	}
}

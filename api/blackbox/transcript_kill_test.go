package blackbox

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestKillAfterChatBookingLosesNoTranscript has visitors talk to Dota at once — most of
// them chatting, some booking — and kills dota with SIGKILL right after the last booking
// is answered. A visitor's ordinary turn is answered once its record is in the
// transcript's stream in Redis, but a booking once it and every earlier one are written:
// each conversation that booked holds every message its visitor saw, in PostgreSQL,
// right after the kill.
func TestKillAfterChatBookingLosesNoTranscript(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	e["DOTA_CHAT_IP_RATE"] = "100000" // every visitor comes from 127.0.0.1
	e["DOTA_CHAT_SESSION_RATE"] = "100000"
	e["DOTA_CHAT_IP_OPEN_RATE"] = "100000"
	srv := startDota(t, e)
	slots := freeSlots(t, srv.URL, 4)

	type booked struct {
		session string
		seen    int // messages the visitor saw: theirs and Dota's
	}
	var (
		mu    sync.Mutex
		books []booked
		wg    sync.WaitGroup
	)
	// Chatters keep the transcript writer busy while the bookings happen.
	stop := make(chan struct{})
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, _ := chatStart(srv.URL)
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := chatSay(srv.URL, id, fmt.Sprintf("Quels sont vos tarifs ? (%d-%d)", i, n)); err != nil {
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	for i, slot := range slots {
		id, seen := chatStart(srv.URL)
		quick := ""
		for _, msg := range []string{"Je voudrais prendre rendez-vous", []string{"Amine Belkacem", "Nadia Ferhat", "Karim Saidi", "Lina Haddad"}[i],
			fmt.Sprintf("visiteur%d@kill.example", i), fmt.Sprintf("0661 22 33 %02d", 40+i), "passer", "",
			slot[0] + " " + slot[1], "oui"} {
			if msg == "" {
				msg = quick
			}
			r, err := chatSay(srv.URL, id, msg)
			if err != nil {
				t.Fatalf("conversation %d, %q: %v", i, msg, err)
			}
			seen += 1 + len(r.Body["messages"].([]any))
			if qr, _ := r.Body["quick_replies"].([]any); len(qr) > 0 {
				quick = qr[0].(map[string]any)["value"].(string)
			}
			if msg == "oui" && r.Body["step"] != "booked" {
				t.Fatalf("conversation %d did not book: %s", i, r.Raw)
			}
		}
		mu.Lock()
		books = append(books, booked{session: id, seen: seen})
		mu.Unlock()
	}
	srv.signal(syscall.SIGKILL)
	close(stop)
	if _, exited := srv.wait(5 * time.Second); !exited {
		t.Fatal("dota survived SIGKILL")
	}
	wg.Wait()

	db := pool(t, dbURL)
	for _, b := range books {
		var stored int
		if err := db.QueryRow(context.Background(), `SELECT count(*) FROM chat_messages m
			JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.session_id = $1 AND c.appointment_id IS NOT NULL`,
			b.session).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored != b.seen {
			t.Errorf("conversation %s: %d messages stored, its visitor saw %d", b.session, stored, b.seen)
		}
	}
}

// chatStart opens a conversation in French; seen counts the greeting's messages.
func chatStart(base string) (id string, seen int) {
	r, err := call(client, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
	if err != nil || r.Status != http.StatusCreated {
		return "", 0
	}
	msgs, _ := r.Body["messages"].([]any)
	return r.Body["session_id"].(string), len(msgs)
}

func chatSay(base, id, text string) (reply, error) {
	r, err := call(client, "POST", base+"/api/chat/sessions/"+id+"/messages", map[string]string{"text": text})
	if err == nil && r.Status != http.StatusOK {
		err = fmt.Errorf("%d %s", r.Status, r.Raw)
	}
	return r, err
}

// freeSlots returns n free slots (date, time) of the coming business days.
func freeSlots(t *testing.T, base string, n int) [][2]string {
	t.Helper()
	var out [][2]string
	for d := time.Now().AddDate(0, 0, 3); len(out) < n; d = d.AddDate(0, 0, 1) {
		date := d.Format(time.DateOnly)
		r, err := call(client, "GET", base+"/api/slots?date="+date, nil)
		if err != nil {
			t.Fatal(err)
		}
		list, _ := r.Body["slots"].([]any)
		for _, s := range list {
			if sl := s.(map[string]any); sl["free"] == true && len(out) < n {
				out = append(out, [2]string{date, sl["time"].(string)})
			}
		}
		if d.After(time.Now().AddDate(0, 0, 60)) {
			t.Fatal("no free slots")
		}
	}
	return out
}

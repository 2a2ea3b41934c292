package chatbot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/privacy"
)

// The chat's share of personal-data requests: a conversation is the person's when it is
// linked to her appointments or when what Dota collected in it is hers (her address, her
// number however written); it is exported whole and erased. Another person's conversation
// that merely names her address or number is neither exported to her nor erased: her
// address and number are redacted from its messages, and the rest stays.

const (
	herName, herEmail = "Ouardia Benmansour", "ouardia@atlas.dz"
	herPhone          = "0661 23 45 67"
)

// herClient books her without a day (a request to be called back) and returns her client.
func herClient(t *testing.T, core *booking.Core) string {
	t.Helper()
	res, err := core.Book(context.Background(), booking.Request{Name: herName, Email: herEmail, Phone: herPhone,
		Source: booking.SourceChat})
	if err != nil {
		t.Fatal(err)
	}
	return res.Appointment.ClientID
}

// contactChat gives Dota a name, an address and a number at its steps, and stops there.
func contactChat(t *testing.T, e *Engine, name, email, phone string) *chat {
	t.Helper()
	c := start(t, e, "fr")
	c.say("Je voudrais prendre rendez-vous")
	c.say(name)
	c.expect(StepEmail)
	c.say(email)
	c.expect(StepPhone)
	c.say(phone)
	c.expect(StepCompany)
	return c
}

// requests runs the requests about the people core knows, the chat taking part, as the
// binary wires them.
func requests(e *Engine, core *booking.Core) *privacy.Runner {
	r := privacy.New(pool, core)
	r.Register(e.PersonalPart())
	return r
}

// exportedConversations are the ids of the conversations in her export.
func exportedConversations(t *testing.T, r *privacy.Runner, clientID string) []string {
	t.Helper()
	exp, err := r.Export(context.Background(), clientID)
	if err != nil {
		t.Fatal(err)
	}
	convs, _ := exp.Sections["conversations"].([]transcript.ExportedConversation)
	var ids []string
	for _, c := range convs {
		if len(c.Messages) == 0 {
			t.Errorf("conversation %s exported without its messages", c.ID)
		}
		ids = append(ids, c.ID)
	}
	return ids
}

// texts are a conversation's messages as stored.
func texts(t *testing.T, conversation string) []string {
	t.Helper()
	var out []string
	if err := pool.QueryRow(context.Background(), `SELECT coalesce(array_agg(text ORDER BY id), '{}') FROM chat_messages
		WHERE conversation_id = $1`, conversation).Scan(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// holding counts the stored messages and conversations that still hold any of needles.
func holding(t *testing.T, needles ...string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT
		(SELECT count(*) FROM chat_messages WHERE text ILIKE ANY($1))
		+ (SELECT count(*) FROM chat_conversations WHERE collected::text ILIKE ANY($1))`, likeAny(needles)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func likeAny(needles []string) []string {
	out := make([]string, len(needles))
	for i, n := range needles {
		out[i] = "%" + n + "%"
	}
	return out
}

func erase(t *testing.T, r *privacy.Runner, clientID string) privacy.Erased {
	t.Helper()
	out, err := r.Erase(context.Background(), clientID, privacy.Request{Confirm: herName, By: "admin@dota.dz"})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAConversationThatNamesHerAddressIsNotHers(t *testing.T) {
	ctx := context.Background()
	e, core := newEngine(t, time.Now(), Config{})
	clientID := herClient(t, core)
	hers := contactChat(t, e, herName, herEmail, herPhone)
	// Karim asks for a code for her appointments by typing her address.
	karim := start(t, e, "fr")
	karim.say("Je veux annuler mon rendez-vous")
	karim.expect(StepManageEmail)
	karim.say("C'est " + herEmail)
	karim.expect(StepManageCode, herEmail)
	karim.say("Je n'ai pas de code")
	e.transcripts.Written(ctx)
	her, his := conversationOf(t, e, hers.id), conversationOf(t, e, karim.id)

	if got := exportedConversations(t, requests(e, core), clientID); strings.Join(got, " ") != her {
		t.Errorf("her export holds conversations %v, want only hers (%s); Karim's is %s", got, her, his)
	}
	if n := erase(t, requests(e, core), clientID)["conversations"]; n != 1 {
		t.Errorf("%d conversations erased, want hers alone", n)
	}
	if got := texts(t, her); len(got) == 0 || strings.Join(got, "") != "" {
		t.Errorf("her conversation after the erasure: %q", got)
	}
	got := texts(t, his)
	for i, m := range got {
		if m == "" {
			t.Errorf("Karim's message %d was blanked", i)
		}
	}
	all := strings.Join(got, "\n")
	for _, w := range []string{"Je veux annuler mon rendez-vous", "C'est " + privacy.ErasedName,
		"Si " + privacy.ErasedName + " a un rendez-vous", "Je n'ai pas de code"} {
		if !strings.Contains(all, w) {
			t.Errorf("Karim's conversation after the erasure lacks %q:\n%s", w, all)
		}
	}
	if n := holding(t, herEmail); n != 0 {
		t.Errorf("%d messages or conversations still hold her address", n)
	}
	// In Redis, her session is gone and Karim's shows his conversation with her address
	// redacted.
	if _, found, err := e.load(ctx, hers.id); found || err != nil {
		t.Errorf("her session is still in Redis (%v)", err)
	}
	s, found, err := e.load(ctx, karim.id)
	if err != nil || !found {
		t.Fatalf("Karim's session: %v %v", found, err)
	}
	var shown []string
	for _, m := range s.Messages {
		shown = append(shown, m.Text)
	}
	if all := strings.Join(shown, "\n"); strings.Contains(all, herEmail) || !strings.Contains(all, "C'est "+privacy.ErasedName) {
		t.Errorf("Karim's session in Redis after the erasure:\n%s", all)
	}
}

func TestHerNumberIsFoundHoweverWritten(t *testing.T) {
	ctx := context.Background()
	e, core := newEngine(t, time.Now(), Config{})
	clientID := herClient(t, core)
	// She chats under another address, her number written the international way; Karim,
	// asking for a code of his own, gives her number as it is said, without its 0, and in
	// Arabic-Indic digits.
	hers := contactChat(t, e, herName, "o.benmansour@gmail.com", "00213 661 23 45 67")
	karim := start(t, e, "fr")
	karim.say("Je veux annuler mon rendez-vous")
	karim.say("karim@sahel.dz")
	karim.expect(StepManageCode)
	karim.say("Je n'ai rien reçu, rappelez ma collègue au 661 23 45 67 svp")
	karim.say("ou au ٠٦٦١٢٣٤٥٦٧ le soir")
	e.transcripts.Written(ctx)
	her, his := conversationOf(t, e, hers.id), conversationOf(t, e, karim.id)
	var stored string
	if err := pool.QueryRow(ctx, `SELECT coalesce(phone_e164, '') FROM chat_conversations WHERE id = $1`, her).Scan(&stored); err != nil ||
		stored != "+213661234567" {
		t.Errorf("her conversation's number in E.164: %q (%v)", stored, err)
	}

	if got := exportedConversations(t, requests(e, core), clientID); strings.Join(got, " ") != her {
		t.Errorf("her export holds conversations %v, want only hers (%s); Karim's is %s", got, her, his)
	}
	if n := erase(t, requests(e, core), clientID)["conversations"]; n != 1 {
		t.Errorf("%d conversations erased, want hers alone", n)
	}
	got := strings.Join(texts(t, his), "\n")
	for _, w := range []string{"karim@sahel.dz", "Je n'ai rien reçu, rappelez ma collègue au " + privacy.ErasedName + " svp",
		"ou au " + privacy.ErasedName + " le soir"} {
		if !strings.Contains(got, w) {
			t.Errorf("Karim's conversation after the erasure lacks %q:\n%s", w, got)
		}
	}
	if n := holding(t, "661 23 45 67", "0661234567", "٠٦٦١٢٣٤٥٦٧", "o.benmansour"); n != 0 {
		t.Errorf("%d messages or conversations still hold her number", n)
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM chat_conversations WHERE phone_e164 = '+213661234567'`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d conversations still keep her number in E.164 (%v)", left, err)
	}
}

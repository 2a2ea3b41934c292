package chatbot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestFailuresOfferTheFormAsALink: after three failures the form is offered as a link to
// the form's page in the visitor's language, which the widget opens, not as a message
// it would send to Dota; the other replies stay messages, in the JSON and once stored.
func TestFailuresOfferTheFormAsALink(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	for lang, want := range map[string]string{"fr": "/rendez-vous", "en": "/rendez-vous?lang=en", "ar": "/rendez-vous?lang=ar"} {
		t.Run(lang, func(t *testing.T) {
			c := start(t, e, lang)
			c.say(text(lang, "qr_yes"))
			c.say("Amine Benali")
			for _, bad := range []string{"abc", "def", "ghi"} {
				c.say(bad)
			}
			c.expect(StepEmail, ContactPhone1)
			check := func(where string, qr []QuickReply) {
				t.Helper()
				if len(qr) < 2 {
					t.Fatalf("%s: quick replies %+v", where, qr)
				}
				if qr[0].Kind != ReplyLink || qr[0].Value != want || qr[0].Label != text(lang, "qr_form") {
					t.Errorf("%s: form reply %+v, want a link to %s", where, qr[0], want)
				}
				for _, q := range qr[1:] {
					if q.Kind != ReplyMessage {
						t.Errorf("%s: reply %+v, want a message", where, q)
					}
				}
			}
			check("reply", c.last.QuickReplies)
			raw, err := json.Marshal(c.last)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(raw), `"value":"`+want+`","kind":"link"`) || !strings.Contains(string(raw), `"kind":"message"`) {
				t.Errorf("JSON %s names no link to %s", raw, want)
			}
			var back Reply
			if err := json.Unmarshal(raw, &back); err != nil {
				t.Fatal(err)
			}
			check("JSON read back", back.QuickReplies)
			stored, err := e.Conversation(context.Background(), c.id)
			if err != nil {
				t.Fatal(err)
			}
			check("stored", stored.QuickReplies)
		})
	}
}

func TestReplyKindText(t *testing.T) {
	var k ReplyKind
	for _, tt := range []struct {
		in   string
		want ReplyKind
	}{{`""`, ReplyMessage}, {`"message"`, ReplyMessage}, {`"link"`, ReplyLink}} {
		if err := json.Unmarshal([]byte(tt.in), &k); err != nil || k != tt.want {
			t.Errorf("%s: %v %v", tt.in, k, err)
		}
	}
	if err := json.Unmarshal([]byte(`"script"`), &k); err == nil {
		t.Error("an unknown kind was read")
	}
	if _, err := json.Marshal(ReplyKind(7)); err == nil {
		t.Error("an unknown kind was written")
	}
}

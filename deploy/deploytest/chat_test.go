//go:build cluster

package deploytest

import (
	"fmt"
	"net/http"
	"testing"
)

// chatReply is what the tests read of Dota's answer to a turn.
type chatReply struct {
	SessionID    string `json:"session_id"`
	Step         string `json:"step"`
	QuickReplies []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"quick_replies"`
	Collected struct {
		Name  string `json:"name"`
		Email string `json:"email"`
		Phone string `json:"phone"`
	} `json:"collected"`
	AppointmentID string `json:"appointment_id"`
	Messages      []struct {
		Text   string `json:"text"`
		Sender string `json:"sender"`
	} `json:"messages"`
}

// conversation is one visitor talking to Dota through the balancer.
type conversation struct {
	t       *testing.T
	c       *cluster
	visitor *client
	last    chatReply
	served  []int // which replica answered each message
	n       int   // a number that makes the visitor's details unique
}

func startConversation(t *testing.T, c *cluster, visitor *client, n int) *conversation {
	t.Helper()
	cv := &conversation{t: t, c: c, visitor: visitor, n: n}
	res := visitor.do("POST", "/api/chat/sessions", map[string]string{"lang": "en"}, &cv.last)
	want(t, res, http.StatusCreated)
	cv.served = append(cv.served, c.served(res))
	if cv.last.SessionID == "" {
		t.Fatal("no session id")
	}
	return cv
}

// send sends one message and returns the response (any status).
func (cv *conversation) send(text string) *http.Response {
	cv.t.Helper()
	var r chatReply
	res := cv.visitor.do("POST", "/api/chat/sessions/"+cv.last.SessionID+"/messages", map[string]string{"text": text}, &r)
	if res.StatusCode == http.StatusOK {
		if r.SessionID != cv.last.SessionID {
			cv.t.Fatalf("the conversation %s came back as %s (new session: the state was lost)", cv.last.SessionID, r.SessionID)
		}
		cv.last = r
		cv.served = append(cv.served, cv.c.served(res))
	}
	return res
}

// answer is what the visitor says at a step of the booking flow.
func (cv *conversation) answer() string {
	pick := func() string {
		if len(cv.last.QuickReplies) == 0 {
			cv.t.Fatalf("step %s offers no choice: %+v", cv.last.Step, cv.last.Messages)
		}
		return cv.last.QuickReplies[0].Value
	}
	switch cv.last.Step {
	case "greeting":
		return "I want to book an appointment"
	case "name":
		return "Samir Khelifi"
	case "email":
		return fmt.Sprintf("samir.%d@example.com", cv.n)
	case "phone":
		return fmt.Sprintf("0555 %02d %02d %02d", cv.n%100, (cv.n/100)%100, 42)
	case "company":
		return "Skip"
	case "service", "date", "time":
		return pick()
	case "confirm":
		return "Yes"
	}
	cv.t.Fatalf("no answer for step %q", cv.last.Step)
	return ""
}

// until talks until the conversation reaches step.
func (cv *conversation) until(step string) {
	cv.t.Helper()
	for i := 0; cv.last.Step != step; i++ {
		if i > 20 {
			cv.t.Fatalf("the conversation did not reach %s: stuck at %s: %+v", step, cv.last.Step, cv.last.Messages)
		}
		from := cv.last.Step
		want(cv.t, cv.send(cv.answer()), http.StatusOK)
		if cv.last.Step == from && from != "greeting" {
			cv.t.Fatalf("Dota refused the answer at step %s: %+v", from, cv.last.Messages)
		}
	}
}

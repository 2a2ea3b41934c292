package chatbot

import (
	"context"
	"testing"
)

func TestTheConversationRecordsTheMeetingModeChosen(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	for _, step := range []struct{ say, want string }{
		{"I'd like an appointment", StepName}, {"Samir Haddad", StepEmail}, {"samir.haddad@example.dz", StepPhone},
		{"0555 12 34 77", StepCompany}, {"skip", StepService}, {"consultation", StepMode}, {"by video please", StepDate},
	} {
		c.say(step.say)
		c.expect(step.want)
	}
	ctx := context.Background()
	if err := e.FlushTranscripts(ctx); err != nil {
		t.Fatal(err)
	}
	d, err := e.ConversationDetail(ctx, conversationOf(t, e, c.id))
	if err != nil {
		t.Fatal(err)
	}
	if d.Collected.Mode != "video" || d.Collected.Service == "" {
		t.Fatalf("collected %+v, want the video mode beside the service", d.Collected)
	}
	// Another service asks again: until then, no mode is recorded for it.
	c.say("actually, for web development")
	if err := e.FlushTranscripts(ctx); err != nil {
		t.Fatal(err)
	}
	if d, _ = e.ConversationDetail(ctx, conversationOf(t, e, c.id)); d.Collected.Mode != "" {
		t.Fatalf("after another service, collected %+v, want no mode", d.Collected)
	}
}

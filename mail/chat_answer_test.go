package mail_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

const resumeURL = "https://rdv.example.com/?chat=tok-789"

// chatAnswer is a chat answer of two staff messages in lang.
func chatAnswer(lang string) mail.Input {
	in := input(mail.KindChatAnswer, lang)
	in.AppointmentID, in.Service, in.ManageURL = "", "", ""
	in.Start, in.Duration = time.Time{}, 0
	in.Answers = []mail.Answer{{Author: "Karima", Text: "Bonjour, nous faisons des boutiques en ligne."},
		{Author: "Karima", Text: "Le devis est gratuit <b>sans engagement</b>."}}
	in.ResumeURL = resumeURL
	return in
}

// A staff answer reaches a visitor who left, in their language, through a real SMTP
// exchange: every message, its author, the link back to the conversation, the warning
// that replies are not read, and no Reply-To that would invite one, nor a calendar file.
func TestChatAnswerIsMailedInTheVisitorsLanguage(t *testing.T) {
	srv := mailtest.Start(t)
	notRead := map[string]string{
		"fr": "Les réponses à cet e-mail ne sont pas lues",
		"en": "Replies to this e-mail are not read",
		"ar": "لا تُقرأ الردود على هذه الرسالة",
	}
	action := map[string]string{"fr": "Reprendre la conversation", "en": "Continue the conversation", "ar": "متابعة المحادثة"}
	for _, lang := range []string{"fr", "en", "ar"} {
		got, p := send(t, srv, chatAnswer(lang))
		if len(got.To) != 1 || got.To[0] != "amina@example.net" {
			t.Errorf("%s: envelope to %v", lang, got.To)
		}
		if !strings.Contains(p.Subject, "Dota Agency") {
			t.Errorf("%s: subject %q does not name the agency", lang, p.Subject)
		}
		for _, part := range []string{p.Text, p.HTML} {
			for _, want := range []string{"Karima", "nous faisons des boutiques en ligne", resumeURL, notRead[lang], action[lang]} {
				if !strings.Contains(part, want) {
					t.Errorf("%s: the message lacks %q:\n%s", lang, want, part)
				}
			}
		}
		if !strings.Contains(p.HTML, "&lt;b&gt;sans engagement&lt;/b&gt;") {
			t.Errorf("%s: a staff message's markup is not escaped in the HTML part", lang)
		}
		if rt := p.Header.Get("Reply-To"); rt != "" {
			t.Errorf("%s: Reply-To %q on a message whose replies nobody reads", lang, rt)
		}
		if len(p.Attachments) != 0 {
			t.Errorf("%s: %d attachment(s) on a chat answer", lang, len(p.Attachments))
		}
		if strings.Contains(p.Text, "appointment was requested") || strings.Contains(p.Text, "rendez-vous a été demandé") {
			t.Errorf("%s: the footer speaks of an appointment:\n%s", lang, p.Text)
		}
	}
	if p := mustRender(t, chatAnswer("ar")); !strings.Contains(p.HTML, `dir="rtl"`) {
		t.Error("the Arabic message is not written right to left")
	}
}

// A chat answer without a message or without its link back is refused as invalid input:
// a job does not retry it.
func TestChatAnswerNeedsMessagesAndItsLink(t *testing.T) {
	empty := chatAnswer("en")
	empty.Answers = nil
	noLink := chatAnswer("en")
	noLink.ResumeURL = "/?chat=relative"
	for name, in := range map[string]mail.Input{"no message": empty, "relative link": noLink} {
		if _, err := newRenderer(t).Render(in); !errors.Is(err, mail.ErrInvalidInput) {
			t.Errorf("%s: %v, want ErrInvalidInput", name, err)
		}
	}
}

func mustRender(t *testing.T, in mail.Input) *mail.Message {
	t.Helper()
	m, err := newRenderer(t).Render(in)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

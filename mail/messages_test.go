package mail_test

import (
	"bytes"
	"errors"
	"html"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

// The subjects, written out in full, so a text that slips into another language or a
// date written the wrong way shows here.
var wantSubjects = map[mail.Kind]map[string]string{
	mail.KindConfirmation: {
		"fr": "Nous avons bien reçu votre demande de rendez-vous",
		"en": "We have received your appointment request",
		"ar": "استلمنا طلب موعدك",
	},
	mail.KindConfirmed: {
		"fr": "Rendez-vous confirmé : jeudi 26 novembre 2026 à 10:00",
		"en": "Appointment confirmed: Thursday 26 November 2026 at 10:00",
		"ar": "تم تأكيد موعدك: الخميس 26 نوفمبر 2026، الساعة 10:00",
	},
	mail.KindMoved: {
		"fr": "Rendez-vous déplacé au jeudi 26 novembre 2026 à 10:00",
		"en": "Appointment moved to Thursday 26 November 2026 at 10:00",
		"ar": "نُقل موعدك إلى الخميس 26 نوفمبر 2026، الساعة 10:00",
	},
	mail.KindCancelled: {
		"fr": "Rendez-vous annulé : jeudi 26 novembre 2026 à 10:00",
		"en": "Appointment cancelled: Thursday 26 November 2026 at 10:00",
		"ar": "أُلغي موعدك: الخميس 26 نوفمبر 2026، الساعة 10:00",
	},
	mail.KindReminder: {
		"fr": "Rappel : votre rendez-vous du jeudi 26 novembre 2026 à 10:00",
		"en": "Reminder: your appointment on Thursday 26 November 2026 at 10:00",
		"ar": "تذكير: موعدك يوم الخميس 26 نوفمبر 2026، الساعة 10:00",
	},
	mail.KindReconfirm: {
		"fr": "Serez-vous là ? jeudi 26 novembre 2026 à 10:00",
		"en": "Will you be there? Thursday 26 November 2026 at 10:00",
		"ar": "هل ستحضر؟ الخميس 26 نوفمبر 2026، الساعة 10:00",
	},
	mail.KindWaitlistOffer: {
		"fr": "Un créneau s'est libéré : jeudi 26 novembre 2026 à 10:00",
		"en": "A slot has opened up: Thursday 26 November 2026 at 10:00",
		"ar": "أصبح موعد متاحًا: الخميس 26 نوفمبر 2026، الساعة 10:00",
	},
}

// Words of each language's text that the other languages do not have.
var wantText = map[string][]string{
	"fr": {"Bonjour Amina Benali,", "L'équipe Dota Agency", "Durée : 60 min", "Fuseau horaire : Africa/Algiers"},
	"en": {"Hello Amina Benali,", "The Dota Agency team", "Duration: 60 min", "Time zone: Africa/Algiers"},
	"ar": {"مرحبًا Amina Benali،", "فريق Dota Agency", "المدة: 60 دقيقة", "المنطقة الزمنية: Africa/Algiers"},
}

// The other times a kind writes: the old start of a move, the hold of an offer.
var wantExtra = map[mail.Kind]map[string]string{
	mail.KindMoved: {
		"fr": "du mercredi 25 novembre 2026 à 10:00 au jeudi 26 novembre 2026 à 10:00",
		"en": "from Wednesday 25 November 2026 at 10:00 to Thursday 26 November 2026 at 10:00",
		"ar": "من الأربعاء 25 نوفمبر 2026، الساعة 10:00 إلى الخميس 26 نوفمبر 2026، الساعة 10:00",
	},
	mail.KindWaitlistOffer: {
		"fr": "jusqu'au mercredi 25 novembre 2026 à 14:30",
		"en": "until Wednesday 25 November 2026 at 14:30",
		"ar": "حتى الأربعاء 25 نوفمبر 2026، الساعة 14:30",
	},
}

func TestEveryKindInEveryLanguageIsReceived(t *testing.T) {
	srv := mailtest.Start(t)
	for _, kind := range mail.Kinds {
		for _, lang := range i18n.Languages {
			t.Run(string(kind)+"/"+lang, func(t *testing.T) {
				in := input(kind, lang)
				got, msg := send(t, srv, in)

				if len(got.To) != 1 || got.To[0] != "amina@example.net" || got.From != "rdv@dota.example" {
					t.Errorf("envelope from %q to %q", got.From, got.To)
				}
				if !strings.Contains(msg.To, "Amina Benali") || !strings.Contains(msg.From, "Dota") {
					t.Errorf("headers From %q To %q", msg.From, msg.To)
				}
				if want := wantSubjects[kind][lang]; msg.Subject != want {
					t.Errorf("subject %q, want %q", msg.Subject, want)
				}
				for _, w := range wantText[lang] {
					if !strings.Contains(msg.Text, w) {
						t.Errorf("text lacks %q:\n%s", w, msg.Text)
					}
				}
				if w := wantExtra[kind][lang]; w != "" && !strings.Contains(msg.Text, w) {
					t.Errorf("text lacks %q:\n%s", w, msg.Text)
				}
				for _, w := range []string{"contact@dota.example", "+213 555 12 34 56", "12 rue Didouche Mourad, Alger"} {
					if !strings.Contains(msg.Text, w) || !strings.Contains(html.UnescapeString(msg.HTML), w) {
						t.Errorf("the agency's %q is missing", w)
					}
				}

				link := manageURL
				if kind == mail.KindWaitlistOffer {
					link = offerURL
				}
				if !strings.Contains(msg.Text, link) || !strings.Contains(msg.HTML, `href="`+link+`"`) {
					t.Errorf("the link %s is missing", link)
				}
				if kind == mail.KindWaitlistOffer && strings.Contains(msg.Text, manageURL) {
					t.Errorf("an offer carries the manage link")
				}

				dir := map[string]string{"fr": "ltr", "en": "ltr", "ar": "rtl"}[lang]
				if !strings.Contains(msg.HTML, `<html lang="`+lang+`" dir="`+dir+`">`) {
					t.Errorf("html is not marked lang=%s dir=%s:\n%.300s", lang, dir, msg.HTML)
				}

				checkCalendarAttachment(t, kind, msg)
			})
		}
	}
}

// checkCalendarAttachment parses the .ics back and checks what a calendar acts on.
func checkCalendarAttachment(t *testing.T, kind mail.Kind, msg *mailtest.Parsed) {
	t.Helper()
	a := msg.Attachment(mail.CalendarFilename)
	if kind == mail.KindWaitlistOffer {
		if a != nil || len(msg.Attachments) != 0 {
			t.Errorf("a waitlist offer carries %d attachment(s)", len(msg.Attachments))
		}
		return
	}
	if a == nil {
		t.Fatalf("no %s among %d attachment(s)", mail.CalendarFilename, len(msg.Attachments))
	}
	method, status := "REQUEST", ""
	if kind == mail.KindCancelled {
		method, status = "CANCEL", "CANCELLED"
	}
	if a.ContentType != "text/calendar" || a.Params["method"] != method || a.Params["charset"] != "utf-8" {
		t.Errorf("attachment type %s %v, want text/calendar method=%s charset=utf-8", a.ContentType, a.Params, method)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatalf("parse calendar: %v\n%s", err, a.Data)
	}
	if got := calendarProp(cal, ics.PropertyMethod); got != method {
		t.Errorf("METHOD %q, want %q", got, method)
	}
	evs := cal.Events()
	if len(evs) != 1 {
		t.Fatalf("%d events", len(evs))
	}
	ev := evs[0]
	for prop, want := range map[ics.ComponentProperty]string{
		ics.ComponentPropertyUniqueId: "apt-42@rdv.example.com",
		ics.ComponentPropertySequence: "3",
		ics.ComponentPropertyDtStart:  "20261126T090000Z",
		ics.ComponentPropertyDtEnd:    "20261126T100000Z",
		ics.ComponentPropertyStatus:   status,
	} {
		got := ""
		if p := ev.GetProperty(prop); p != nil {
			got = p.Value
		}
		if got != want {
			t.Errorf("%s %q, want %q", prop, got, want)
		}
	}
}

func calendarProp(cal *ics.Calendar, p ics.Property) string {
	for _, cp := range cal.CalendarProperties {
		if cp.IANAToken == string(p) {
			return cp.Value
		}
	}
	return ""
}

func TestConfirmationAndChangesSayWhoActed(t *testing.T) {
	r := newRenderer(t)
	cases := []struct {
		name string
		in   func(mail.Input) mail.Input
		want string
	}{
		{"form", func(in mail.Input) mail.Input { in.Source = mail.SourceForm; return in }, "Nous avons bien reçu votre demande"},
		{"chat", func(in mail.Input) mail.Input { in.Source = mail.SourceChat; return in }, "Merci d'avoir échangé avec Dota"},
		{"console", func(in mail.Input) mail.Input { in.Source = mail.SourceConsole; return in }, "L'équipe de Dota Agency a enregistré un rendez-vous"},
		{"moved by customer", func(in mail.Input) mail.Input { in.Kind, in.By = mail.KindMoved, mail.ByCustomer; return in }, "Comme vous l'avez demandé"},
		{"moved by agency", func(in mail.Input) mail.Input { in.Kind, in.By = mail.KindMoved, mail.ByAgency; return in }, "L'équipe de Dota Agency a déplacé"},
		{"cancelled by customer", func(in mail.Input) mail.Input { in.Kind, in.By = mail.KindCancelled, mail.ByCustomer; return in }, "Comme vous l'avez demandé"},
		{"moved, nobody named", func(in mail.Input) mail.Input { in.Kind, in.By = mail.KindMoved, ""; return in }, "L'équipe de Dota Agency a déplacé"},
		{"cancelled by agency", func(in mail.Input) mail.Input { in.Kind, in.By = mail.KindCancelled, mail.ByAgency; return in }, "L'équipe de Dota Agency a dû annuler"},
	}
	for _, c := range cases {
		m, err := r.Render(c.in(input(mail.KindConfirmation, "fr")))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, c.want) || !strings.Contains(m.HTML, strings.ReplaceAll(c.want, "'", "&#39;")) {
			t.Errorf("%s: text lacks %q:\n%s", c.name, c.want, m.Text)
		}
	}
}

func TestHTMLEscapesWhatPeopleTyped(t *testing.T) {
	in := input(mail.KindConfirmed, "ar")
	in.RecipientName = `Amina <script>alert("x")</script>`
	in.Service = `<img src=x onerror=alert(1)>`
	in.Agency.Address = `<a href="javascript:alert(1)">ici</a>`
	m, err := newRenderer(t).Render(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "<img", `<a href="javascript`} {
		if strings.Contains(m.HTML, bad) {
			t.Errorf("html holds %q unescaped", bad)
		}
	}
	if !strings.Contains(m.HTML, "Amina &lt;script&gt;") || !strings.Contains(m.HTML, "&lt;img src=x") {
		t.Errorf("the values are not shown escaped")
	}
	if !strings.Contains(m.Text, `Amina <script>alert("x")</script>`) {
		t.Errorf("the plain text does not show the name as typed")
	}
}

func TestUnknownLanguageIsFrench(t *testing.T) {
	r := newRenderer(t)
	for lang, want := range map[string]string{"de": "fr", "": "fr", "EN-gb": "en", "ar_DZ": "ar"} {
		m, err := r.Render(input(mail.KindConfirmed, lang))
		if err != nil {
			t.Fatal(err)
		}
		if m.Lang != want || m.Subject != wantSubjects[mail.KindConfirmed][want] {
			t.Errorf("%q: written in %s (%q), want %s", lang, m.Lang, m.Subject, want)
		}
	}
}

func TestRenderRefusesIncompleteInput(t *testing.T) {
	r := newRenderer(t)
	cases := map[string]func(*mail.Input){
		"unknown kind":           func(in *mail.Input) { in.Kind = "birthday" },
		"no recipient":           func(in *mail.Input) { in.RecipientEmail = "" },
		"bad recipient":          func(in *mail.Input) { in.RecipientEmail = "not an address" },
		"reminder without start": func(in *mail.Input) { in.Kind = mail.KindReminder; in.Start = time.Time{} },
		"no duration":            func(in *mail.Input) { in.Duration = 0 },
		"no appointment id":      func(in *mail.Input) { in.AppointmentID = "" },
		"moved without old":      func(in *mail.Input) { in.Kind = mail.KindMoved; in.OldStart = time.Time{} },
		"offer without link":     func(in *mail.Input) { in.Kind = mail.KindWaitlistOffer; in.OfferURL = "" },
		"offer without hold":     func(in *mail.Input) { in.Kind = mail.KindWaitlistOffer; in.HoldUntil = time.Time{} },
		"manage link relative":   func(in *mail.Input) { in.ManageURL = "/manage/tok" },
		"manage link script":     func(in *mail.Input) { in.ManageURL = "javascript:alert(1)" },
	}
	for name, spoil := range cases {
		in := input(mail.KindConfirmation, "fr")
		spoil(&in)
		if _, err := r.Render(in); !errors.Is(err, mail.ErrInvalidInput) {
			t.Errorf("%s: %v, want ErrInvalidInput", name, err)
		}
	}
	// A cancellation needs no manage link: there is nothing left to manage.
	in := input(mail.KindCancelled, "fr")
	in.ManageURL = ""
	m, err := r.Render(in)
	if err != nil {
		t.Fatalf("cancelled without a link: %v", err)
	}
	if strings.Contains(m.HTML, "<a href=\"https://rdv") {
		t.Errorf("a link appears without a link to show")
	}
}

func TestARequestWithNoSlotIsAcknowledgedWithoutATime(t *testing.T) {
	r := newRenderer(t)
	for _, k := range mail.Undated {
		for _, lang := range i18n.Languages {
			in := input(k, lang)
			in.Start, in.Duration = time.Time{}, 0
			m, err := r.Render(in)
			if err != nil {
				t.Fatalf("%s %s: %v", k, lang, err)
			}
			if len(m.Attachments) != 0 {
				t.Errorf("%s %s: a calendar file for a request with no slot", k, lang)
			}
			if strings.Contains(m.Text, "{") || strings.Contains(m.Text, "0001") || !strings.Contains(m.Text, in.Service) {
				t.Errorf("%s %s: text\n%s", k, lang, m.Text)
			}
		}
	}
}

func TestCodeMessage(t *testing.T) {
	srv := mailtest.Start(t)
	for _, lang := range i18n.Languages {
		in := mail.Input{Kind: mail.KindCode, Lang: lang, Code: "482913", RecipientEmail: "amina@example.net",
			Agency: mail.Agency{Name: "Dota Agency", Email: "contact@dota.example", Phone: "+213 555 12 34 56"}}
		_, msg := send(t, srv, in)
		if !strings.Contains(msg.Subject, "482913") || !strings.Contains(msg.Text, "482913") ||
			!strings.Contains(msg.HTML, "482913") || len(msg.Attachments) != 0 {
			t.Errorf("%s: subject %q, attachments %d:\n%s", lang, msg.Subject, len(msg.Attachments), msg.Text)
		}
	}
	bad := mail.Input{Kind: mail.KindCode, Lang: "fr", Code: "12ab56", RecipientEmail: "amina@example.net"}
	if _, err := newRenderer(t).Render(bad); !errors.Is(err, mail.ErrInvalidInput) {
		t.Errorf("a code that is not six digits: %v", err)
	}
}

// TestAMessageSaysWhatMayBeKeptOfItsSubject: the subject a ledger keeps is the subject,
// but a code message's code, which only the recipient may read, is masked.
func TestAMessageSaysWhatMayBeKeptOfItsSubject(t *testing.T) {
	r := newRenderer(t)
	for _, lang := range i18n.Languages {
		code, err := r.Render(mail.Input{Kind: mail.KindCode, Lang: lang, Code: "482913", RecipientEmail: "amina@example.net"})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(code.KeptSubject, "482913") || !strings.Contains(code.KeptSubject, "••••••") ||
			strings.ReplaceAll(code.KeptSubject, "••••••", "482913") != code.Subject {
			t.Errorf("%s: subject %q kept as %q", lang, code.Subject, code.KeptSubject)
		}
		other, err := r.Render(input(mail.KindReminder, lang))
		if err != nil {
			t.Fatal(err)
		}
		if other.KeptSubject != other.Subject {
			t.Errorf("%s: reminder %q kept as %q", lang, other.Subject, other.KeptSubject)
		}
	}
}

// The reminders carry the two one-tap answers, in the reader's language, as buttons and
// as plain links; the other kinds do not.
func TestRemindersCarryTheirAnswers(t *testing.T) {
	r := newRenderer(t)
	answers := map[string][2]string{"fr": {"Je serai là", "Je ne pourrai pas venir"},
		"en": {"I'll be there", "I can't come"}, "ar": {"سأحضر", "لن أتمكن من الحضور"}}
	for _, kind := range mail.Kinds {
		for _, lang := range i18n.Languages {
			m, err := r.Render(input(kind, lang))
			if err != nil {
				t.Fatalf("%s/%s: %v", kind, lang, err)
			}
			carries := kind == mail.KindReminder || kind == mail.KindReconfirm
			for i, link := range []string{reconfirmURL, cancelURL} {
				label := answers[lang][i]
				html := html.UnescapeString(m.HTML)
				got := strings.Contains(m.Text, label) && strings.Contains(m.Text, link)
				if got != carries || strings.Contains(html, `href="`+link+`"`) != carries ||
					strings.Contains(html, ">"+label+"</a>") != carries {
					t.Errorf("%s/%s: answer %q with %s: %v, want %v\n%s", kind, lang, label, link, got, carries, m.Text)
				}
			}
		}
	}
	in := input(mail.KindReconfirm, "fr")
	in.ReconfirmURL = ""
	if _, err := r.Render(in); !errors.Is(err, mail.ErrInvalidInput) {
		t.Errorf("a second reminder without its answers: %v", err)
	}
}

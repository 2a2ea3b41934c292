package console

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

func TestCannedRepliesStore(t *testing.T) {
	t.Parallel()
	c := newConsole(t, &clock{t: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)})
	ctx := t.Context()
	title := func(s string) *string { return &s }
	texts := func(m map[string]string) *map[string]string { return &m }

	a, err := c.CreateCannedReply(ctx, User{}, CannedInput{Title: title("zs Tarifs\tweb"),
		Texts: texts(map[string]string{"fr": "  Nos tarifs\u0007 : <script>{service}</script>  ", "en": ""})})
	if err != nil {
		t.Fatal(err)
	}
	if a.Title != "zs Tarifs web" || len(a.Texts) != 1 || a.Texts["fr"] != "Nos tarifs : script{service}/script" {
		t.Fatalf("stored %+v", a)
	}
	b, err := c.CreateCannedReply(ctx, User{}, CannedInput{Title: title("zs Accueil"), Texts: texts(map[string]string{"ar": "أهلا"})})
	if err != nil {
		t.Fatal(err)
	}
	list, err := c.CannedReplies(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, r := range list {
		if strings.HasPrefix(r.Title, "zs ") {
			order = append(order, r.ID)
		}
	}
	if len(order) != 2 || order[0] != b.ID || order[1] != a.ID {
		t.Fatalf("listed by title: %v", order)
	}

	var v *booking.ValidationError
	_, err = c.CreateCannedReply(ctx, User{}, CannedInput{Title: title("ZS ACCUEIL"), Texts: texts(map[string]string{"fr": "x"})})
	if !errors.As(err, &v) || v.Fields["title"] != "canned_title_taken" {
		t.Fatalf("a taken title: %v", err)
	}
	_, err = c.UpdateCannedReply(ctx, a.ID, CannedInput{Title: title("zs accueil")})
	if !errors.As(err, &v) || v.Fields["title"] != "canned_title_taken" {
		t.Fatalf("renamed onto a taken title: %v", err)
	}
	_, err = c.CreateCannedReply(ctx, User{}, CannedInput{Texts: texts(map[string]string{"fr": "{first_name} {Date}"})})
	if !errors.As(err, &v) || v.Fields["title"] != "required" || v.Fields["texts.fr"] != "canned_unknown_variable" {
		t.Fatalf("no title, a wrong variable: %v", err)
	}

	u, err := c.UpdateCannedReply(ctx, a.ID, CannedInput{Texts: texts(map[string]string{"en": "Our prices", "fr": ""})})
	if err != nil || u.Title != a.Title || len(u.Texts) != 1 || u.Texts["en"] != "Our prices" || !u.UpdatedAt.After(a.UpdatedAt) && !u.UpdatedAt.Equal(a.UpdatedAt) {
		t.Fatalf("texts replaced: %+v %v", u, err)
	}
	if err := c.DeleteCannedReply(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CannedReply(ctx, a.ID); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("deleted: %v", err)
	}
	if err := c.DeleteCannedReply(ctx, a.ID); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("deleted twice: %v", err)
	}
	if _, err := c.UpdateCannedReply(ctx, "nope", CannedInput{Title: title("x")}); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("a malformed id: %v", err)
	}
}

// Without an appointment, a reply fills the visitor's first name and leaves the rest in
// braces, named as missing.
func TestFillCannedReplyWithoutAppointment(t *testing.T) {
	t.Parallel()
	c := newConsole(t, &clock{t: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)})
	ctx := t.Context()
	title, text := "zz Suivi", map[string]string{"fr": "Merci {first_name} ! {date} {first_name}", "ar": "شكرا {first_name}، {manage_link}"}
	r, err := c.CreateCannedReply(ctx, User{}, CannedInput{Title: &title, Texts: &text})
	if err != nil {
		t.Fatal(err)
	}
	f, err := c.FillCannedReply(ctx, r.ID, Visit{Lang: "fr", Name: "  Nadia   Benali "})
	if err != nil || f.Lang != "fr" || f.Text != "Merci Nadia ! {date} Nadia" || strings.Join(f.Missing, ",") != "date" {
		t.Fatalf("fr: %+v %v", f, err)
	}
	f, err = c.FillCannedReply(ctx, r.ID, Visit{Lang: "ar", Name: "نادية", AppointmentIDs: []string{"00000000-0000-0000-0000-000000000000"}})
	if err != nil || f.Lang != "ar" || f.Text != "شكرا نادية، {manage_link}" || strings.Join(f.Missing, ",") != "manage_link" {
		t.Fatalf("ar, its appointment deleted: %+v %v", f, err)
	}
	f, err = c.FillCannedReply(ctx, r.ID, Visit{Lang: "en"})
	if err != nil || f.Lang != "fr" || strings.Join(f.Missing, ",") != "first_name,date" {
		t.Fatalf("en falls back: %+v %v", f, err)
	}
	if _, err := c.FillCannedReply(ctx, "00000000-0000-0000-0000-000000000000", Visit{}); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("unknown reply: %v", err)
	}
}

func TestCannedDate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, date, hhmm, want string }{
		{"fr", "2026-11-26", "10:00", "jeudi 26 novembre 2026 à 10:00"},
		{"en", "2026-11-26", "14:30", "Thursday, November 26, 2026 at 14:30"},
		{"fr", "2026-11-26", "", "jeudi 26 novembre 2026"},
		{"fr", "", "10:00", ""},
	} {
		if got := dateFor(c.lang, c.date, c.hhmm); got != c.want {
			t.Errorf("%s %s %s: %q, want %q", c.lang, c.date, c.hhmm, got, c.want)
		}
	}
	if got := dateFor("ar", "2026-11-26", "10:00"); !strings.Contains(got, "26") || !strings.Contains(got, "2026") || !strings.Contains(got, "10:00") {
		t.Errorf("ar: %q", got)
	}
}

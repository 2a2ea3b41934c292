package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
)

// lure is a "name" or "service" that, written by the agency's sender into the To line, the
// greeting or the subject, would speak to the customer in the agency's voice.
const lure = "client: URGENT payez 5000 DZD sur https://evil.example/pay"

func fieldOf(err error) map[string]string {
	var v *booking.ValidationError
	if errors.As(err, &v) {
		return v.Fields
	}
	return nil
}

// TestBookReadsTheServiceAgainstTheCatalogue: every path books a service of the catalogue,
// stored by its slug and named in the reader's language; a visitor's name follows the
// chat's rule, while staff may type any name.
func TestBookReadsTheServiceAgainstTheCatalogue(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	for _, source := range []string{booking.SourceForm, booking.SourceChat, booking.SourceConsole} {
		_, err := core.Book(ctx, booking.Request{Name: "Amine Benali", Phone: "0555 12 34 56", Service: lure, Source: source})
		if fieldOf(err)["service"] != "service_invalid" {
			t.Errorf("%s: a service off the catalogue: %v", source, err)
		}
		res, err := core.Book(ctx, booking.Request{Name: "Amine Benali", Phone: "0555 12 34 56", Service: "bots-ia", Source: source})
		if err != nil || res.Appointment.Service != "bots-ia" {
			t.Errorf("%s: by slug: %+v %v", source, res.Appointment, err)
		}
	}
	for _, source := range []string{booking.SourceForm, booking.SourceChat} {
		_, err := core.Book(ctx, booking.Request{Name: lure, Phone: "0555 12 34 56", Source: source})
		if fieldOf(err)["name"] != "name_chars" {
			t.Errorf("%s: the name of a lure: %v", source, err)
		}
	}
	staff, err := core.Book(ctx, booking.Request{Name: "SARL Atlas (M. Karim) 2", Phone: "0555 12 34 56",
		Service: "Formation", Source: booking.SourceConsole})
	if err != nil || staff.Appointment.Name != "SARL Atlas (M. Karim) 2" {
		t.Fatalf("a name typed by staff: %+v %v", staff.Appointment, err)
	}

	// Staff editing: a new service is a catalogue one; one kept as it was stays.
	bad := lure
	if _, err := core.Edit(ctx, staff.Appointment.ID, booking.Change{Service: &bad}, "admin@dota.dz"); fieldOf(err)["service"] != "service_invalid" {
		t.Errorf("edited to a service off the catalogue: %v", err)
	}
	training := "Training"
	edited, err := core.Edit(ctx, staff.Appointment.ID, booking.Change{Service: &training}, "admin@dota.dz")
	if err != nil || edited.Service != "formation" {
		t.Fatalf("edited to a catalogue service: %+v %v", edited, err)
	}
	titles, err := core.ServiceTitles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"fr": "Formation", "en": "Training", "ar": "التدريب والتكوين"} {
		if got := titles(edited.Service, lang); got != want {
			t.Errorf("the service named in %s: %q, want %q", lang, got, want)
		}
	}
	if got := titles("Ancien service", "en"); got != "Ancien service" {
		t.Errorf("a text that names no service: %q", got)
	}
	if _, err := pool.Exec(ctx, `UPDATE appointments SET service = 'Ancien service' WHERE id = $1`, edited.ID); err != nil {
		t.Fatal(err)
	}
	old, status := "Ancien service", "confirmed"
	if kept, err := core.Edit(ctx, edited.ID, booking.Change{Service: &old, Status: &status}, "admin@dota.dz"); err != nil || kept.Service != old {
		t.Errorf("a service kept as it was: %+v %v", kept, err)
	}
}

// TestMessagesNameOnlyAPerson: a name that does not read as a person's (typed by staff, or
// stored before the rule) is neither the To line's display name nor the greeting's.
func TestMessagesNameOnlyAPerson(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	slot := freeSlot(t, c, 4, 0)
	if _, err := c.Book(context.Background(), booking.Request{Name: lure, Email: "amine@belk.dz", Phone: "0555123499",
		Service: "Consultation", Date: slot.Date, Time: slot.Time, Language: "fr", Source: booking.SourceConsole}); err != nil {
		t.Fatal(err)
	}
	msg := srv.Wait(t, 1)[0].Parse(t)
	if msg.To != "<amine@belk.dz>" && msg.To != "amine@belk.dz" {
		t.Errorf("To %q", msg.To)
	}
	for _, part := range []string{msg.Text, msg.HTML, string(msg.Attachment("invite.ics").Data)} {
		if strings.Contains(part, "URGENT") || strings.Contains(part, "evil.example") {
			t.Errorf("the name reached the message:\n%s", part)
		}
	}
}

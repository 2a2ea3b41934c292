package mail

import (
	"errors"
	"fmt"
	netmail "net/mail"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Kind is the kind of a message; it picks the texts, the link and the calendar file.
type Kind string

// The kinds of message Dota sends to a customer.
const (
	// KindConfirmation acknowledges a request made by the form, the chat or the console.
	KindConfirmation Kind = "confirmation"
	// KindConfirmed tells the customer that staff confirmed the appointment.
	KindConfirmed Kind = "confirmed"
	// KindMoved gives the appointment's new time (and the old one).
	KindMoved Kind = "moved"
	// KindCancelled tells the customer the appointment is cancelled (its .ics cancels the event).
	KindCancelled Kind = "cancelled"
	// KindReminder reminds the customer of a coming appointment.
	KindReminder Kind = "reminder"
	// KindWaitlistOffer offers a freed slot, held for the recipient until HoldUntil.
	KindWaitlistOffer Kind = "waitlist_offer"
	// KindCode carries a one-time code that proves the recipient owns the address.
	KindCode Kind = "code"
	// KindChatAnswer carries staff answers to a visitor who left the chat, with the link
	// that reopens the conversation.
	KindChatAnswer Kind = "chat_answer"
	// KindFollowUp thanks a customer who came to the meeting and links to the next step
	// the agency offers (NextURL).
	KindFollowUp Kind = "follow_up"
)

// Kinds lists every kind, in the order of an appointment's life.
var Kinds = []Kind{KindConfirmation, KindConfirmed, KindMoved, KindCancelled, KindReminder, KindWaitlistOffer}

// Valid reports whether k is one of Kinds, KindCode, KindChatAnswer or KindFollowUp.
func (k Kind) Valid() bool {
	if k == KindCode || k == KindChatAnswer || k == KindFollowUp {
		return true
	}
	for _, known := range Kinds {
		if k == known {
			return true
		}
	}
	return false
}

// Actor says who moved or cancelled an appointment, as the customer reads it.
type Actor string

// Who acted on an appointment.
const (
	// ByCustomer: the customer did it (through the manage link).
	ByCustomer Actor = "customer"
	// ByAgency: staff (or the system) did it.
	ByAgency Actor = "agency"
)

// Source says where a request came from; the confirmation's first words depend on it.
type Source string

// Where a request came from (the values of booking's appointments.source).
const (
	SourceForm    Source = "form"
	SourceChat    Source = "chat"
	SourceConsole Source = "console"
)

// Meeting modes, as booking stores them.
const (
	ModeOffice = "office"
	ModePhone  = "phone"
	ModeVideo  = "video"
)

// Modes lists every meeting mode.
var Modes = []string{ModeOffice, ModePhone, ModeVideo}

// Agency holds the contact details printed in every message (from the settings).
type Agency struct {
	Name    string
	Email   string
	Phone   string
	Address string // also the calendar event's LOCATION
}

// Input is everything one message needs. Times are instants; Location is the agency's
// time zone, in which they are written for the reader.
type Input struct {
	Kind Kind
	Lang string // fr, en or ar; anything else is written in French

	AppointmentID string // makes the calendar UID; required except for a waitlist offer
	Sequence      int    // the calendar SEQUENCE: raised by the caller at every change
	Service       string
	Start         time.Time
	Duration      time.Duration
	Location      *time.Location // display time zone; UTC when nil

	RecipientName  string
	RecipientEmail string

	ManageURL string    // the manage link (every kind but a waitlist offer)
	OfferURL  string    // the accept link of a waitlist offer
	HoldUntil time.Time // until when a waitlist offer holds the slot

	Code string // code: the one-time code, six digits

	Answers   []Answer // chat answer: the staff's messages the visitor has not read, in order
	ResumeURL string   // chat answer: the link that reopens the conversation in the widget

	NextURL string // follow-up: the next step the agency offers

	// Mode is how the meeting happens (ModeOffice, ModePhone, ModeVideo); "" is an
	// appointment that does not say, written as the office's was. MeetingURL is a video
	// meeting's link.
	Mode       string
	MeetingURL string

	Source   Source    // confirmation: where the request came from (the form's words when empty)
	By       Actor     // moved, cancelled: who did it (the agency when empty)
	OldStart time.Time // moved: the time it had before

	Agency Agency
}

// Answer is one staff message of a chat answer.
type Answer struct {
	Author string // the staff member's name as the visitor sees it; the agency's when empty
	Text   string
}

// ErrInvalidInput is wrapped by every error Render returns for input it cannot write a
// message from; such a message will never be sendable, so a job should not retry it.
var ErrInvalidInput = errors.New("mail: invalid input")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidInput, fmt.Sprintf(format, args...))
}

// check reports the first thing missing from in for its kind.
func (in Input) check() error {
	if !in.Kind.Valid() {
		return invalid("unknown kind %q", in.Kind)
	}
	if in.RecipientEmail == "" {
		return invalid("no recipient e-mail")
	}
	if in.Kind == KindCode {
		if len(in.Code) != 6 || strings.Trim(in.Code, "0123456789") != "" {
			return invalid("a code message needs a six-digit code")
		}
		return nil
	}
	if in.Kind == KindChatAnswer {
		if len(in.Answers) == 0 {
			return invalid("a chat answer needs at least one message")
		}
		return checkLink("resume", in.ResumeURL)
	}
	if in.Kind == KindFollowUp {
		if in.Service == "" {
			return invalid("a follow-up needs a service")
		}
		return checkLink("next step", in.NextURL)
	}
	if in.Mode != "" && !slices.Contains(Modes, in.Mode) {
		return invalid("unknown meeting mode %q", in.Mode)
	}
	if in.MeetingURL != "" {
		if err := checkLink("meeting", in.MeetingURL); err != nil {
			return err
		}
	}
	undated := in.Start.IsZero() && slices.Contains(Undated, in.Kind)
	if in.Service == "" || (!undated && (in.Start.IsZero() || in.Duration <= 0)) {
		return invalid("%s needs a service, a start and a positive duration", in.Kind)
	}
	switch in.Kind {
	case KindWaitlistOffer:
		if in.HoldUntil.IsZero() {
			return invalid("a waitlist offer needs a hold time")
		}
		return checkLink("offer", in.OfferURL)
	case KindMoved:
		if in.OldStart.IsZero() {
			return invalid("a moved message needs the old start")
		}
	}
	if in.AppointmentID == "" {
		return invalid("%s needs an appointment id", in.Kind)
	}
	if in.Sequence < 0 {
		return invalid("negative sequence %d", in.Sequence)
	}
	if in.Kind == KindCancelled && in.ManageURL == "" {
		return nil // a cancelled appointment has nothing left to manage
	}
	return checkLink("manage", in.ManageURL)
}

// video reports whether in is a video meeting with its link.
func (in Input) video() bool { return in.Mode == ModeVideo && in.MeetingURL != "" }

// atOffice reports whether in is a meeting at the agency's address.
func (in Input) atOffice() bool { return in.Mode == "" || in.Mode == ModeOffice }

// recipient is the addressee, named as the input names them.
func (in Input) recipient() (netmail.Address, error) {
	to, err := netmail.ParseAddress(in.RecipientEmail)
	if err != nil {
		return netmail.Address{}, invalid("recipient %q: %v", in.RecipientEmail, err)
	}
	return netmail.Address{Name: in.RecipientName, Address: to.Address}, nil
}

// checkLink refuses a link that is not an absolute http(s) URL.
func checkLink(name, link string) error {
	u, err := url.Parse(link)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return invalid("the %s link %q is not an absolute http(s) URL", name, link)
	}
	return nil
}

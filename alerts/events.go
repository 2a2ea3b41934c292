package alerts

import (
	"slices"

	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/i18n"
)

// The events staff may be alerted to.
const (
	// EventVisitorWaiting: a visitor asked for a person; at once to the staff who answer
	// conversations, and again to every admin and moderator when nobody has taken it
	// after half the hand-off time-out.
	EventVisitorWaiting = "visitor_waiting"
	// EventNewBooking: an appointment booked by the form or in the chat.
	EventNewBooking = "new_booking"
	// EventOfferAccepted: a waitlist offer accepted, the freed place booked.
	EventOfferAccepted = "offer_accepted"
	// EventMessageFailed: a message to a customer recorded as failed in the ledger.
	EventMessageFailed = "message_failed"
	// EventBackupFailed: a database backup did not complete.
	EventBackupFailed = "backup_failed"
	// EventAppointmentAssigned: an appointment given to a consultant, by a booking or a
	// reassign; to that consultant alone (not when they reassigned it to themselves).
	EventAppointmentAssigned = "appointment_assigned"
	// EventOutcomesDue: once a day, the past meetings without an outcome, to their owner
	// (the consultant who holds them), else to the admins and moderators.
	EventOutcomesDue = "outcomes_due"
	// EventUnconfirmed: an appointment still unconfirmed at half the reconfirmation's
	// lead, for its owner (else the staff on duty) to call the customer.
	EventUnconfirmed = "unconfirmed"
)

// Events lists every event, in the order the profile shows them.
var Events = []string{EventVisitorWaiting, EventNewBooking, EventOfferAccepted, EventAppointmentAssigned,
	EventMessageFailed, EventBackupFailed, EventOutcomesDue, EventUnconfirmed}

// Channels an alert goes by; ChannelNone is a choice, never a ledger row.
const (
	ChannelPush  = "push"
	ChannelEmail = "email"
	ChannelNone  = "none"
)

// Channels lists the choices a user has for an event.
var Channels = []string{ChannelPush, ChannelEmail, ChannelNone}

// eventPages is the console page a user must open to hear of an event: an alert says no
// more than the page would show them.
var eventPages = map[string]console.Page{
	EventVisitorWaiting: console.PageConversations,
	EventNewBooking:     console.PageAppointments,
	EventOfferAccepted:  console.PageWaitlist,
	EventMessageFailed:  console.PageMessages,
	EventBackupFailed:   console.PageSettings,
	// An appointment given to a consultant.
	EventAppointmentAssigned: console.PageAppointments,
	EventOutcomesDue:         console.PageAppointments,
	EventUnconfirmed:         console.PageAppointments,
}

// EventsFor returns the events the user may be alerted to, in Events' order.
func EventsFor(u console.User) []string {
	out := []string{}
	for _, e := range Events {
		if mayHear(u, e) {
			out = append(out, e)
		}
	}
	return out
}

func mayHear(u console.User, event string) bool {
	p, ok := eventPages[event]
	return ok && console.CanOpen(u, p)
}

// Choice is how one event reaches a user.
type Choice struct {
	Event   string `json:"event"`
	Channel string `json:"channel"`
	// OutsideHours: also outside the agency's office hours.
	OutsideHours bool `json:"outside_hours"`
	// Default is true when the user has not chosen, and the role's default applies.
	Default bool `json:"default"`
}

// defaultChoice is what a role hears of an event when its user chose nothing: whoever
// answers conversations hears of a waiting visitor by push; admins and moderators, who
// run the day, hear of bookings and accepted offers by push; failures reach admins by
// e-mail, a failed backup also outside office hours; an unconfirmed appointment reaches
// whoever may call the customer by push, as a waiting visitor does.
func defaultChoice(role, event string) Choice {
	c := Choice{Event: event, Channel: ChannelNone, Default: true}
	lead := role == console.RoleAdmin || role == console.RoleModerator
	switch event {
	case EventVisitorWaiting, EventUnconfirmed:
		c.Channel = ChannelPush
	case EventNewBooking, EventOfferAccepted, EventAppointmentAssigned:
		if lead {
			c.Channel = ChannelPush
		}
	case EventMessageFailed:
		c.Channel = ChannelEmail
	case EventBackupFailed:
		c.Channel, c.OutsideHours = ChannelEmail, true
	case EventOutcomesDue:
		c.Channel = ChannelPush // raised for its owners alone
	}
	return c
}

// escalationRoles are who hear of a visitor still waiting after half the time-out.
var escalationRoles = []string{console.RoleAdmin, console.RoleModerator}

func isEscalationRole(role string) bool { return slices.Contains(escalationRoles, role) }

// BackupFailed is the event of a backup run that failed, for the backup's caller to
// Raise: runID names the run (one alert per run), reason is its error as recorded. It
// opens the settings page, where backups are set.
func BackupFailed(runID, reason string) Event {
	return Event{Name: EventBackupFailed, Subject: runID, URL: "/admin/settings",
		Args: map[string]string{"reason": i18n.Truncate(reason, 300)}}
}

package booking

import (
	"context"
	"encoding/json"
)

// Kinds of live events.
const (
	EventAppointmentCreated  = "appointment.created"
	EventAppointmentUpdated  = "appointment.updated"
	EventAppointmentDeleted  = "appointment.deleted"
	EventNotificationCreated = "notification.created"
	EventNotificationUpdated = "notification.updated"
	// EventNotificationDeleted is published when notifications are deleted (IDs name them).
	EventNotificationDeleted = "notification.deleted"
)

// Event is a change that staff watching the console should see at once. It is published
// only after the transaction that made the change has committed.
type Event struct {
	Kind         string        `json:"kind"`
	Appointment  *Appointment  `json:"appointment,omitempty"`
	Notification *Notification `json:"notification,omitempty"`
	IDs          []string      `json:"ids,omitempty"`
	// Data is the payload of the kinds other packages publish: a conversation's summary
	// for conversation.updated.
	Data json.RawMessage `json:"data,omitempty"`
}

// EventKind names the event's kind (live.Event).
func (e Event) EventKind() string { return e.Kind }

// Publisher fans events out to every replica. Publishing is best effort: the change is
// already committed, and the console's periodic refresh catches up on a lost event.
type Publisher interface {
	Publish(ctx context.Context, e Event)
}

package alerts

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/live"
)

// Alerts hear the live events the booking core and the chat publish after each commit,
// so that neither imports this package. Every replica hears every event and raises it:
// the ledger's key keeps one alert per user and channel.

// conversationUpdated is the chat's live event kind for a conversation that changed.
const conversationUpdated = "conversation.updated"

// hearAtOnce bounds the events this replica turns into alerts at the same time.
const hearAtOnce = 8

// Listen raises the alerts of the live events on <prefix>events until ctx ends. It
// returns once the subscription is in place.
func (s *Service) Listen(ctx context.Context, rdb *redis.Client, prefix string) error {
	slots := make(chan struct{}, hearAtOnce)
	return live.Subscribe(ctx, rdb, prefix, s.cfg.Log, func(e booking.Event) {
		slots <- struct{}{}
		go func() {
			defer func() { <-slots }()
			if err := s.Hear(ctx, e); err != nil {
				s.cfg.Log.WarnContext(ctx, "alerts: raising the alerts of a live event", "kind", e.Kind, "err", err)
			}
		}()
	})
}

// Hear raises the alerts a live event calls for, if any.
func (s *Service) Hear(ctx context.Context, e booking.Event) error {
	switch {
	case e.Kind == booking.EventAppointmentCreated && e.Appointment != nil:
		if err := s.assigned(ctx, *e.Appointment, ""); err != nil {
			return err
		}
		return s.booked(ctx, *e.Appointment, e.Cause)
	case e.Kind == booking.EventAppointmentUpdated && e.Cause == booking.CauseReassigned && e.Appointment != nil:
		return s.assigned(ctx, *e.Appointment, e.By)
	case e.Kind == booking.EventAppointmentUnconfirmed && e.Appointment != nil:
		return s.unconfirmed(ctx, *e.Appointment)
	case e.Kind == booking.EventDeliveryFailed && e.Delivery != nil:
		d := e.Delivery
		return s.Raise(ctx, Event{Name: EventMessageFailed, Subject: d.ID, URL: "/admin/messages?status=failed",
			Args: map[string]string{"kind": d.Kind, "recipient": d.Recipient, "reason": d.Reason}})
	case e.Kind == conversationUpdated && len(e.Data) > 0:
		var sum transcript.Summary
		if err := json.Unmarshal(e.Data, &sum); err != nil {
			return err
		}
		return s.waiting(ctx, sum)
	case e.Kind == booking.EventOutcomesDue && len(e.Data) > 0:
		var list booking.OutcomesDueList
		if err := json.Unmarshal(e.Data, &list); err != nil {
			return err
		}
		return s.outcomesDue(ctx, list)
	}
	return nil
}

// booked raises a new booking by the form or the chat, or an accepted offer.
func (s *Service) booked(ctx context.Context, a booking.Appointment, cause string) error {
	name := EventNewBooking
	switch {
	case cause == booking.CauseOffer:
		name = EventOfferAccepted
	case a.Source != booking.SourceForm && a.Source != booking.SourceChat:
		return nil // booked by staff, who know
	}
	return s.Raise(ctx, Event{Name: name, Subject: a.ID, URL: appointmentURL(a.ID),
		Args: withAnswers(map[string]string{"name": a.Name, "service": a.Service, "date": a.Date, "time": a.Time, "source": a.Source}, a.Answers)})
}

// assigned raises an appointment given to a consultant, to them alone, unless by (a
// staff e-mail) is theirs.
func (s *Service) assigned(ctx context.Context, a booking.Appointment, by string) error {
	if a.ConsultantID == "" {
		return nil
	}
	return s.Raise(ctx, Event{Name: EventAppointmentAssigned, Subject: a.ID + "@" + a.ConsultantID,
		URL: appointmentURL(a.ID), To: []string{a.ConsultantID}, NotBy: by,
		Args: withAnswers(map[string]string{"name": a.Name, "service": a.Service, "date": a.Date, "time": a.Time, "source": a.Source}, a.Answers)})
}

// unconfirmed raises an appointment still unconfirmed, once per start, to its owner or
// the staff on duty.
func (s *Service) unconfirmed(ctx context.Context, a booking.Appointment) error {
	if a.StartsAt == nil {
		return nil
	}
	return s.Raise(ctx, Event{Name: EventUnconfirmed, Subject: a.ID + "@" + strconv.FormatInt(a.StartsAt.Unix(), 10),
		URL: appointmentURL(a.ID), Owner: a.ConsultantID,
		Args: map[string]string{"name": a.Name, "phone": a.Phone, "service": a.Service, "date": a.Date, "time": a.Time}})
}

// waiting raises a visitor waiting for a person, once per hand-off, with the escalation
// half the hand-off time-out later (not for a call back asked outside office hours:
// nobody is there to take it).
func (s *Service) waiting(ctx context.Context, sum transcript.Summary) error {
	if sum.State != transcript.StateWaiting || sum.HandoffAt == nil {
		return nil
	}
	e := Event{Name: EventVisitorWaiting, Subject: sum.ID + "@" + strconv.FormatInt(sum.HandoffAt.UnixMilli(), 10),
		URL:  "/admin/conversations?open=" + sum.ID,
		Args: map[string]string{"name": sum.Name, "preview": s.lastWords(ctx, sum)}}
	if sum.HandoffReason != "callback" && s.convs != nil {
		st, err := s.core.Settings(ctx)
		if err != nil {
			return err
		}
		// handoff_at is the database's clock, as River's scheduler's is.
		e.EscalateAt, e.Conversation = sum.HandoffAt.Add(st.HandoffTimeout()/2), sum.ID
		e.Args["seconds"] = strconv.Itoa(int(st.HandoffTimeout() / 2 / time.Second))
	}
	return s.Raise(ctx, e)
}

// lastWords is what the visitor said last (the summary's preview is the conversation's
// last message, most often Dota's answer to the request).
func (s *Service) lastWords(ctx context.Context, sum transcript.Summary) string {
	if s.convs != nil {
		if d, err := s.convs.ConversationDetail(ctx, sum.ID); err == nil {
			for i := len(d.Transcript) - 1; i >= 0; i-- {
				if d.Transcript[i].Sender == visitorSender {
					return i18n.Truncate(d.Transcript[i].Text, 140)
				}
			}
		}
	}
	if sum.LastSender == visitorSender {
		return i18n.Truncate(sum.Preview, 140)
	}
	return "…"
}

// visitorSender is the transcript's sender of a visitor's message.
const visitorSender = "user"

// escalateArgs is the job that tells admins and moderators of a visitor still waiting.
// One job per hand-off: only the conversation and the hand-off make it unique, not the
// words, which change as the visitor writes on while waiting.
type escalateArgs struct {
	Conversation string            `json:"conversation" river:"unique"`
	Subject      string            `json:"subject" river:"unique"`
	URL          string            `json:"url"`
	Args         map[string]string `json:"args"`
}

// Kind names the job in River's tables.
func (escalateArgs) Kind() string { return "staff_alert_escalation" }

// escalateWorker raises the escalation when the same hand-off still waits.
type escalateWorker struct {
	river.WorkerDefaults[escalateArgs]
	s *Service
}

// Work re-reads the conversation: taken, handed back or handed off again since, it
// does nothing.
func (w *escalateWorker) Work(ctx context.Context, job *river.Job[escalateArgs]) error {
	s := w.s
	if s.convs == nil {
		return nil
	}
	d, err := s.convs.ConversationDetail(ctx, job.Args.Conversation)
	if err != nil {
		if err == booking.ErrNotFound {
			return nil
		}
		return err
	}
	if d.State != transcript.StateWaiting || d.HandoffAt == nil ||
		job.Args.Conversation+"@"+strconv.FormatInt(d.HandoffAt.UnixMilli(), 10) != job.Args.Subject {
		return nil
	}
	return s.Raise(ctx, Event{Name: EventVisitorWaiting, Subject: job.Args.Subject + ":escalated", URL: job.Args.URL,
		Args: withArg(job.Args.Args, "tag", job.Args.Subject), Escalated: true})
}

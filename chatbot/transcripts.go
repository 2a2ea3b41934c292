package chatbot

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/privacy"
)

// The conversations' transcript is package transcript's (the chat_* tables, the stream
// and its writer); the engine gives it a turn's record and answers for it to staff.

// record gives the conversation its id on its first turn (noted in the session, so staff
// and the inbox know it at once) and returns the turn's transcript record, which the turn
// adds to the transcript's stream in the round trip that saves the session; nil when
// there is nothing to store.
func (e *Engine) record(s *session, msgs []Message, change *stateChange) []byte {
	if !e.transcripts.Kept() || (len(msgs) == 0 && change == nil) {
		return nil
	}
	if s.ConversationID == "" {
		s.ConversationID = transcript.NewUUID()
	}
	collected := s.Collected
	if s.ModeService == s.ServiceSlug {
		collected.Mode = s.Mode // the mode holds for the service it was chosen for
	}
	return transcript.Encode(transcript.Turn{Conversation: s.ConversationID, Session: s.ID, Lang: s.Lang, Step: s.Step,
		Appointment: s.AppointmentID, Started: s.StartedAt, Collected: collected, Change: change, Messages: msgs})
}

// Transcript returns the conversation that booked an appointment (transcript.Store.Transcript).
func (e *Engine) Transcript(ctx context.Context, appointmentID string) (transcript.Transcript, error) {
	return e.transcripts.Transcript(ctx, appointmentID)
}

// Inbox lists conversations, newest activity first.
func (e *Engine) Inbox(ctx context.Context, f transcript.InboxFilter, p booking.Paging) (transcript.InboxPage, error) {
	return e.transcripts.Inbox(ctx, f, p)
}

// ConversationDetail returns one conversation with everything staff need to take it over.
func (e *Engine) ConversationDetail(ctx context.Context, id string) (transcript.Detail, error) {
	return e.transcripts.ConversationDetail(ctx, id)
}

// Questions groups the unanswered questions of the window (1h, 24h or 7d), the largest
// groups first.
func (e *Engine) Questions(ctx context.Context, window string) ([]transcript.QuestionGroup, error) {
	span, ok := map[string]time.Duration{"1h": time.Hour, "24h": 24 * time.Hour, "7d": 7 * 24 * time.Hour}[window]
	if !ok {
		return nil, ErrBadWindow
	}
	return e.transcripts.Questions(ctx, e.now().Add(-span))
}

// Funnel counts the stored conversations by how far they went.
func (e *Engine) Funnel(ctx context.Context) (booking.ChatFunnel, error) {
	return e.transcripts.Funnel(ctx)
}

// LinkAppointment records that staff booked an appointment for the conversation's visitor.
func (e *Engine) LinkAppointment(ctx context.Context, conversationID, appointmentID string) error {
	return e.transcripts.LinkAppointment(ctx, conversationID, appointmentID)
}

// PersonalPart is the chat's share of personal-data requests (privacy): a person's
// conversations exported and erased, their address and number redacted from others'.
func (e *Engine) PersonalPart() privacy.Part { return e.transcripts.PersonalPart() }

// FlushTranscripts waits until every turn added to the transcript's stream so far, by
// any replica, is written to PostgreSQL.
func (e *Engine) FlushTranscripts(ctx context.Context) error { return e.transcripts.Flush(ctx) }

// PurgeTranscripts deletes the transcripts past their retention (transcript.Store.PurgeTranscripts).
func (e *Engine) PurgeTranscripts(ctx context.Context) (int, error) {
	return e.transcripts.PurgeTranscripts(ctx)
}

// RunRetention purges old transcripts now and then every hour until ctx ends.
func (e *Engine) RunRetention(ctx context.Context) { e.transcripts.RunRetention(ctx) }

// Close writes the transcript's stream as far as it can and the operations counters
// gathered, and stops their writers; the engine must not take turns after it.
func (e *Engine) Close(ctx context.Context) error {
	opsErr := e.ops.close(ctx)
	return errors.Join(e.transcripts.Close(ctx), opsErr)
}

// sessions are the engine's sessions as the transcript needs them for a personal-data
// erasure (transcript.Sessions).
type sessions struct{ e *Engine }

// Hold locks a session as a turn does.
func (ss sessions) Hold(ctx context.Context, sessionID string) (func(context.Context), error) {
	if !validSessionID(sessionID) {
		return nil, nil
	}
	lk, _, _, err := ss.e.lockAndLoad(ctx, sessionID, "", false)
	if err != nil {
		return nil, err
	}
	return lk.release, nil
}

// Redact redacts a person's address and number from the messages of sessions
// still in Redis, as the widget shows them. A message is replaced only while the list
// holds it unchanged (redactScript), so a turn appending to the list meanwhile loses
// nothing.
func (ss sessions) Redact(ctx context.Context, sessions []string, p privacy.Person) {
	e := ss.e
	for _, sid := range sessions {
		key := e.messageKey(sid)
		items, err := e.rdb.LRange(ctx, key, 0, -1).Result()
		if err != nil {
			e.log.WarnContext(ctx, "chat: a session naming an erased person not redacted in Redis; it expires on its own", "err", err)
			return
		}
		var pairs []any
		for _, it := range items {
			var m map[string]json.RawMessage
			var text string
			if json.Unmarshal([]byte(it), &m) != nil || json.Unmarshal(m["text"], &text) != nil {
				continue
			}
			red, ok := transcript.Redact(text, p.Emails, p.Phones)
			if !ok {
				continue
			}
			m["text"], _ = json.Marshal(red)
			if b, err := json.Marshal(m); err == nil {
				pairs = append(pairs, it, string(b))
			}
		}
		if len(pairs) == 0 {
			continue
		}
		if err := redactScript.Run(ctx, e.rdb, []string{key}, pairs...).Err(); err != nil {
			e.log.WarnContext(ctx, "chat: a session naming an erased person not redacted in Redis; it expires on its own", "err", err)
		}
	}
}

// redactScript replaces, in the list KEYS[1], each item equal to ARGV[2i-1] with ARGV[2i].
var redactScript = redis.NewScript(`
local items = redis.call('LRANGE', KEYS[1], 0, -1)
for i, v in ipairs(items) do
	for j = 1, #ARGV, 2 do
		if v == ARGV[j] then
			redis.call('LSET', KEYS[1], i - 1, ARGV[j + 1])
			break
		end
	end
end
return 0`)

// Forget removes conversations' sessions from Redis — what the visitor typed and what
// Dota collected live there until they expire — and ends their streams.
func (ss sessions) Forget(ctx context.Context, sessions []string) {
	e := ss.e
	if len(sessions) == 0 {
		return
	}
	keys := make([]string, 0, len(sessions))
	members := make([]any, 0, len(sessions))
	for _, sid := range sessions {
		keys, members = append(keys, e.stateKey(sid), e.messageKey(sid)), append(members, sid)
	}
	pipe := e.rdb.Pipeline()
	pipe.Del(ctx, keys...)
	pipe.ZRem(ctx, e.key("waiting"), members...)
	e.endStreams(ctx, pipe, sessions)
	if _, err := pipe.Exec(ctx); err != nil {
		e.log.WarnContext(ctx, "chat: erased sessions not removed from Redis; they expire on their own", "err", err)
	}
}

package chatbot

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
)

// Answers that reach a visitor who left: when a staff member answers a conversation
// whose visitor has no stream open and gave an e-mail address in it, a chat answer is
// queued in the delivery ledger (booking/chat_answers.go), due after Config.AnswerMailAfter
// (a minute). When it is due, and the visitor has not come back meanwhile, it carries
// every staff message the visitor has not read — several answers in a row make one
// message — with a link that reopens the conversation in the widget (resume.go).
//
// What the visitor read is what their streams delivered: each stream notes in Redis,
// under the session, how many of them are open, when one last was, and the number of the
// last message one delivered (a widget that connects says the last one it has, read
// before on the page); the chat answer notes the last message it carried.

// DefaultAnswerMailAfter is how long a visitor has been away, with a staff answer unread,
// before it is e-mailed.
const DefaultAnswerMailAfter = time.Minute

// Why a chat answer was not sent, as the ledger records it.
const (
	ReasonVisitorBack = "visitor_back"       // the visitor has the conversation open again
	ReasonRead        = "answers_read"       // the visitor read every staff answer meanwhile
	ReasonEnded       = "conversation_ended" // the conversation's session expired or was erased
)

// AnswerMail queues the e-mail of staff answers; *booking.Core implements it.
type AnswerMail interface {
	QueueChatAnswer(ctx context.Context, conversationID, recipient, lang string, due time.Time) (bool, error)
}

// WithAnswerMail e-mails staff answers to visitors who left, through q.
func WithAnswerMail(q AnswerMail) Option { return func(e *Engine) { e.answerMail = q } }

func (e *Engine) seenKey(sessionID string) string { return e.key("seen", sessionID) }

// noteStream records a change of the session's streams: opened (+1), closed (-1) or
// alive (0), with the last message number one delivered, in one round trip.
var noteStream = redis.NewScript(`
if tonumber(ARGV[1]) ~= 0 then redis.call('HINCRBY', KEYS[1], 'open', ARGV[1]) end
redis.call('HSET', KEYS[1], 'at', ARGV[2])
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq') or '0')
if tonumber(ARGV[3]) > seq then redis.call('HSET', KEYS[1], 'seq', ARGV[3]) end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 0`)

func (e *Engine) noteStream(ctx context.Context, sessionID string, delta, seq int) {
	err := noteStream.Run(ctx, e.rdb, []string{e.seenKey(sessionID)}, delta, e.now().UnixMilli(), seq,
		e.cfg.SessionTTL.Milliseconds()).Err()
	if err != nil && ctx.Err() == nil {
		e.log.WarnContext(ctx, "chat streams: noting what the visitor read", "err", err)
	}
}

// streamsSeen is what the session's streams noted.
type streamsSeen struct {
	open   int
	at     time.Time
	seq    int // the last message a stream delivered
	mailed int // the last message a chat answer carried
}

func (e *Engine) seenOf(ctx context.Context, sessionID string) (streamsSeen, error) {
	m, err := e.rdb.HGetAll(ctx, e.seenKey(sessionID)).Result()
	if err != nil {
		return streamsSeen{}, unavailable(err)
	}
	n := func(f string) int { v, _ := strconv.Atoi(m[f]); return v }
	return streamsSeen{open: n("open"), at: time.UnixMilli(int64(n("at"))), seq: n("seq"), mailed: n("mailed")}, nil
}

// present reports whether the visitor has a stream open: one counted open that renewed
// its place within the stream's lease (a replica that died leaves its count behind).
func (s streamsSeen) present(now time.Time) bool { return s.open > 0 && now.Sub(s.at) < streamLease }

// queueAnswerMail queues the e-mail of a staff answer just written, when the visitor has
// no stream open and gave an address; a failure is logged, the answer is written.
func (e *Engine) queueAnswerMail(ctx context.Context, conversationID, sessionID, email, lang string) {
	if e.answerMail == nil || email == "" {
		return
	}
	s, err := e.seenOf(ctx, sessionID)
	if err == nil && s.present(e.now()) {
		return
	}
	if err == nil {
		_, err = e.answerMail.QueueChatAnswer(ctx, conversationID, email, lang, time.Now().Add(e.cfg.AnswerMailAfter))
	}
	if err != nil {
		e.log.WarnContext(ctx, "chat: queueing the e-mail of a staff answer", "conversation", conversationID, "err", err)
	}
}

// WriteAnswerMail writes a due chat answer (booking.ChatAnswerWriter): the staff
// messages the visitor has not read, with the link back to the conversation; skipped when
// the visitor is back, has read them, or the conversation ended, or when its address is
// no longer the conversation's.
func (e *Engine) WriteAnswerMail(ctx context.Context, a booking.ChatAnswer) (mail.Input, func(context.Context), error) {
	skip := func(reason string) (mail.Input, func(context.Context), error) {
		return mail.Input{}, nil, &booking.SkipError{Reason: reason}
	}
	sessionID, err := e.transcripts.SessionOf(ctx, a.ConversationID)
	if err != nil {
		if errors.Is(err, booking.ErrNotFound) {
			return skip(ReasonEnded)
		}
		return mail.Input{}, nil, err
	}
	s, found, err := e.load(ctx, sessionID)
	switch {
	case err != nil:
		return mail.Input{}, nil, err
	case !found:
		return skip(ReasonEnded)
	case booking.NormalizeEmail(s.Collected.Email) != booking.NormalizeEmail(a.Recipient):
		return skip(booking.ReasonRecipientChanged)
	}
	read, err := e.seenOf(ctx, sessionID)
	if err != nil {
		return mail.Input{}, nil, err
	}
	if read.present(e.now()) {
		return skip(ReasonVisitorBack)
	}
	var answers []mail.Answer
	last := 0
	for _, m := range s.Messages {
		n, _ := strconv.Atoi(m.ID)
		if m.Sender == SenderStaff && n > read.seq && n > read.mailed {
			answers, last = append(answers, mail.Answer{Author: m.Author, Text: m.Text}), n
		}
	}
	if len(answers) == 0 {
		return skip(ReasonRead)
	}
	token, err := e.resumeToken(ctx, a.ConversationID, sessionID)
	if err != nil {
		return mail.Input{}, nil, err
	}
	in := mail.Input{Kind: mail.KindChatAnswer, Lang: s.Lang, RecipientName: s.Collected.Name,
		RecipientEmail: a.Recipient, Answers: answers,
		ResumeURL: a.SiteURL + "/?lang=" + url.QueryEscape(s.Lang) + "&chat=" + url.QueryEscape(token)}
	sent := func(ctx context.Context) {
		err := e.rdb.HSet(ctx, e.seenKey(sessionID), "mailed", last).Err()
		if err == nil {
			err = e.rdb.PExpire(ctx, e.seenKey(sessionID), e.cfg.SessionTTL).Err()
		}
		if err != nil {
			e.log.WarnContext(ctx, "chat: noting the answers e-mailed", "err", err)
		}
	}
	return in, sent, nil
}

package chatbot

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
	"github.com/redis/go-redis/v9"
)

// Answers that reach a visitor who left: when a staff member answers a conversation
// whose visitor has no stream open and gave an e-mail address in it, a chat answer is
// queued in the delivery ledger (booking/deliveries.go), due after Config.AnswerMailAfter
// (a minute). When it is due, and the visitor has not come back meanwhile, it carries
// every staff message the visitor has not read — several answers in a row make one
// message — with a link that reopens the conversation in the widget (below).
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

// The link an e-mailed staff answer carries reopens its conversation in the widget
// (GET /api/chat/resume/{token}). Its token names one conversation and when it expires —
// when the conversation's session does, as it stood when the message was written — signed
// with a key every replica shares, kept in Redis beside the sessions (a Redis that loses
// it has lost the sessions too). A token altered or unknown is not found; one whose
// conversation has ended, by its time or because its session is gone, is gone.

// ErrConversationEnded refuses a link to a conversation that has ended.
var ErrConversationEnded = fmt.Errorf("the conversation has ended: %w", endedError{})

type endedError struct{}

func (endedError) Error() string                    { return "gone" }
func (endedError) Is(target error) bool             { return target == booking.ErrGone }
func (endedError) LocalizedMessage(l string) string { return text(l, "chat_resume_gone") }

const (
	resumeIDLen  = 16 // the conversation's UUID
	resumeExpLen = 8  // its expiry, in Unix seconds
	resumeMACLen = 16 // HMAC-SHA-256, truncated
	resumeLen    = resumeIDLen + resumeExpLen + resumeMACLen
)

// resumeKeyMemo holds the signing key once read from Redis.
type resumeKeyMemo struct {
	mu  sync.Mutex
	key []byte
}

// signingKey returns the key that signs the links, made by the first replica that needs it.
func (e *Engine) signingKey(ctx context.Context) ([]byte, error) {
	m := &e.resumeKey
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.key != nil {
		return m.key, nil
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	k := e.key("resume-key")
	if err := e.rdb.SetNX(ctx, k, fresh, 0).Err(); err != nil {
		return nil, unavailable(err)
	}
	key, err := e.rdb.Get(ctx, k).Bytes()
	if err != nil {
		return nil, unavailable(err)
	}
	m.key = key
	return key, nil
}

func resumeMAC(key, payload []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte("dota chat resume\x00"))
	h.Write(payload)
	return h.Sum(nil)[:resumeMACLen]
}

// resumeToken signs a link to the conversation, valid while its session lives.
func (e *Engine) resumeToken(ctx context.Context, conversationID, sessionID string) (string, error) {
	id, err := hex.DecodeString(strings.ReplaceAll(conversationID, "-", ""))
	if err != nil || len(id) != resumeIDLen || !booking.IsUUID(conversationID) {
		return "", booking.ErrNotFound
	}
	ttl, err := e.rdb.PTTL(ctx, e.stateKey(sessionID)).Result()
	if err != nil {
		return "", unavailable(err)
	}
	if ttl < 0 {
		ttl = e.cfg.SessionTTL
	}
	return e.signResume(ctx, id, e.now().Add(ttl))
}

func (e *Engine) signResume(ctx context.Context, id []byte, expires time.Time) (string, error) {
	key, err := e.signingKey(ctx)
	if err != nil {
		return "", err
	}
	b := make([]byte, 0, resumeLen)
	b = append(b, id...)
	b = binary.BigEndian.AppendUint64(b, uint64(expires.Unix()))
	b = append(b, resumeMAC(key, b)...)
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Resume opens the conversation a link names, as Conversation reads it (its session id
// included, for the widget to go on in it): booking.ErrNotFound for a token altered or
// not Dota's, ErrConversationEnded once the conversation has ended.
func (e *Engine) Resume(ctx context.Context, token string) (Reply, error) {
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) != resumeLen {
		return Reply{}, booking.ErrNotFound
	}
	key, err := e.signingKey(ctx)
	if err != nil {
		return Reply{}, err
	}
	payload := b[:resumeIDLen+resumeExpLen]
	if !hmac.Equal(resumeMAC(key, payload), b[resumeIDLen+resumeExpLen:]) {
		return Reply{}, booking.ErrNotFound
	}
	h := hex.EncodeToString(b[:resumeIDLen])
	id := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	expires := time.Unix(int64(binary.BigEndian.Uint64(payload[resumeIDLen:])), 0)
	if !e.now().Before(expires) || !e.transcripts.Kept() {
		return Reply{}, ErrConversationEnded
	}
	sessionID, err := e.transcripts.SessionOf(ctx, id)
	if errors.Is(err, booking.ErrNotFound) {
		return Reply{}, ErrConversationEnded // erased
	}
	if err != nil {
		return Reply{}, err
	}
	r, err := e.Conversation(ctx, sessionID)
	if errors.Is(err, booking.ErrNotFound) {
		return Reply{}, ErrConversationEnded
	}
	return r, err
}

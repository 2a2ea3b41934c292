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
	"strings"
	"sync"
	"time"

	"github.com/dota-agency/dota/booking"
)

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

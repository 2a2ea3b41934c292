package alerts

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/dota-agency/dota/httpx"
)

// Pusher sends one Web Push message: encrypted for the subscription (RFC 8291,
// aes128gcm) and signed with the server's VAPID key (RFC 8292), to its push service
// (RFC 8030). *WebPush is the real one.
type Pusher interface {
	// PublicKey is the VAPID public key browsers subscribe with (base64url).
	PublicKey() string
	// AllowsHTTP reports whether endpoints may be plain http (a local stand-in).
	AllowsHTTP() bool
	// Send posts the payload and returns the push service's status code.
	Send(ctx context.Context, to PushTarget, payload []byte, topic string) (int, error)
}

// PushTarget is where one push goes: a subscription's endpoint and keys.
type PushTarget struct {
	Endpoint string
	P256dh   string
	Auth     string
}

// WebPush is the Pusher over github.com/SherClockHolmes/webpush-go.
type WebPush struct {
	public, private string
	subscriber      string
	client          *http.Client
	allowHTTP       bool
}

// PushTTL is how long a push service keeps a message for a browser that is offline: an
// alert older than a day has lost its point.
const PushTTL = 24 * time.Hour

// WebPushOption tunes a WebPush.
type WebPushOption func(*WebPush)

// WithHTTPClient replaces the HTTP client (a test's, or one with a proxy).
func WithHTTPClient(c *http.Client) WebPushOption { return func(w *WebPush) { w.client = c } }

// AllowHTTPEndpoints accepts http:// endpoints, for a push service on this machine in tests.
func AllowHTTPEndpoints() WebPushOption { return func(w *WebPush) { w.allowHTTP = true } }

// NewWebPush checks the VAPID key pair (base64url, as `dota vapid` prints them: the
// public key an uncompressed P-256 point, the private key its 32-byte scalar) and returns
// the pusher. subscriber is the contact the push services may write to (a mailto: or
// https: URL, or an e-mail address).
func NewWebPush(publicKey, privateKey, subscriber string, opts ...WebPushOption) (*WebPush, error) {
	priv, err := decodeKey(privateKey)
	if err != nil {
		return nil, fmt.Errorf("VAPID private key: %w", err)
	}
	k, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("VAPID private key: %w", err)
	}
	pub, err := decodeKey(publicKey)
	if err != nil {
		return nil, fmt.Errorf("VAPID public key: %w", err)
	}
	if !bytes.Equal(k.PublicKey().Bytes(), pub) {
		return nil, errors.New("the VAPID public key is not the private key's (generate a pair with dota vapid)")
	}
	if subscriber == "" {
		subscriber = "mailto:alerts@localhost"
	}
	w := &WebPush{public: publicKey, private: privateKey, subscriber: subscriber}
	for _, o := range opts {
		o(w)
	}
	if w.client == nil {
		w.client = &http.Client{Timeout: 30 * time.Second, Transport: pushTransport(w.allowHTTP)}
	}
	return w, nil
}

// pushTransport dials push services only on public addresses — a subscription's endpoint
// is what a signed-in browser submits, and must not reach this machine or its network —
// unless local ones are allowed (a stand-in on this machine, in tests).
func pushTransport(allowLocal bool) http.RoundTripper { return httpx.OutboundTransport(allowLocal) }

// GenerateVAPIDKeys makes a new VAPID key pair, base64url without padding.
func GenerateVAPIDKeys() (publicKey, privateKey string, err error) {
	privateKey, publicKey, err = webpush.GenerateVAPIDKeys()
	return publicKey, privateKey, err
}

// PublicKey is the VAPID public key.
func (w *WebPush) PublicKey() string { return w.public }

// AllowsHTTP reports whether http:// endpoints are accepted.
func (w *WebPush) AllowsHTTP() bool { return w.allowHTTP }

// Send encrypts and posts the payload; topic lets the push service replace a message not
// yet delivered by a later one of the same topic.
func (w *WebPush) Send(ctx context.Context, to PushTarget, payload []byte, topic string) (int, error) {
	res, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{
		Endpoint: to.Endpoint, Keys: webpush.Keys{P256dh: to.P256dh, Auth: to.Auth},
	}, &webpush.Options{
		HTTPClient: w.client, Subscriber: w.subscriber, Topic: topic, TTL: int(PushTTL.Seconds()),
		Urgency: webpush.UrgencyHigh, VAPIDPublicKey: w.public, VAPIDPrivateKey: w.private,
	})
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	return res.StatusCode, nil
}

func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(strings.TrimSpace(s), "="))
}

package alerts_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// pushService is a local stand-in for a browser's push service (RFC 8030): it holds
// the subscription's keys as a browser would, decrypts what it receives (RFC 8291,
// aes128gcm) and checks the VAPID signature (RFC 8292) against the server's public key.
type pushService struct {
	t         *testing.T
	srv       *httptest.Server
	vapidKey  string // the application server's public key, base64url
	mu        sync.Mutex
	subs      map[string]*browserKeys // by path
	status    map[string]int          // the answer per path; 201 when none
	received  chan pushed
	rejection chan error
}

// browserKeys are one subscription's keys, held by the "browser".
type browserKeys struct {
	priv *ecdh.PrivateKey
	auth []byte
}

// pushed is one message the stand-in received and decrypted.
type pushed struct {
	Path    string
	Payload map[string]string
	Topic   string
	Urgency string
}

func newPushService(t *testing.T, vapidPublicKey string) *pushService {
	p := &pushService{t: t, vapidKey: vapidPublicKey, subs: map[string]*browserKeys{}, status: map[string]int{},
		received: make(chan pushed, 32), rejection: make(chan error, 32)}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.srv.Close)
	return p
}

// subscribe makes a new subscription at path, as PushSubscription.toJSON() gives it.
func (p *pushService) subscribe(path string) map[string]any {
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		p.t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	p.mu.Lock()
	p.subs[path] = &browserKeys{priv: priv, auth: auth}
	p.mu.Unlock()
	return map[string]any{"endpoint": p.srv.URL + path, "expirationTime": nil, "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(auth),
	}}
}

// answer makes the stand-in answer status at path (404 or 410: the subscription is gone).
func (p *pushService) answer(path string, status int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.status[path] = status
}

func (p *pushService) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	keys, status := p.subs[r.URL.Path], p.status[r.URL.Path]
	p.mu.Unlock()
	if status != 0 {
		w.WriteHeader(status)
		return
	}
	if keys == nil {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	err := p.checkVAPID(r.Header.Get("Authorization"))
	var payload map[string]string
	if err == nil {
		var plain []byte
		if r.Header.Get("Content-Encoding") != "aes128gcm" {
			err = fmt.Errorf("Content-Encoding %q", r.Header.Get("Content-Encoding"))
		} else if plain, err = decrypt(keys, body); err == nil {
			err = json.Unmarshal(plain, &payload)
		}
	}
	if err != nil {
		p.rejection <- err
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if r.Header.Get("TTL") == "" {
		p.rejection <- errors.New("no TTL header")
	}
	p.received <- pushed{Path: r.URL.Path, Payload: payload, Topic: r.Header.Get("Topic"), Urgency: r.Header.Get("Urgency")}
	w.WriteHeader(http.StatusCreated)
}

// next waits up to within for the next message, failing on a rejected one.
func (p *pushService) next(within time.Duration) pushed {
	p.t.Helper()
	select {
	case m := <-p.received:
		return m
	case err := <-p.rejection:
		p.t.Fatalf("the push service refused a message: %v", err)
	case <-time.After(within):
		p.t.Fatalf("no push within %s", within)
	}
	return pushed{}
}

// none checks that no message arrives for d.
func (p *pushService) none(d time.Duration) {
	p.t.Helper()
	select {
	case m := <-p.received:
		p.t.Fatalf("an unexpected push to %s: %v", m.Path, m.Payload)
	case err := <-p.rejection:
		p.t.Fatalf("the push service refused a message: %v", err)
	case <-time.After(d):
	}
}

// checkVAPID verifies "vapid t=<JWT>, k=<key>" (RFC 8292): k is the server's key, the
// JWT is ES256 over that key, its aud the endpoint's origin, its exp in the next day,
// its sub a contact.
func (p *pushService) checkVAPID(h string) error {
	rest, ok := strings.CutPrefix(h, "vapid ")
	if !ok {
		return fmt.Errorf("Authorization %q is not vapid", h)
	}
	var token, key string
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			token = v
		case "k":
			key = v
		}
	}
	if key != p.vapidKey {
		return fmt.Errorf("k=%s is not the server's key", key)
	}
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil {
		return err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return err
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return fmt.Errorf("the JWT has %d parts", len(parts))
	}
	var header struct{ Alg, Typ string }
	if err := decodeSegment(parts[0], &header); err != nil || header.Alg != "ES256" {
		return fmt.Errorf("JWT header %+v: %v", header, err)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return fmt.Errorf("JWT signature: %d bytes, %v", len(sig), err)
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("the JWT's signature does not verify with the VAPID public key")
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := decodeSegment(parts[1], &claims); err != nil {
		return err
	}
	if claims.Aud != p.srv.URL {
		return fmt.Errorf("aud %q is not the endpoint's origin %q", claims.Aud, p.srv.URL)
	}
	if exp := time.Unix(claims.Exp, 0); exp.Before(time.Now()) || exp.After(time.Now().Add(24*time.Hour)) {
		return fmt.Errorf("exp %s is not within the next 24 h", exp)
	}
	if !strings.HasPrefix(claims.Sub, "mailto:") && !strings.HasPrefix(claims.Sub, "https:") {
		return fmt.Errorf("sub %q is no contact", claims.Sub)
	}
	return nil
}

func decodeSegment(s string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// decrypt opens an aes128gcm body (RFC 8188) encrypted for the browser's keys (RFC 8291).
func decrypt(k *browserKeys, body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body too short")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		return nil, fmt.Errorf("keyid of %d bytes", idlen)
	}
	asPublic, ciphertext := body[21:21+idlen], body[21+idlen:]
	if uint32(len(ciphertext)) > rs {
		return nil, fmt.Errorf("a record of %d bytes, over rs=%d (one record expected)", len(ciphertext), rs)
	}
	peer, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, err
	}
	secret, err := k.priv.ECDH(peer)
	if err != nil {
		return nil, err
	}
	keyInfo := append(append([]byte("WebPush: info\x00"), k.priv.PublicKey().Bytes()...), asPublic...)
	ikm := expand(extract(k.auth, secret), keyInfo, 32)
	prk := extract(salt, ikm)
	cek := expand(prk, []byte("Content-Encoding: aes128gcm\x00"), 16)
	nonce := expand(prk, []byte("Content-Encoding: nonce\x00"), 12)
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypting: %w", err)
	}
	// The last record ends with the delimiter 0x02, then zero padding.
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:len(plain)-1], nil
}

// extract and expand are HKDF-SHA-256 (RFC 5869), expand for one block.
func extract(salt, ikm []byte) []byte {
	m := hmac.New(sha256.New, salt)
	m.Write(ikm)
	return m.Sum(nil)
}

func expand(prk, info []byte, n int) []byte {
	m := hmac.New(sha256.New, prk)
	m.Write(info)
	m.Write([]byte{1})
	return m.Sum(nil)[:n]
}

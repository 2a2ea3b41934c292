package mail

import (
	"context"
	"errors"
	"fmt"
	"net/textproto"

	gomail "github.com/wneessen/go-mail"
)

// DeliveryError is a failed delivery. Permanent failures (a 5xx answer: unknown
// recipient, rejected content; or a message that cannot be written) will fail again and
// must not be retried; every other failure (network, TLS, a 4xx answer, a cancelled
// context) is temporary.
type DeliveryError struct {
	Permanent bool
	Code      int // the SMTP reply code, 0 when the server gave none
	Err       error
}

func (e *DeliveryError) Error() string {
	kind := "temporary"
	if e.Permanent {
		kind = "permanent"
	}
	if e.Code != 0 {
		return fmt.Sprintf("mail: %s failure (%d): %v", kind, e.Code, e.Err)
	}
	return fmt.Sprintf("mail: %s failure: %v", kind, e.Err)
}

// Unwrap returns the underlying error.
func (e *DeliveryError) Unwrap() error { return e.Err }

// IsPermanent reports whether err is a delivery failure that retrying cannot fix.
func IsPermanent(err error) bool {
	var de *DeliveryError
	return errors.As(err, &de) && de.Permanent
}

// IsTemporary reports whether err is a delivery failure worth retrying later.
func IsTemporary(err error) bool {
	var de *DeliveryError
	return errors.As(err, &de) && !de.Permanent
}

// classify reads the SMTP reply code out of a go-mail error: 5xx is permanent, anything
// else (4xx, no code at all: network, TLS, context) is temporary.
func classify(err error) *DeliveryError {
	code := 0
	var se *gomail.SendError
	var te *textproto.Error
	switch {
	case errors.As(err, &se):
		code = se.ErrorCode()
	case errors.As(err, &te):
		code = te.Code
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &DeliveryError{Code: code, Err: err}
	}
	return &DeliveryError{Permanent: code >= 500 && code < 600, Code: code, Err: err}
}

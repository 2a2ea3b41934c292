package api

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
)

// FuzzDecodeJSON feeds arbitrary bodies to the decoder every handler uses: each is
// decoded, or refused as a validation error naming a field, or as too_large — never
// another error, which would become a 500.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{`{"name":"Amel","phone":"0555123456"}`, `{`, `[]`, `{"name":1}`, `{"a":1}{"b":2}`,
		"\xff\xfe", `{"name":"\u0000"}`, `{"props":{"a":[1,{"b":null}]}}`, `null`, ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(w)
		c.Request = httptest.NewRequest(http.MethodPost, "/api/appointments", bytes.NewReader(data))
		c.Request.Body = http.MaxBytesReader(w, c.Request.Body, 512)
		var req booking.Request
		err := decodeJSON(c, &req)
		if err == nil {
			return
		}
		var apiErr *Error
		if !errors.As(err, &apiErr) {
			t.Fatalf("%q: %v is not an HTTP error", data, err)
		}
		switch {
		case apiErr.Status == http.StatusRequestEntityTooLarge && apiErr.Code == "too_large":
		case apiErr.Status == http.StatusBadRequest && apiErr.Code == "validation" && len(apiErr.Fields) > 0:
		default:
			t.Fatalf("%q: %d %s", data, apiErr.Status, apiErr.Code)
		}
		for field, msg := range apiErr.Fields {
			if field == "" || msg == "" {
				t.Fatalf("%q: empty field or message in %v", data, apiErr.Fields)
			}
		}
	})
}

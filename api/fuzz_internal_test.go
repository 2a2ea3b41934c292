package api

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
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
		c.Request.Header.Set("Content-Type", "application/json")
		c.Request.Body = http.MaxBytesReader(w, c.Request.Body, 512)
		var req booking.Request
		err := decodeJSON(c, &req)
		if err == nil {
			for _, s := range []string{req.Name, req.Email, req.Phone, req.Company, req.Sector, req.Service, req.Date,
				req.Time, req.Message, req.ClientID} {
				if strings.ContainsRune(s, 0) {
					t.Fatalf("%q: decoded a NUL byte into %+v", data, req)
				}
			}
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

// TestDecodeJSONRefusesNUL checks that a NUL byte anywhere in a JSON body is refused as
// invalid text naming its field, before it can reach PostgreSQL as a 500.
func TestDecodeJSONRefusesNUL(t *testing.T) {
	type inner struct {
		Note string `json:"note"`
	}
	type body struct {
		Name   string         `json:"name"`
		Client *inner         `json:"client"`
		Tags   []string       `json:"tags"`
		Props  map[string]any `json:"props"`
		Plain  string
		Skip   string            `json:"-"`
		Labels map[string]string `json:"labels"`
	}
	for raw, field := range map[string]string{
		`{"name":"a\u0000b"}`:              "name",
		`{"client":{"note":"\u0000"}}`:     "client.note",
		`{"tags":["ok","x\u0000"]}`:        "tags",
		`{"props":{"a":[1,"\u0000"]}}`:     "props",
		`{"labels":{"k\u0000":"v"}}`:       "labels",
		`{"Plain":"\u0000"}`:               "Plain",
		`{"name":"Amel","tags":["a","b"]}`: "",
		`{"name":"a\\u0000"}`:              "",
	} {
		w := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(w)
		c.Request = httptest.NewRequest(http.MethodPost, "/", strings.NewReader(raw))
		c.Request.Header.Set("Content-Type", "application/json")
		var b body
		err := decodeJSON(c, &b)
		var apiErr *Error
		switch {
		case field == "" && err != nil:
			t.Errorf("%s: %v", raw, err)
		case field != "" && (!errors.As(err, &apiErr) || apiErr.Status != http.StatusBadRequest || apiErr.Fields[field] == ""):
			t.Errorf("%s: %v, want a validation error on %s", raw, err, field)
		}
	}
}

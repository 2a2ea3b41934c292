package api

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"reflect"
	"strings"

	"github.com/gin-gonic/gin"
)

// decodeJSON reads the request body into v. Every JSON route reads its body here, so
// this is where a body that is not declared as JSON is refused: a browser sends a
// cross-site form or a text/plain body without asking the site first (no CORS
// preflight), never an application/json one, so the check stops a forged cross-site
// request (a login CSRF) before it does anything. Malformed JSON and wrong value types
// are validation errors naming the field; an oversized body is too_large; a body that
// arrives too slowly is cut (bodyDeadline).
func decodeJSON(c *gin.Context, v any) error {
	if !isJSON(c.GetHeader("Content-Type")) {
		return errValidation("not_json", map[string]string{"body": text(langOf(c), "not_json")})
	}
	dec := json.NewDecoder(c.Request.Body)
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("trailing data")
	}
	var (
		maxErr  *http.MaxBytesError
		typeErr *json.UnmarshalTypeError
		netErr  net.Error
	)
	switch {
	case err == nil:
		if field := nulField(reflect.ValueOf(v), ""); field != "" {
			// PostgreSQL cannot store a NUL byte, and no field has a use for one.
			return errValidation("text_invalid", map[string]string{field: text(langOf(c), "text_invalid")})
		}
		return nil
	case errors.As(err, &maxErr):
		return errTooLarge
	case errors.As(err, &netErr) && netErr.Timeout():
		return errValidation("body_timeout", map[string]string{"body": text(langOf(c), "body_timeout")})
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return errValidation("bad_type", map[string]string{field: text(langOf(c), "bad_type")})
	case errors.Is(err, io.EOF):
		return errValidation("bad_json", map[string]string{"body": text(langOf(c), "bad_json")})
	default:
		if strings.Contains(err.Error(), "request body too large") {
			return errTooLarge
		}
		return errValidation("bad_json", map[string]string{"body": text(langOf(c), "bad_json")})
	}
}

// isJSON reports whether a Content-Type names JSON: application/json, with any
// parameters (charset=utf-8).
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// nulField returns the JSON name of the first string in v holding a NUL byte, or "".
func nulField(v reflect.Value, name string) string {
	switch v.Kind() {
	case reflect.String:
		if strings.ContainsRune(v.String(), 0) {
			return or(name, "body")
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return nulField(v.Elem(), name)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if tag == "-" {
				continue
			}
			if tag == "" {
				tag = f.Name
			}
			if f.Anonymous && f.Tag.Get("json") == "" {
				tag = name
			} else if name != "" {
				tag = name + "." + tag
			}
			if got := nulField(v.Field(i), tag); got != "" {
				return got
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if got := nulField(v.Index(i), name); got != "" {
				return got
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if got := nulField(iter.Key(), name); got != "" {
				return got
			}
			if got := nulField(iter.Value(), name); got != "" {
				return got
			}
		}
	}
	return ""
}

func or(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

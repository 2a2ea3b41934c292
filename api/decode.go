package api

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// decodeJSON reads the request body into v. Malformed JSON and wrong value types are
// validation errors naming the field; an oversized body is too_large.
func decodeJSON(c *gin.Context, v any) error {
	dec := json.NewDecoder(c.Request.Body)
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("trailing data")
	}
	var (
		maxErr  *http.MaxBytesError
		typeErr *json.UnmarshalTypeError
	)
	switch {
	case err == nil:
		return nil
	case errors.As(err, &maxErr):
		return errTooLarge
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

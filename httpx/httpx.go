// Package httpx holds the few HTTP helpers the JSON API (package api) and the page server
// (package pages) share: the contract's error envelope, the request's language, and the
// site's public origin. It imports nothing of Dota's.
package httpx

import (
	"strconv"

	"github.com/gin-gonic/gin"
)

// envelope is the contract's answer to a failed request: {"error": {"code", "message", …}}.
type envelope struct {
	Error any `json:"error"`
}

// WriteError answers c with status and the error envelope around body, the error object
// ({"code", "message", …}, its members the caller's), and stops the handlers after c's.
// A positive retryAfter, in seconds, also goes in a Retry-After header.
func WriteError(c *gin.Context, status int, body any, retryAfter int) {
	if retryAfter > 0 {
		c.Header("Retry-After", strconv.Itoa(retryAfter))
	}
	c.AbortWithStatusJSON(status, envelope{Error: body})
}

// langKey holds the request's language in its context.
const langKey = "lang"

// SetLang records the language the request is answered in.
func SetLang(c *gin.Context, lang string) { c.Set(langKey, lang) }

// Lang is the language recorded for the request (SetLang), or "" when none was.
func Lang(c *gin.Context) string { return c.GetString(langKey) }

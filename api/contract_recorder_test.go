package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/gin-gonic/gin"
)

// contractChecked wraps a test server's handler: every answer to a request for an
// operation of the document is checked against it (its status is documented, its
// content type is one the status documents, and a JSON body matches the schema) before
// the client receives it. A mismatch fails t, the test that built the server.
func contractChecked(t *testing.T, h http.Handler) http.Handler {
	t.Helper()
	return &contractHandler{next: h, t: t, c: contract(t)}
}

// contractHandler is a handler under the contract's check.
type contractHandler struct {
	next http.Handler
	t    *testing.T
	c    *contractDoc
}

func (h *contractHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route, params, err := h.c.router.FindRoute(r)
	if err != nil || r.Method == http.MethodHead {
		h.next.ServeHTTP(w, r) // not an operation of the document
		return
	}
	rec := &contractWriter{ResponseWriter: w, t: h.t, doc: h.c, req: r, route: route, params: params}
	h.next.ServeHTTP(rec, r)
	rec.finish()
}

// engineOf is the router behind a test server's handler.
func engineOf(h http.Handler) *gin.Engine {
	if c, ok := h.(*contractHandler); ok {
		h = c.next
	}
	return h.(*gin.Engine)
}

// contractWriter holds back a JSON answer until the handler is done, to check it whole;
// any other answer (an event stream, a CSV file, no body) is checked when its header is
// written and then passes through as it is written.
type contractWriter struct {
	http.ResponseWriter
	t       *testing.T
	doc     *contractDoc
	req     *http.Request
	route   *routers.Route
	params  map[string]string
	status  int
	held    bool // a JSON answer, in buf until finish
	buf     bytes.Buffer
	decided bool
}

func (w *contractWriter) WriteHeader(status int) {
	if w.decided {
		return
	}
	w.decided, w.status = true, status
	if isJSON(w.Header().Get("Content-Type")) {
		w.held = true
		return
	}
	w.check(nil)
	w.ResponseWriter.WriteHeader(status)
}

func (w *contractWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	if w.held {
		return w.buf.Write(p)
	}
	return w.ResponseWriter.Write(p)
}

// Flush passes through unless the answer is held.
func (w *contractWriter) Flush() {
	if w.held {
		return
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (the body deadline).
func (w *contractWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish checks and sends a held answer; one never written is a 200 without a body.
func (w *contractWriter) finish() {
	if !w.decided {
		w.WriteHeader(http.StatusOK)
	}
	if !w.held {
		return
	}
	w.check(w.buf.Bytes())
	w.ResponseWriter.WriteHeader(w.status)
	_, _ = w.ResponseWriter.Write(w.buf.Bytes())
}

// check reports how the answer departs from the document, if it does.
func (w *contractWriter) check(body []byte) {
	if err := w.mismatch(body); err != nil {
		reportMismatch(w.t, fmt.Sprintf("contract: %s %s → %d: %v", w.req.Method, w.req.URL.Path, w.status, err))
	}
}

func (w *contractWriter) mismatch(body []byte) error {
	if w.held && w.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		if body, err = io.ReadAll(zr); err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
	}
	responses := w.route.Operation.Responses
	doc := responses.Status(w.status)
	if doc == nil {
		doc = responses.Default()
	}
	ct := w.Header().Get("Content-Type")
	if doc == nil || doc.Value == nil {
		return w.commonError(ct, body)
	}
	if ct == "" {
		if len(doc.Value.Content) > 0 {
			return fmt.Errorf("no body, where status %d of %s %s has one", w.status, w.req.Method, w.route.Path)
		}
		return nil
	}
	if doc.Value.Content.Get(ct) == nil {
		return fmt.Errorf("content type %q is not documented for status %d of %s %s", ct, w.status,
			w.req.Method, w.route.Path)
	}
	if !w.held {
		return nil // streamed: only its type is checked
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: w.req, PathParams: w.params, Route: w.route},
		Status:                 w.status,
		Header:                 w.Header(),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		return err
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("body: %w", err)
	}
	if extra := undocumentedMembers(doc.Value.Content.Get(ct).Schema, v, "$"); len(extra) > 0 {
		return fmt.Errorf("members the schema does not name: %s", strings.Join(extra, ", "))
	}
	return nil
}

// commonErrors are the errors the document's introduction allows any route to answer
// without listing them: a failure of the server or of PostgreSQL and Redis, a body too
// large or not JSON, a path or query parameter that is not UTF-8 or holds a NUL, and the
// console's session, CSRF and policy checks.
var commonErrors = []struct {
	status  int
	code    string
	applies func(r *http.Request, op *openapi3.Operation) bool
}{
	{http.StatusInternalServerError, "internal", anyRoute},
	{http.StatusServiceUnavailable, "unavailable", anyRoute},
	{http.StatusRequestEntityTooLarge, "too_large", anyRoute},
	{http.StatusBadRequest, "validation", func(r *http.Request, op *openapi3.Operation) bool {
		return op.RequestBody != nil || !cleanQuery(r)
	}},
	{http.StatusNotFound, "not_found", func(r *http.Request, _ *openapi3.Operation) bool { return !cleanText(r.URL.Path) }},
	{http.StatusUnauthorized, "unauthenticated", consoleRoute},
	{http.StatusForbidden, "forbidden", consoleRoute},
	{http.StatusForbidden, "csrf", func(r *http.Request, op *openapi3.Operation) bool {
		return consoleRoute(r, op) && r.Method != http.MethodGet
	}},
}

func anyRoute(*http.Request, *openapi3.Operation) bool { return true }

// consoleRoute is an /api/admin route behind the session (every one but the sign-in).
func consoleRoute(r *http.Request, _ *openapi3.Operation) bool {
	return strings.HasPrefix(r.URL.Path, "/api/admin/") && r.URL.Path != "/api/admin/login"
}

func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

func cleanQuery(r *http.Request) bool {
	for k, vs := range r.URL.Query() {
		for _, v := range append(vs, k) {
			if !cleanText(v) {
				return false
			}
		}
	}
	return true
}

// commonError accepts an answer whose status the operation does not list when it is one
// of commonErrors: the error envelope with the code the status goes with.
func (w *contractWriter) commonError(ct string, body []byte) error {
	undocumented := fmt.Errorf("status %d is not documented for %s %s", w.status, w.req.Method, w.route.Path)
	if !w.held || !isJSON(ct) {
		return undocumented
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("body: %w", err)
	}
	envelope := w.doc.doc.Components.Schemas["ErrorEnvelope"]
	if err := envelope.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		return fmt.Errorf("status %d: not the error envelope: %w", w.status, err)
	}
	if extra := undocumentedMembers(envelope, v, "$"); len(extra) > 0 {
		return fmt.Errorf("members the error envelope does not name: %s", strings.Join(extra, ", "))
	}
	code, _ := v.(map[string]any)["error"].(map[string]any)["code"].(string)
	for _, e := range commonErrors {
		if e.status == w.status && e.code == code && e.applies(w.req, w.route.Operation) {
			return nil
		}
	}
	return fmt.Errorf("status %d (%s) is not documented for %s %s", w.status, code, w.req.Method, w.route.Path)
}

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}

// lateMismatches are mismatches found after the test that built the server had ended
// (a request still in flight then); TestMain fails the run with them.
var (
	lateMu         sync.Mutex
	lateMismatches []string
)

// reportMismatch fails t, or records msg for TestMain when t has already ended.
func reportMismatch(t *testing.T, msg string) {
	defer func() {
		if recover() != nil {
			lateMu.Lock()
			lateMismatches = append(lateMismatches, msg)
			lateMu.Unlock()
		}
	}()
	t.Error(msg)
}

// checkLateMismatches prints the late mismatches and reports whether there were none.
func checkLateMismatches() bool {
	lateMu.Lock()
	defer lateMu.Unlock()
	for _, m := range lateMismatches {
		fmt.Fprintln(os.Stderr, m)
	}
	return len(lateMismatches) == 0
}

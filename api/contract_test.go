package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/migrations/testdb"
)

// The contract, api/openapi.yaml, is checked three ways: it is a valid OpenAPI document,
// its paths are the /api routes the router registers, and every answer the package's
// tests receive from a documented route is the one the document describes
// (contractChecked, in contract_recorder_test.go).

// contractFile is the document, relative to this package.
const contractFile = "openapi.yaml"

// contractDoc is the loaded document and a router to its operations.
type contractDoc struct {
	doc    *openapi3.T
	router routers.Router
	err    error
}

// loadContract loads and validates the document once for the whole package.
var loadContract = sync.OnceValue(func() *contractDoc {
	ctx := context.Background()
	loader := openapi3.NewLoader()
	loader.Context = ctx
	doc, err := loader.LoadFromFile(contractFile)
	if err != nil {
		return &contractDoc{err: fmt.Errorf("load %s: %w", contractFile, err)}
	}
	if err := doc.Validate(ctx, openapi3.EnableMultiError()); err != nil {
		return &contractDoc{err: fmt.Errorf("validate %s: %w", contractFile, err)}
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return &contractDoc{err: fmt.Errorf("route %s: %w", contractFile, err)}
	}
	return &contractDoc{doc: doc, router: router}
})

// contract is the loaded document; the test stops when it does not load or validate.
func contract(t testing.TB) *contractDoc {
	t.Helper()
	c := loadContract()
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c
}

func TestContractDocument(t *testing.T) {
	c := contract(t)
	if !c.doc.IsOpenAPI31OrLater() {
		t.Errorf("%s is OpenAPI %s; the checks expect 3.1 (type arrays, JSON Schema 2020-12)", contractFile, c.doc.OpenAPI)
	}
}

// ginParam matches a gin path parameter, :name or *name.
var ginParam = regexp.MustCompile(`[:*]([A-Za-z0-9_]+)`)

// TestContractRoutes holds the document's paths to the router's: every /api route gin
// registers is an operation of the document, and every operation is a registered route.
func TestContractRoutes(t *testing.T) {
	c := contract(t)
	engine, ok := fullRouter(t).(*gin.Engine)
	if !ok {
		t.Fatal("api.New does not return a *gin.Engine")
	}
	registered := map[string]bool{}
	for _, r := range engine.Routes() {
		if !strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		registered[r.Method+" "+ginParam.ReplaceAllString(r.Path, "{$1}")] = true
	}
	documented := map[string]bool{}
	for path, item := range c.doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	for _, route := range sortedKeys(registered) {
		if !documented[route] {
			t.Errorf("%s is registered but not in %s", route, contractFile)
		}
	}
	for _, route := range sortedKeys(documented) {
		if !registered[route] {
			t.Errorf("%s is in %s but not registered", route, contractFile)
		}
	}
}

// fullRouter is the router with every optional part wired (the chat and the console), so
// that it registers every route.
func fullRouter(t *testing.T) http.Handler {
	t.Helper()
	r, prefix := testdb.Redis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := booking.New(pool)
	cons := console.New(core, pool, r, prefix, console.Config{}, log)
	events := api.NewEvents(cons, log)
	t.Cleanup(events.Close)
	dota := closedAtEnd(t, chatbot.New(core, pool, r, chatbot.Config{RedisPrefix: prefix}, chatbot.WithLogger(log)))
	staffAlerts := alerts.New(pool, alerts.Config{Log: log})
	staffAlerts.Bind(core, cons, dota)
	return api.New(api.Deps{Booking: core, Chat: dota, DB: pool, Redis: r, Web: webApp, Logger: log,
		Console: cons, Events: events, RedisPrefix: prefix, Alerts: staffAlerts})
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

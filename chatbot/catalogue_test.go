package chatbot

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/migrations/testdb"
)

// flakyCatalogue is the catalogue with a database that may stop answering.
type flakyCatalogue struct {
	*catalogue.Store
	down *atomic.Bool
}

func (f flakyCatalogue) Services(ctx context.Context, o catalogue.ServiceOrder, lang string, limit int) ([]catalogue.Service, error) {
	if f.down.Load() {
		return nil, errors.New("connection refused")
	}
	return f.Store.Services(ctx, o, lang, limit)
}

func TestCatalogueServesStaleCopyWhenPostgresFails(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	now := sundayMorning
	var down atomic.Bool
	core, cat := booking.New(pool), flakyCatalogue{catalogue.New(pool), &down}
	e := New(core, nil, rdb, Config{RedisPrefix: prefix}, WithClock(func() time.Time { return now }), WithLogger(quiet),
		WithCatalogue(cat))
	ctx := context.Background()

	if got := len(e.catalogue(ctx).Services); got != 7 {
		t.Fatalf("fresh: %d services", got)
	}
	hits := testutil.ToFloat64(cacheLookups.WithLabelValues("catalogue", "hit"))
	now = now.Add(5 * time.Minute)
	down.Store(true)
	if got := len(e.catalogue(ctx).Services); got != 7 || testutil.ToFloat64(cacheLookups.WithLabelValues("catalogue", "hit")) != hits+1 {
		t.Fatalf("within the TTL: %d services", got)
	}
	stale := testutil.ToFloat64(cacheLookups.WithLabelValues("catalogue", "stale"))
	now = now.Add(DefaultCatalogueTTL)
	if got := len(e.catalogue(ctx).Services); got != 7 || testutil.ToFloat64(cacheLookups.WithLabelValues("catalogue", "stale")) != stale+1 {
		t.Fatalf("stale: %d services", got)
	}

	// With no copy at all, Dota falls back to the specification's list of services.
	rdb2, prefix2 := testdb.Redis(t)
	e2 := New(core, nil, rdb2, Config{RedisPrefix: prefix2}, WithClock(func() time.Time { return now }), WithLogger(quiet),
		WithCatalogue(cat))
	if got := e2.catalogue(ctx); len(got.Services) != len(fallbackServices) {
		t.Fatalf("no copy: %d services", len(got.Services))
	}
	c := start(t, e2, "fr")
	c.say("Quels services proposez-vous ?")
	c.expect(StepGreeting, "Nous proposons : Développement web, Développement mobile, Photographie")
}

// Staff changed a service: Dota forgets its copy and reads the new one at once.
func TestForgetCatalogueReadsTheServicesAfresh(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	cat := catalogue.New(pool)
	e := New(booking.New(pool), nil, rdb, Config{RedisPrefix: prefix}, WithLogger(quiet), WithCatalogue(cat))
	ctx := context.Background()
	questionsOf := func() int {
		for _, s := range e.catalogue(ctx).Services {
			if s.Slug == "formation" {
				return len(s.Questions)
			}
		}
		return -1
	}
	if n := questionsOf(); n != 0 {
		t.Fatalf("before: %d questions", n)
	}
	text := catalogue.Localized{"fr": "Niveau ?", "en": "Level?", "ar": "المستوى؟"}
	if _, err := cat.SetServiceQuestions(ctx, "formation", []catalogue.Question{{Type: catalogue.QuestionText, Text: text}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = cat.SetServiceQuestions(context.Background(), "formation", nil) })
	if n := questionsOf(); n != 0 {
		t.Fatalf("the copy is kept until forgotten: %d questions", n)
	}
	if err := e.ForgetCatalogue(ctx); err != nil {
		t.Fatal(err)
	}
	if n := questionsOf(); n != 1 {
		t.Fatalf("after forgetting: %d questions", n)
	}
}

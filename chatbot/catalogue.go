package chatbot

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/i18n"
)

// catalogueData is what Dota knows of the live catalogue: the active services and the
// published projects, cached in Redis for every replica.
type catalogueData struct {
	Services  []catalogue.Service `json:"services"`
	Projects  []projectBrief      `json:"projects"`
	FetchedAt time.Time           `json:"fetched_at"`
}

// projectBrief is what the chat may say of a project: its title and category in every
// language (a plain string, as caches written before hold, reads as every language's).
type projectBrief struct {
	Title    catalogue.Localized `json:"title"`
	Category catalogue.Localized `json:"category"`
}

// staleKeep is how long a stale copy of the catalogue is kept to serve when PostgreSQL fails.
const staleKeep = 7 * 24 * time.Hour

// localCatalogueFor is how long a replica reuses the catalogue it decoded before it reads
// the shared copy in Redis again. Reading and decoding the copy on every turn was a
// quarter of a chat turn's CPU.
const localCatalogueFor = 5 * time.Second

// catalogueMemo is a replica's decoded copy of the catalogue.
type catalogueMemo struct {
	mu    sync.Mutex
	data  *catalogueData
	until time.Time // on this process's monotonic clock
}

func (m *catalogueMemo) get() (catalogueData, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.data == nil || time.Now().After(m.until) {
		return catalogueData{}, false
	}
	return *m.data, true
}

func (m *catalogueMemo) put(c catalogueData, ttl time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.data, m.until = &c, time.Now().Add(min(localCatalogueFor, ttl))
}

// catalogue returns the services and projects: this replica's decoded copy for a few
// seconds, else the shared copy in Redis while it is younger than the catalogue TTL, else
// a fresh read, else (PostgreSQL failing) the stale copy, else empty lists.
func (e *Engine) catalogue(ctx context.Context) catalogueData {
	if c, ok := e.memo.get(); ok && e.now().Sub(c.FetchedAt) < e.cfg.CatalogueTTL {
		cacheLookups.WithLabelValues("catalogue", "hit").Inc()
		return c
	}
	var cached catalogueData
	have := false
	if raw, err := e.rdb.Get(ctx, e.key("catalogue")).Bytes(); err == nil && json.Unmarshal(raw, &cached) == nil {
		have = true
		if e.now().Sub(cached.FetchedAt) < e.cfg.CatalogueTTL {
			cacheLookups.WithLabelValues("catalogue", "hit").Inc()
			e.memo.put(cached, e.cfg.CatalogueTTL)
			return cached
		}
	}
	fresh, err := e.fetchCatalogue(ctx)
	if err != nil {
		e.log.WarnContext(ctx, "chat catalogue: reading PostgreSQL failed", "err", err, "stale", have)
		if have {
			cacheLookups.WithLabelValues("catalogue", "stale").Inc()
			return cached
		}
		cacheLookups.WithLabelValues("catalogue", "miss").Inc()
		return catalogueData{Services: fallbackServices, Projects: []projectBrief{}}
	}
	cacheLookups.WithLabelValues("catalogue", "miss").Inc()
	if raw, err := json.Marshal(fresh); err == nil {
		e.rdb.Set(ctx, e.key("catalogue"), raw, staleKeep)
	}
	e.memo.put(fresh, e.cfg.CatalogueTTL)
	return fresh
}

// ForgetCatalogue drops this replica's copy of the catalogue and the shared one: staff
// changed what a service offers or asks, and every replica reads it afresh within
// localCatalogueFor rather than the catalogue TTL.
func (e *Engine) ForgetCatalogue(ctx context.Context) error {
	e.memo.mu.Lock()
	e.memo.data = nil
	e.memo.mu.Unlock()
	return e.rdb.Del(ctx, e.key("catalogue")).Err()
}

func (e *Engine) fetchCatalogue(ctx context.Context) (catalogueData, error) {
	ctx, cancel := context.WithTimeout(ctx, e.cfg.DBTimeout)
	defer cancel()
	if e.cat == nil {
		return catalogueData{}, errNoCatalogue
	}
	services, err := e.cat.Services(ctx, catalogue.OrderName, i18n.Default, 0)
	if err != nil {
		return catalogueData{}, err
	}
	projects, err := e.cat.PublishedProjects(ctx, "")
	if err != nil {
		return catalogueData{}, err
	}
	out := catalogueData{Services: services, Projects: []projectBrief{}, FetchedAt: e.now()}
	for _, p := range projects {
		out.Projects = append(out.Projects, projectBrief{Title: p.Title, Category: p.Category})
	}
	return out, nil
}

// errNoCatalogue is the catalogue's read by an engine given none and no database.
var errNoCatalogue = errors.New("no catalogue")

// fallbackServices are the specification's service options for when none can be loaded.
var fallbackServices = []catalogue.Service{
	{Slug: "developpement-web", Name: catalogue.Localized{"fr": "Développement web", "en": "Web Development", "ar": "تطوير المواقع"}},
	{Slug: "developpement-mobile", Name: catalogue.Localized{"fr": "Développement mobile", "en": "Mobile Development", "ar": "تطوير تطبيقات الجوال"}},
	{Slug: "photographie", Name: catalogue.Localized{"fr": "Photographie", "en": "Photography", "ar": "التصوير"}},
	{Slug: "bots-ia", Name: catalogue.Localized{"fr": "Bots IA", "en": "AI Bots", "ar": "روبوتات الذكاء الاصطناعي"}},
	{Slug: "mini-services", Name: catalogue.Localized{"fr": "Mini services", "en": "Mini Services", "ar": "خدمات مصغّرة"}},
	{Slug: "formation", Name: catalogue.Localized{"fr": "Formation", "en": "Training", "ar": "التدريب"}},
	{Slug: "consultation", Name: catalogue.Localized{"fr": "Consultation", "en": "Consultation", "ar": "الاستشارة"}},
}

package booking

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/i18n"
)

// A booking names its service as a visitor or a member of staff chose it: by its slug, or
// by its name in any language. What is stored is the service's identity, its slug, on
// every path (form, chat, console, waitlist), never the text that came with the request:
// a service the catalogue does not hold is refused. Whoever shows it names it in the
// reader's language (ServiceTitles).

// allServiceNames lists the slug and name of every service, active or not: the titles of
// stored bookings.
const allServiceNamesSQL = `SELECT slug, name FROM services`

// activeServiceNames lists the slug and name of every active service.
const activeServiceNames = `SELECT slug, name FROM services WHERE is_active`

// serviceName is a service as a requested one is read against it.
type serviceName struct {
	Slug string
	Name Localized
}

func scanServiceName(row pgx.CollectableRow) (serviceName, error) {
	var s serviceName
	var name []byte
	if err := row.Scan(&s.Slug, &name); err != nil {
		return s, err
	}
	return s, json.Unmarshal(name, &s.Name)
}

// serviceNames reads the active services' slugs and names.
func (s *Core) serviceNames(ctx context.Context) ([]serviceName, error) {
	rows, err := s.db.Query(ctx, activeServiceNames)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanServiceName)
}

// catalogueSlug is the slug of the service text names — its slug, or its name in any
// language, whatever the case and spacing; ok is false when no service of list has that
// slug or name.
func catalogueSlug(list []serviceName, text string) (slug string, ok bool) {
	key := serviceKey(text)
	if key == "" {
		return "", false
	}
	for _, svc := range list {
		if serviceKey(svc.Slug) == key {
			return svc.Slug, true
		}
		for _, name := range svc.Name.All() {
			if serviceKey(name) == key {
				return svc.Slug, true
			}
		}
	}
	return "", false
}

// ServiceTitles names stored services: a slug by its service's name in lang; any other
// text (stored before services were stored by slug, and no service's name) as it is.
type ServiceTitles func(stored, lang string) string

// allServiceNames reads every service's slug and names, active or not.
func (s *Core) allServiceNames(ctx context.Context) ([]serviceName, error) {
	rows, err := s.db.Query(ctx, allServiceNamesSQL)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanServiceName)
}

// ServiceTitles reads every service's names, for naming stored bookings' services.
func (s *Core) ServiceTitles(ctx context.Context) (ServiceTitles, error) {
	list, err := s.allServiceNames(ctx)
	if err != nil {
		return nil, err
	}
	names := make(map[string]Localized, len(list))
	for _, svc := range list {
		names[svc.Slug] = svc.Name
	}
	return func(stored, lang string) string {
		if n, ok := names[stored]; ok {
			return n.In(lang)
		}
		return stored
	}, nil
}

// serviceTitle is the stored service's name in lang (ServiceTitles), the stored text
// when the catalogue cannot be read.
func (s *Core) serviceTitle(ctx context.Context, stored, lang string) string {
	if stored == "" {
		return ""
	}
	titles, err := s.ServiceTitles(ctx)
	if err != nil {
		return stored
	}
	return titles(stored, lang)
}

// serviceKey is a service's slug or name as requests are matched against it.
func serviceKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// errServiceUnknown refuses a service the catalogue does not offer.
func errServiceUnknown() error { return invalidField("service", "service_invalid") }

// titleOf is the name in the default language of the service slug names in list, slug
// itself when list has none: what a notification's details say.
func titleOf(list []serviceName, slug string) string {
	for _, svc := range list {
		if svc.Slug == slug {
			return svc.Name.In(i18n.Default)
		}
	}
	return slug
}

package booking

import (
	"context"
	"strings"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/i18n"
)

// A booking names its service as a visitor or a member of staff chose it: by its slug, or
// by its name in any language. What is stored is the service's identity, its slug, on
// every path (form, chat, console, waitlist), never the text that came with the request:
// a service the catalogue does not hold is refused. Whoever shows it names it in the
// reader's language (ServiceTitles).

// catalogueSlug is the slug of the service text names — its slug, or its name in any
// language, whatever the case and spacing; ok is false when no service of list has that
// slug or name.
func catalogueSlug(list []catalogue.ServiceName, text string) (slug string, ok bool) {
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

// ServiceTitles reads every service's names, for naming stored bookings' services.
func (s *Core) ServiceTitles(ctx context.Context) (ServiceTitles, error) {
	list, err := s.catalogue.AllServiceNames(ctx)
	if err != nil {
		return nil, err
	}
	names := make(map[string]catalogue.Localized, len(list))
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
func titleOf(list []catalogue.ServiceName, slug string) string {
	for _, svc := range list {
		if svc.Slug == slug {
			return svc.Name.In(i18n.Default)
		}
	}
	return slug
}

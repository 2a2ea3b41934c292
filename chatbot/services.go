package chatbot

import (
	"sync/atomic"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/reader"
)

// The catalogue's services as the reader knows them (reader.Service), kept with the
// catalogue's slice: a catalogue is read-only once loaded — every turn of a replica shares
// it — so the same slice holds the same services, and the reader keeps its matchers with
// the slice it is given.
var (
	readerCatalogues [4]atomic.Pointer[readerCatalogue]
	nextReaderCat    atomic.Uint32
)

type readerCatalogue struct {
	services []catalogue.Service
	read     []reader.Service
}

// readerServices returns services as the reader knows them, in their order.
func readerServices(services []catalogue.Service) []reader.Service {
	if len(services) == 0 {
		return nil
	}
	for i := range readerCatalogues {
		if c := readerCatalogues[i].Load(); c != nil && len(c.services) == len(services) && &c.services[0] == &services[0] {
			return c.read
		}
	}
	c := &readerCatalogue{services: services, read: make([]reader.Service, len(services))}
	for i, s := range services {
		c.read[i] = reader.Service{Slug: s.Slug, Names: s.Name.All()}
		for _, list := range s.Keywords {
			c.read[i].Keywords = append(c.read[i].Keywords, list...)
		}
	}
	readerCatalogues[nextReaderCat.Add(1)%uint32(len(readerCatalogues))].Store(c)
	return c.read
}

// serviceIn returns the catalogue's service a message names (reader.ServiceIn).
func serviceIn(ws []string, services []catalogue.Service) (catalogue.Service, bool) {
	s, ok := reader.ServiceIn(ws, readerServices(services))
	if !ok {
		return catalogue.Service{}, false
	}
	return serviceBySlug(services, s.Slug), true
}

// serviceOtherThan returns the catalogue's service a message names other than the one of
// slug skip (reader.ServiceOtherThan).
func serviceOtherThan(ws []string, services []catalogue.Service, skip string) (catalogue.Service, bool) {
	t := reader.NewText(ws)
	s, ok := reader.ServiceOtherThan(&t, readerServices(services), skip)
	if !ok {
		return catalogue.Service{}, false
	}
	return serviceBySlug(services, s.Slug), true
}

// serviceBySlug is the catalogue's service of slug; the zero service when none is.
func serviceBySlug(services []catalogue.Service, slug string) catalogue.Service {
	for _, s := range services {
		if s.Slug == slug {
			return s
		}
	}
	return catalogue.Service{}
}

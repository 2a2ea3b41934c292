package booking

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/i18n"
)

// A booking names its service as a visitor or a member of staff chose it: by its slug, or
// by its name in any language. What is stored, and written in every message to the
// customer, is the catalogue's own title in the default language (as the chat stores it),
// never the text that came with the request: a service the catalogue does not hold is
// refused.

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

// catalogueTitle is the catalogue's title of the service text names — its slug, or its
// name in any language, whatever the case and spacing — in the default language; ok is
// false when no active service has that slug or name.
func catalogueTitle(list []serviceName, text string) (title string, ok bool) {
	key := serviceKey(text)
	if key == "" {
		return "", false
	}
	for _, svc := range list {
		if serviceKey(svc.Slug) == key {
			return svc.Name.In(i18n.Default), true
		}
		for _, name := range svc.Name.All() {
			if serviceKey(name) == key {
				return svc.Name.In(i18n.Default), true
			}
		}
	}
	return "", false
}

// serviceKey is a service's slug or name as requests are matched against it.
func serviceKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// errServiceUnknown refuses a service the catalogue does not offer.
func errServiceUnknown() error { return invalidField("service", "service_invalid") }

package booking_test

import (
	"context"
	"testing"

	"github.com/dota-agency/dota/catalogue"
)

// TestMigrationMakesProjectTextsFrench: a project stored with plain texts, and a
// service's tags, get them as their French texts; the seed then adds the languages the
// demo projects and services lack, and the visitor reads each in their language.
func TestMigrationMakesProjectTextsFrench(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, migrateUp := beforeMigration(t, 19, nil)
	if _, err := db.Exec(ctx, `INSERT INTO services (slug, name, tags) VALUES
		('formation', '{"fr": "Formation"}', '{"Développement web", "IA"}')`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO projects (title, description, category, published) VALUES
		('Almas — application mobile', 'Application d''une jeune startup', 'Application mobile', true),
		('Projet maison', NULL, NULL, true)`); err != nil {
		t.Fatal(err)
	}
	migrateUp()
	core := catalogue.New(db)
	list, err := core.PublishedProjects(ctx, "")
	if err != nil || len(list) != 2 {
		t.Fatalf("projects %v, %v", list, err)
	}
	for _, p := range list {
		if p.Title["fr"] == "" || p.Title["en"] != "" {
			t.Errorf("title %v: want the French text alone", p.Title)
		}
	}
	if _, err := core.Seed(ctx); err != nil {
		t.Fatal(err)
	}
	byFrench := map[string]catalogue.Project{}
	list, err = core.PublishedProjects(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list {
		byFrench[p.Title["fr"]] = p
	}
	almas := byFrench["Almas — application mobile"]
	if almas.Description["fr"] != "Application d'une jeune startup" {
		t.Errorf("the seed changed what was stored: %v", almas.Description)
	}
	if got := almas.Public("en"); got.Title != "Almas — mobile app" || got.Category != "Mobile app" {
		t.Errorf("English view %q / %q", got.Title, got.Category)
	}
	if got := almas.Public("ar").Title; got != "Almas — تطبيق جوال" {
		t.Errorf("Arabic title %q", got)
	}
	if own := byFrench["Projet maison"]; own.Public("en").Title != "Projet maison" || own.Public("ar").Description != "" {
		t.Errorf("a project without translations reads as written: %+v", own.Public("en"))
	}
	if shop := byFrench["Imychic — boutique en ligne"]; shop.Public("ar").Category != "تجارة إلكترونية" {
		t.Errorf("seeded project in Arabic: %+v", shop.Public("ar"))
	}
	// A service's tags were French, and get their English and Arabic from the seed.
	svc, err := core.ServiceBySlug(ctx, "formation")
	if err != nil {
		t.Fatal(err)
	}
	if fr, en := svc.In("fr").Tags, svc.In("en").Tags; len(fr) != 2 || fr[0] != "Développement web" || len(en) == 0 || en[0] != "Web development" {
		t.Errorf("tags fr %q, en %q", fr, en)
	}
	if ar := svc.In("ar").Tags; len(ar) == 0 || ar[0] != "تطوير المواقع" {
		t.Errorf("tags ar %q", ar)
	}
	// A category is found by its name in any language.
	for _, name := range []string{"Application mobile", "mobile app", "تطبيق جوال"} {
		if got, err := core.PublishedProjects(ctx, name); err != nil || len(got) == 0 {
			t.Errorf("category %q: %d, %v", name, len(got), err)
		}
	}
}

package booking_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tablesOf names the tables each package owns: only the owner runs SQL on them, every
// other package asks it through an interface. booking owns the appointment and what it
// lives by; catalogue what the agency offers and shows; privacy the record of erasures.
// An owner is a package's directory; its subpackages share its tables.
var tablesOf = map[string][]string{
	"booking": {"appointments", "clients", "notifications", "settings", "status_history", "deliveries",
		"manage_tokens", "verification_codes", "waitlist", "waitlist_tokens",
		"consultants", "consultant_hours", "consultant_days_off", "consultant_busy"},
	"calendars":          {"consultant_calendars"},
	"catalogue":          {"services", "projects", "newsletter_subscriptions"},
	"privacy":            {"erasures"},
	"backup":             {"backup_runs"},
	"attribution":        {"traffic"},
	"console":            {"admin_users", "appointment_notes", "canned_replies"},
	"chatbot/transcript": {"chat_conversations", "chat_messages", "chat_conversation_appointments", "chat_ratings"},
	"alerts":             {"alert_subscriptions", "alert_profiles", "alert_choices", "alerts"},
}

var (
	// sqlOnTable finds a statement's use of a table, across line breaks.
	sqlOnTable = regexp.MustCompile(`\b(?:FROM|INTO|UPDATE|JOIN)\s+([a-z_]+)\b`)
	// createTable finds the tables of the migrations.
	createTable = regexp.MustCompile(`CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)`)
)

// TestOneOwnerPerTable fails when Go code holds SQL on a table outside the package that
// owns it, when a table of the migrations has no owner, and when an owner's SQL on its
// table cannot be found (the search would be blind). Tests and the benchmark's data
// seeding (cmd/dota-bench) may set up rows directly.
func TestOneOwnerPerTable(t *testing.T) {
	t.Parallel()
	owners := map[string]string{}
	for owner, tables := range tablesOf {
		for _, table := range tables {
			owners[table] = owner
		}
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	schema, err := filepath.Glob(filepath.Join(root, "migrations", "*.sql"))
	if err != nil || len(schema) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	for _, path := range schema {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range createTable.FindAllStringSubmatch(string(b), -1) {
			if owners[m[1]] == "" {
				t.Errorf("table %s (%s) has no owner: add it to tablesOf", m[1], filepath.Base(path))
			}
		}
	}

	used := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch rel {
			case "web", "node_modules", ".git", filepath.Join("cmd", "dota-bench"):
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		for _, m := range sqlOnTable.FindAllStringSubmatchIndex(string(b), -1) {
			table := string(b[m[2]:m[3]])
			owner := owners[table]
			switch {
			case owner == "":
			case owner != pkg && !strings.HasPrefix(pkg, owner+"/"):
				line := 1 + strings.Count(string(b[:m[0]]), "\n")
				t.Errorf("%s:%d: %q: %s owns %s; ask it through an interface", rel, line,
					strings.Join(strings.Fields(string(b[m[0]:m[1]])), " "), owner, table)
			default:
				used[table] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for table, owner := range owners {
		if !used[table] {
			t.Errorf("no SQL of %s on %s found: is the search blind, or the table gone?", owner, table)
		}
	}
}

package booking_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// bookingTables are the tables only booking writes and reads: every other package asks it.
var bookingTables = regexp.MustCompile(`\b(FROM|INTO|UPDATE|JOIN)\s+(appointments|clients|notifications|settings|status_history)\b`)

// TestOneOwnerForTheAppointment fails when Go code outside booking/ holds SQL on booking's
// tables. Tests and the benchmark's data seeding may set up rows directly.
func TestOneOwnerForTheAppointment(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch rel {
			case "booking", "web", "node_modules", ".git", filepath.Join("cmd", "dota-bench"):
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
		for i, line := range strings.Split(string(b), "\n") {
			if m := bookingTables.FindString(line); m != "" {
				t.Errorf("%s:%d: %q: booking owns this table; ask it through an interface", rel, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

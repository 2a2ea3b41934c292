package booking_test

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/dota-agency/dota/booking"
)

// notUsedSettings are the fields of the settings that are not switches of the Settings page.
var notUsedSettings = []string{"UpdatedAt"}

// TestEverySettingIsRead fails on a field of the settings that no Go code outside
// booking/settings.go reads: a switch of the Settings page that nothing obeys. A field
// counts as read where a selector reads it (not where it is only assigned), and where code
// elsewhere calls a method of Settings (Location, ReminderLead …) that reads it. Validate,
// which checks every field, and the code that stores them do not count.
func TestEverySettingIsRead(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("type-checks the whole module")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
		packages.NeedTypesInfo, Dir: ".."}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the module does not type-check")
	}
	var settingsType *types.Named
	for _, p := range pkgs {
		if p.PkgPath == "github.com/dota-agency/dota/booking" {
			settingsType, _ = p.Types.Scope().Lookup("Settings").Type().(*types.Named)
		}
	}
	if settingsType == nil {
		t.Fatal("booking.Settings not found")
	}
	fieldOf := map[*types.Var]string{}
	st := settingsType.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		fieldOf[st.Field(i)] = st.Field(i).Name()
	}
	methodOf := map[*types.Func]string{}
	for i := range settingsType.NumMethods() {
		methodOf[settingsType.Method(i)] = settingsType.Method(i).Name()
	}

	read := map[string]bool{}            // fields read outside settings.go
	methodsCalled := map[string]bool{}   // methods of Settings called outside settings.go
	methodReads := map[string][]string{} // fields each method of Settings reads
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			inSettings := filepath.Base(p.Fset.Position(file.Pos()).Filename) == "settings.go" &&
				p.PkgPath == "github.com/dota-agency/dota/booking"
			assigned := assignedSelectors(file)
			var method string
			ast.Inspect(file, func(n ast.Node) bool {
				if fn, ok := n.(*ast.FuncDecl); ok && inSettings {
					method = ""
					if obj, ok := p.TypesInfo.Defs[fn.Name].(*types.Func); ok {
						method = methodOf[obj]
					}
				}
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				s := p.TypesInfo.Selections[sel]
				if s == nil {
					return true
				}
				switch obj := s.Obj().(type) {
				case *types.Var:
					name, ok := fieldOf[obj]
					if !ok || assigned[sel] {
						return true
					}
					if !inSettings {
						read[name] = true
					} else if method != "" {
						methodReads[method] = append(methodReads[method], name)
					}
				case *types.Func:
					if name, ok := methodOf[obj]; ok && !inSettings {
						methodsCalled[name] = true
					}
				}
				return true
			})
		}
	}
	for m := range methodsCalled {
		if m == "Validate" {
			continue
		}
		for _, f := range methodReads[m] {
			read[f] = true
		}
	}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[booking.Settings]()) {
		name := f.Name
		switch {
		case slices.Contains(notUsedSettings, name):
		case !read[name]:
			t.Errorf("settings field %s (%s) is read by no code outside booking/settings.go: "+
				"make it do what it says, or remove it from the settings, the API and the page",
				name, f.Tag.Get("json"))
		}
	}
}

// assignedSelectors are the selectors a file only assigns to (st.X = v).
func assignedSelectors(file *ast.File) map[*ast.SelectorExpr]bool {
	out := map[*ast.SelectorExpr]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok.String() == "=" {
			for _, lhs := range as.Lhs {
				if sel, ok := lhs.(*ast.SelectorExpr); ok {
					out[sel] = true
				}
			}
		}
		return true
	})
	return out
}

package booking

import (
	"context"
	"fmt"
	"regexp"
	"slices"

	"github.com/jackc/pgx/v5"
)

// namedStatement is a statement written with named parameters (@name, as pgx.NamedArgs
// reads them), rewritten into PostgreSQL's numbered ones once, when the program starts.
// pgx.NamedArgs rewrites the text at every call, which for the booking's long statements
// cost a tenth of a booking's CPU.
type namedStatement struct {
	sql   string   // with numbered parameters
	names []string // the name of each numbered parameter, in order
}

// paramName finds the names in a statement: any word after an @, a superset of those
// pgx.NamedArgs reads (it skips literals and comments), which is all named needs.
var paramName = regexp.MustCompile(`@([A-Za-z_][A-Za-z0-9_]*)`)

// named rewrites sql by pgx's own rules, so that its names are read exactly as
// pgx.NamedArgs would read them. It panics on a name outside paramName's reach.
func named(sql string) namedStatement {
	self := pgx.NamedArgs{}
	for _, m := range paramName.FindAllStringSubmatch(sql, -1) {
		self[m[1]] = m[1]
	}
	out, params, err := self.RewriteQuery(context.Background(), nil, sql, nil)
	if err != nil {
		panic(err)
	}
	st := namedStatement{sql: out, names: make([]string, len(params))}
	for i, p := range params {
		name, ok := p.(string)
		if !ok {
			panic(fmt.Sprintf("booking: parameter $%d of a named statement has no name that named reads", i+1))
		}
		st.names[i] = name
	}
	return st
}

// args are the statement's arguments, in order, from args by name. As with
// pgx.StrictNamedArgs, a name the statement uses and args lacks, or one args has and
// the statement does not use, is an error.
func (st namedStatement) args(args pgx.NamedArgs) ([]any, error) {
	out := make([]any, len(st.names))
	for i, name := range st.names {
		v, ok := args[name]
		if !ok {
			return nil, fmt.Errorf("booking: no argument for @%s", name)
		}
		out[i] = v
	}
	if len(args) != len(st.names) { // names are distinct: one has no parameter
		for name := range args {
			if !slices.Contains(st.names, name) {
				return nil, fmt.Errorf("booking: no parameter @%s", name)
			}
		}
	}
	return out, nil
}

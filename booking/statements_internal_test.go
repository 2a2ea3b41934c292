package booking

import (
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestNamedStatement(t *testing.T) {
	t.Parallel()
	st := named(`SELECT @b::int, '@not_a_name', @a, @b -- @nor_this`)
	if want := `SELECT $1::int, '@not_a_name', $2, $1 -- @nor_this`; st.sql != want {
		t.Fatalf("sql %q, want %q", st.sql, want)
	}
	tests := []struct {
		name    string
		args    pgx.NamedArgs
		want    []any
		wantErr bool
	}{
		{"every name", pgx.NamedArgs{"a": "x", "b": 2}, []any{2, "x"}, false},
		{"a nil value is given", pgx.NamedArgs{"a": nil, "b": 2}, []any{2, nil}, false},
		{"a name missing", pgx.NamedArgs{"b": 2}, nil, true},
		{"a name the statement does not use", pgx.NamedArgs{"a": "x", "b": 2, "c": 3}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := st.args(tt.args)
			if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, %v; want %v (error: %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func measured(name string, v float64, missed ...string) row {
	r := row{Name: name, Value: num(v), Unit: "x", Target: "t", Figures: []figure{}}
	for _, m := range missed {
		r.check(false, m)
	}
	r.finish()
	return r
}

func TestVerdict(t *testing.T) {
	absent := row{Name: "chat", NotMeasured: absentPrefix + "POST /api/chat/sessions"}
	broken := row{Name: "console", NotMeasured: "signing in: HTTP 500"}
	tests := []struct {
		name  string
		rows  []row
		smoke bool
		want  int
	}{
		{"every target met", []row{measured("a", 1), measured("b", 2)}, false, 0},
		{"a missed target", []row{measured("a", 1), measured("b", 2, "p99 ≤ 20 ms")}, false, 1},
		{"a row not measured", []row{measured("a", 1), absent}, false, 1},
		{"smoke ignores targets", []row{measured("a", 1, "p99 ≤ 20 ms")}, true, 0},
		{"smoke accepts a feature the build lacks", []row{measured("a", 1), absent}, true, 0},
		{"smoke refuses a row that failed", []row{measured("a", 1), broken}, true, 1},
		{"smoke accepts a row -only left out", []row{measured("a", 1), {Name: "b", NotMeasured: leftOut}}, true, 0},
		{"a full run refuses a row -only left out", []row{measured("a", 1), {Name: "b", NotMeasured: leftOut}}, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := verdict(tt.rows, tt.smoke); got != tt.want {
				t.Fatalf("verdict = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestMarkdownAndJSON(t *testing.T) {
	rep := report{Date: "2026-11-22T11:00:00Z", Commit: "abc1234", Rows: []row{
		measured("form booking", 123.4, "p99 ≤ 30 ms"),
		{Name: "live events", NotMeasured: "second replica:\nexit | 1", Figures: []figure{}},
	}}
	md := markdown(rep, "docs/bench-profiles")
	for _, want := range []string{"| form booking | 123 x", "form booking: p99 ≤ 30 ms", "not measured: second replica: exit \\| 1",
		"docs/bench-profiles/"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Rows []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"name", "value", "unit", "baseline", "ratio", "target", "met"} {
		if _, ok := back.Rows[0][k]; !ok {
			t.Errorf("row lacks %q: %v", k, back.Rows[0])
		}
	}
	if back.Rows[1]["met"] != false || back.Rows[1]["value"] != nil {
		t.Errorf("an unmeasured row: %v", back.Rows[1])
	}
}

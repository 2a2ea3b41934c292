package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"
)

// row is one line of the results table: one piece of work, its main figure, the baseline
// taken in the same run, and whether every target of the row was met.
type row struct {
	Name         string   `json:"name"`
	Value        *float64 `json:"value"`
	Unit         string   `json:"unit"`
	Baseline     *float64 `json:"baseline"`
	BaselineName string   `json:"baseline_name,omitempty"`
	Ratio        *float64 `json:"ratio"`
	Target       string   `json:"target"`
	Met          bool     `json:"met"`
	Figures      []figure `json:"figures"`
	Missed       []string `json:"missed,omitempty"`
	Note         string   `json:"note,omitempty"`
	// NotMeasured says why the row has no figure; empty when it was measured.
	NotMeasured string `json:"not_measured,omitempty"`
}

// figure is one more number of a row (a percentile, a count).
type figure struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Unit  string  `json:"unit"`
}

func num(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// add appends a figure.
func (r *row) add(name string, v float64, unit string) {
	r.Figures = append(r.Figures, figure{name, v, unit})
}

// check records one target of the row: met when ok, named in Missed otherwise.
func (r *row) check(ok bool, what string) {
	if !ok {
		r.Missed = append(r.Missed, what)
	}
}

// finish sets Met from the checks, once every figure is in.
func (r *row) finish() {
	r.Met = r.NotMeasured == "" && r.Value != nil && len(r.Missed) == 0
}

// report is the whole run, as written to docs/benchmarks.json.
type report struct {
	Date     string    `json:"date"`
	Machine  machine   `json:"machine"`
	Commit   string    `json:"commit"`
	Duration string    `json:"duration"`
	Rows     []row     `json:"rows"`
	Extras   []section `json:"-"`
}

// section is a block of text in the Markdown report (query plans, pgbench script).
type section struct {
	Title, Intro, Body, Lang string
}

// machine describes where the run happened.
type machine struct {
	CPU        string `json:"cpu"`
	Cores      int    `json:"cores"`
	MemoryMB   int    `json:"memory_mb"`
	Kernel     string `json:"kernel"`
	Go         string `json:"go"`
	PostgreSQL string `json:"postgresql"`
	Redis      string `json:"redis"`
	Load       string `json:"load_at_start"`
}

func describeMachine() machine {
	m := machine{Cores: runtime.NumCPU(), Go: runtime.Version()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "model name"); ok {
				m.CPU = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int
		if _, err := fmt.Sscanf(string(b), "MemTotal: %d kB", &kb); err == nil {
			m.MemoryMB = kb / 1024
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.Kernel = strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		m.Load = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	return m
}

func gitCommit(root string) string {
	cmd := exec.Command("git", "rev-parse", "--short", "HEAD")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func fmtNum(v *float64) string {
	if v == nil {
		return "—"
	}
	return fmtFloat(*v)
}

func fmtFloat(f float64) string {
	switch a := math.Abs(f); {
	case a == 0:
		return "0"
	case f == math.Trunc(f) && a < 1e15:
		return fmt.Sprintf("%.0f", f)
	case a >= 100:
		return fmt.Sprintf("%.0f", f)
	case a >= 10:
		return fmt.Sprintf("%.1f", f)
	case a >= 0.1:
		return fmt.Sprintf("%.2f", f)
	default:
		return fmt.Sprintf("%.3g", f)
	}
}

func metText(r row) string {
	switch {
	case r.NotMeasured != "":
		return "no (not measured)"
	case r.Met:
		return "yes"
	}
	return "no"
}

func valueText(r row) string {
	if r.NotMeasured != "" {
		return "not measured: " + r.NotMeasured
	}
	return fmtNum(r.Value) + " " + r.Unit
}

func baselineText(r row) string {
	if r.Baseline == nil {
		return "—"
	}
	return fmtNum(r.Baseline) + " (" + r.BaselineName + ")"
}

func figuresText(r row) string {
	parts := make([]string, len(r.Figures))
	for i, f := range r.Figures {
		parts[i] = f.Name + " " + fmtFloat(f.Value)
		if f.Unit != "" {
			parts[i] += " " + f.Unit
		}
	}
	return strings.Join(parts, ", ")
}

// printTable writes the results table for a terminal.
func printTable(w io.Writer, rows []row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "WORK\tFIGURE\tBASELINE\tRATIO\tTARGET\tMET")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Name, valueText(r), baselineText(r), fmtNum(r.Ratio), r.Target, metText(r))
		if len(r.Figures) > 0 {
			fmt.Fprintf(tw, "\t  %s\t\t\t\t\n", figuresText(r))
		}
	}
	tw.Flush()
}

//go:embed findings.md
var findings string

// markdown renders docs/benchmarks.md.
func markdown(rep report, profilesDir string) string {
	var b strings.Builder
	b.WriteString("# Benchmarks\n\n")
	b.WriteString("Written by `make bench` (`go run ./cmd/dota-bench`); do not edit by hand — the text around the\n" +
		"figures lives in `cmd/dota-bench/findings.md`. Every figure that matters is a ratio to a baseline\n" +
		"taken in the same run on the same machine, because the machines are shared and noisy.\n\n")
	fmt.Fprintf(&b, "Run of %s, commit `%s`, %s. Machine: %s, %d cores, %d MB; Linux %s; %s; %s; %s. "+
		"Load average at start: %s.\n\n", rep.Date, rep.Commit, rep.Duration, rep.Machine.CPU, rep.Machine.Cores,
		rep.Machine.MemoryMB, rep.Machine.Kernel, rep.Machine.Go, rep.Machine.PostgreSQL, rep.Machine.Redis, rep.Machine.Load)
	b.WriteString("| work | our figure | baseline (same run) | ratio | target | met |\n|---|---|---|---|---|---|\n")
	for _, r := range rep.Rows {
		v := valueText(r)
		if f := figuresText(r); f != "" {
			v += "<br>" + f
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", cell(r.Name), cell(v), cell(baselineText(r)), fmtNum(r.Ratio),
			cell(r.Target), metText(r))
	}
	var missed []string
	for _, r := range rep.Rows {
		for _, m := range r.Missed {
			missed = append(missed, r.Name+": "+m)
		}
		if r.NotMeasured != "" {
			missed = append(missed, r.Name+": not measured ("+r.NotMeasured+")")
		}
	}
	if len(missed) > 0 {
		b.WriteString("\nMissed in this run:\n\n")
		for _, m := range missed {
			b.WriteString("- " + m + "\n")
		}
	} else {
		b.WriteString("\nEvery target was met in this run.\n")
	}
	b.WriteString("\nNotes on the rows:\n\n")
	for _, r := range rep.Rows {
		if r.Note != "" {
			fmt.Fprintf(&b, "- **%s** — %s\n", r.Name, r.Note)
		}
	}
	fmt.Fprintf(&b, "\nCPU and allocation profiles of the dota process under the chat, free-question and booking loads are written to\n"+
		"`%s/` (kept out of git); open one with `go tool pprof -http : %s/booking.cpu.pprof`.\n\n",
		profilesDir, profilesDir)
	b.WriteString(strings.TrimSpace(findings) + "\n")
	for _, s := range rep.Extras {
		fmt.Fprintf(&b, "\n## %s\n\n", s.Title)
		if s.Intro != "" {
			b.WriteString(s.Intro + "\n\n")
		}
		fmt.Fprintf(&b, "```%s\n%s\n```\n", s.Lang, strings.TrimRight(s.Body, "\n"))
	}
	return b.String()
}

// cell makes text safe inside a Markdown table cell: one line, no column bar.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", "\\|")
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}

// writeJSON renders docs/benchmarks.json.
func writeJSON(path string, rep report) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func since(t time.Time) string { return time.Since(t).Round(time.Second).String() }

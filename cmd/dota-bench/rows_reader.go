package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// readerLangs are the languages BenchmarkReadMessage reads a message in.
var readerLangs = []string{"fr", "en", "ar"}

// readerTarget is the most one message's reading may take, in every language.
const readerTarget = 50.0 // µs

// benchLine is one result line of `go test -bench`.
type benchLine struct {
	sub    string  // the sub-benchmark's name, without the -GOMAXPROCS suffix
	nsOp   float64 // ns/op
	allocs float64 // allocs/op, -1 when not reported
	bytes  float64 // B/op, -1 when not reported
}

var benchLineRe = regexp.MustCompile(`^Benchmark[^/\s]+/(\S+?)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op(.*)$`)

// parseBench reads the sub-benchmarks' results from go test's output, one line per run
// (a sub-benchmark appears -count times).
func parseBench(out []byte) []benchLine {
	var lines []benchLine
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := benchLineRe.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		ns, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			continue
		}
		l := benchLine{sub: m[1], nsOp: ns, allocs: -1, bytes: -1}
		f := strings.Fields(m[3])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "allocs/op":
				l.allocs = v
			case "B/op":
				l.bytes = v
			}
		}
		lines = append(lines, l)
	}
	return lines
}

// median is the middle value of vs (the mean of the two middle ones for an even count).
func median(vs []float64) float64 {
	if len(vs) == 0 {
		return nan
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// readerRow runs chatbot's BenchmarkReadMessage — one message through the words, the
// fields and the intent, as a chat turn reads it — and reports the slowest language.
func (b *bench) readerRow(ctx context.Context) row {
	r := row{Name: rowReader, Unit: "µs per message, slowest language", Target: "≤ 50 µs per message in fr, en and ar"}
	logf("reader: go test -bench BenchmarkReadMessage ./chatbot/ (-benchtime %s, -count %d)", b.sz.readerBenchtime, b.sz.readerCount)
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", "^BenchmarkReadMessage$",
		"-benchtime", b.sz.readerBenchtime, "-count", strconv.Itoa(b.sz.readerCount), "./chatbot/")
	cmd.Dir = b.env.root
	// The package's tests make a database and a Redis prefix of their own (migrations/testdb).
	cmd.Env = append(os.Environ(), "DOTA_TEST_DATABASE_URL="+b.env.adminURL, "DOTA_TEST_REDIS_URL="+b.env.redisURL)
	out, err := cmd.CombinedOutput()
	lines := parseBench(out)
	if err != nil {
		r.NotMeasured = fmt.Sprintf("go test: %v: %s", err, lastLines(out, 3))
		return r
	}
	if len(lines) == 0 {
		r.NotMeasured = absentPrefix + "chatbot.BenchmarkReadMessage"
		return r
	}
	ns, allocs := map[string][]float64{}, map[string][]float64{}
	for _, l := range lines {
		ns[l.sub] = append(ns[l.sub], l.nsOp)
		if l.allocs >= 0 {
			allocs[l.sub] = append(allocs[l.sub], l.allocs)
		}
	}
	worst, worstLang := 0.0, ""
	var parts []string
	for _, lang := range readerLangs {
		if len(ns[lang]) == 0 {
			r.check(false, lang+" measured")
			continue
		}
		us := median(ns[lang]) / 1000
		r.add(lang, us, "µs")
		if len(allocs[lang]) > 0 {
			r.add(lang+" allocs", median(allocs[lang]), "per message")
		}
		r.check(us <= readerTarget, fmt.Sprintf("%s ≤ %.0f µs per message", lang, readerTarget))
		parts = append(parts, fmt.Sprintf("%s %.1f µs", lang, us))
		if us > worst {
			worst, worstLang = us, lang
		}
	}
	logf("  %s", strings.Join(parts, ", "))
	if worstLang == "" {
		r.NotMeasured = "no language of " + strings.Join(readerLangs, ", ") + " in the benchmark's output"
		return r
	}
	r.Value = num(worst)
	r.Note = fmt.Sprintf("`go test -run '^$' -bench '^BenchmarkReadMessage$' -benchtime %s -count %d ./chatbot/`: one "+
		"customer message of ~140 characters giving a name, an e-mail, a phone, a service, a day and an hour, through the "+
		"whole reading a chat turn does (words, fields, dates, intent) with the catalogue and settings cached, in each "+
		"language. The figure per language is the median ns/op of the %d runs; the row reports the slowest (%s). "+
		"The target is absolute, so there is no baseline: the figure moves with the machine's load like no ratio would.",
		b.sz.readerBenchtime, b.sz.readerCount, b.sz.readerCount, worstLang)
	return r
}

// lastLines is the last n lines of out, on one line, for a reason.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " / ")
}

package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// memoryRow reads the peak resident set size of the dota process after the chat run
// (VmHWM: the high-water mark since the process started, which the chat run reaches),
// with the Go runtime's own account of its memory at that moment.
func (b *bench) memoryRow(ctx context.Context, chat row) row {
	r := row{Name: rowMemory, Unit: "MB", Target: "peak RSS ≤ 100 MB during the chat run"}
	rss, err := b.main.peakRSS()
	if err != nil {
		r.NotMeasured = err.Error()
		return r
	}
	mb := float64(rss) / (1 << 20)
	logf("peak RSS of dota: %.1f MB", mb)
	r.Value = num(mb)
	r.check(mb <= 100, "peak RSS ≤ 100 MB")
	r.Note = fmt.Sprintf("VmHWM of the dota process read from /proc after the healthz, chat and free-question runs " +
		"(256 connections each, closed between rows).")
	if err := fetchTo(ctx, b.main.pprof+"/debug/pprof/heap", filepath.Join(b.profDir, "memory.heap.pprof")); err != nil {
		logf("  heap profile: %v", err)
	}
	if stats := b.main.memStats(ctx); stats != "" {
		r.Note += " Go runtime then: " + stats + "."
	}
	if parts := b.main.rssParts(); parts != "" {
		r.Note += " Resident now: " + parts + "."
	}
	if chat.NotMeasured != "" {
		r.Note += " The chat run did not happen (" + chat.NotMeasured + "), so this is the peak of the healthz run only."
	}
	return r
}

// memStats is a summary of the runtime's memory statistics, from the heap profile's text form.
func (p *proc) memStats(ctx context.Context) string {
	body, err := get(ctx, http.DefaultClient, p.pprof+"/debug/pprof/heap?debug=1", nil)
	if err != nil {
		return ""
	}
	var parts []string
	for _, l := range strings.Split(string(body), "\n") {
		for _, k := range []string{"# Sys = ", "# HeapSys = ", "# HeapInuse = ", "# HeapReleased = ", "# StackSys = ", "# MaxRSS = "} {
			if v, ok := strings.CutPrefix(l, k); ok {
				var n float64
				if _, err := fmt.Sscan(v, &n); err == nil {
					parts = append(parts, fmt.Sprintf("%s %.1f MB", strings.TrimSuffix(strings.TrimPrefix(k, "# "), " = "), n/(1<<20)))
				}
			}
		}
	}
	return strings.Join(parts, ", ")
}

// rssParts is the process's resident memory now, split into anonymous (heap, stacks) and
// file-backed (the binary's own pages) memory.
func (p *proc) rssParts() string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return ""
	}
	var parts []string
	for _, l := range strings.Split(string(b), "\n") {
		for _, k := range []string{"VmRSS:", "RssAnon:", "RssFile:"} {
			if v, ok := strings.CutPrefix(l, k); ok {
				var kb float64
				if _, err := fmt.Sscan(v, &kb); err == nil {
					parts = append(parts, fmt.Sprintf("%s %.1f MB", strings.TrimSuffix(k, ":"), kb/1024))
				}
			}
		}
	}
	return strings.Join(parts, ", ")
}

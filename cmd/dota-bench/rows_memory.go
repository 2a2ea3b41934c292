package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// memoryRow reads the peak resident set size of the dota process after the chat run
// (VmHWM: the high-water mark since the process started, which the chat run reaches),
// with the Go runtime's own account of its memory at that moment.
func (b *bench) memoryRow(ctx context.Context, chat row, watched string) row {
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
	if watched != "" {
		r.Note += " During those runs (sampled every 100 ms): " + watched + "."
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

// residentWatch samples the process's resident memory every 100 ms, from /proc alone (a
// heap profile would touch the binary's symbol tables and grow what it measures), and
// keeps the largest anonymous (heap, stacks) and file-backed (the binary's pages) parts.
type residentWatch struct {
	stop           chan struct{}
	done           chan struct{}
	anonKB, fileKB float64
}

func (p *proc) watchResident() *residentWatch {
	w := &residentWatch{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-t.C:
			}
			anon, file := p.residentKB()
			w.anonKB, w.fileKB = max(w.anonKB, anon), max(w.fileKB, file)
		}
	}()
	return w
}

// end stops the watch and describes what it saw.
func (w *residentWatch) end() string {
	close(w.stop)
	<-w.done
	return fmt.Sprintf("largest anonymous part %.1f MB, largest file-backed part %.1f MB", w.anonKB/1024, w.fileKB/1024)
}

// residentKB is RssAnon and RssFile of the process, in kB.
func (p *proc) residentKB() (anon, file float64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0, 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "RssAnon:"); ok {
			_, _ = fmt.Sscan(v, &anon)
		}
		if v, ok := strings.CutPrefix(l, "RssFile:"); ok {
			_, _ = fmt.Sscan(v, &file)
		}
	}
	return anon, file
}

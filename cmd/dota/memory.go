package main

import (
	"log/slog"
	"os"
	"runtime/debug"
)

// DefaultMemoryLimit is the Go runtime's soft memory limit when neither DOTA_MEMORY_LIMIT
// nor GOMEMLIMIT is set. A replica is meant to stay within 100 MB resident; about 40 MB of
// that are the binary's own pages, mapped from its file, so the runtime's memory (heap,
// stacks, its own structures) gets the rest. The runtime collects more often as it nears
// the limit, never stops serving for it, and bounds the collector's share of the CPU.
const DefaultMemoryLimit = 56 << 20

// limitMemory sets the runtime's soft memory limit from the configuration, unless
// GOMEMLIMIT set it already.
func limitMemory(cfg config, log *slog.Logger) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set || cfg.MemoryLimit <= 0 {
		return
	}
	debug.SetMemoryLimit(cfg.MemoryLimit)
	log.Debug("memory limit", "bytes", cfg.MemoryLimit)
}

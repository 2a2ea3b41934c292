package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// The machine's CPU during a window, by part: what bounds a throughput row on a machine
// that runs the load generator, dota, Redis and PostgreSQL on the same cores.

// cpuParts names the processes counted apart, by their command name.
var cpuParts = map[string]string{"dota": "dota", "redis-server": "Redis", "postgres": "PostgreSQL"}

// cpuSample is the CPU time used so far, in clock ticks: by part, by the whole machine
// (busy) and by nobody (idle).
type cpuSample struct {
	parts      map[string]uint64
	busy, idle uint64
}

// clockTicks is USER_HZ, the unit of /proc's CPU times: 100 on every Linux we run on.
const clockTicks = 100

// sampleCPU reads /proc: every process's user and system time, by part (this process
// is the load generator), and the machine's busy and idle time.
func sampleCPU() cpuSample {
	s := cpuSample{parts: map[string]uint64{}}
	self := strconv.Itoa(os.Getpid())
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		raw, err := os.ReadFile(d + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid … utime stime: comm may hold spaces, so split after ')'.
		open, end := bytes.IndexByte(raw, '('), bytes.LastIndexByte(raw, ')')
		if open < 0 || end < open {
			continue
		}
		f := strings.Fields(string(raw[end+1:]))
		if len(f) < 13 {
			continue
		}
		ut, _ := strconv.ParseUint(f[11], 10, 64)
		st, _ := strconv.ParseUint(f[12], 10, 64)
		part := cpuParts[string(raw[open+1:end])]
		if filepath.Base(d) == self {
			part = "load generator"
		}
		if part != "" {
			s.parts[part] += ut + st
		}
	}
	if raw, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(raw), "\n")
		for i, v := range strings.Fields(line)[1:] {
			n, _ := strconv.ParseUint(v, 10, 64)
			switch i {
			case 3, 4: // idle, iowait
				s.idle += n
			case 8, 9: // guest time is already counted in user time
			default:
				s.busy += n
			}
		}
	}
	return s
}

// cpuUse is what each part used between two samples, in cores (CPU seconds a second).
type cpuUse struct {
	cores       map[string]float64
	other, idle float64
	seconds     float64
}

// since returns the use from s to now.
func (s cpuSample) since(now cpuSample) cpuUse {
	total := float64(now.busy+now.idle-s.busy-s.idle) / clockTicks // CPU seconds of every core
	u := cpuUse{cores: map[string]float64{}}
	if total <= 0 {
		return u
	}
	cores := float64(runtime.NumCPU())
	wall := total / cores // the window's length, as the machine's clock ticks count it
	u.seconds = wall
	var parts float64
	for _, p := range cpuPartOrder {
		c := float64(now.parts[p]-s.parts[p]) / clockTicks / wall
		u.cores[p] = c
		parts += c
	}
	u.idle = float64(now.idle-s.idle) / clockTicks / wall
	u.other = max(cores-u.idle-parts, 0)
	return u
}

// cpuPartOrder is the order the parts are reported in.
var cpuPartOrder = []string{"dota", "load generator", "Redis", "PostgreSQL"}

// addTo adds the use to a row's figures, with dota's CPU time per operation.
func (u cpuUse) addTo(r *row, opsPerSecond float64, op string) {
	if u.seconds == 0 {
		return
	}
	if opsPerSecond > 0 {
		r.add("dota CPU a "+op, 1e6*u.cores["dota"]/opsPerSecond, "µs")
	}
	for _, p := range cpuPartOrder {
		r.add("cores used by "+p, u.cores[p], "")
	}
	r.add("cores used by the rest", u.other, "")
	r.add("cores idle", u.idle, "")
}

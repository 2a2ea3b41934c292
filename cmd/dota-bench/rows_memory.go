package main

import "fmt"

// memoryRow reads the peak resident set size of the dota process after the chat run
// (VmHWM: the high-water mark since the process started, which the chat run reaches).
func (b *bench) memoryRow(chat row) row {
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
	r.Note = fmt.Sprintf("VmHWM of the dota process (pid %d) read from /proc after the healthz, chat and free-question runs.",
		b.main.cmd.Process.Pid)
	if chat.NotMeasured != "" {
		r.Note += " The chat run did not happen (" + chat.NotMeasured + "), so this is the peak of the healthz run only."
	}
	return r
}

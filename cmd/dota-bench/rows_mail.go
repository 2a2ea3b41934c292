package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dota-agency/dota/booking"
)

// mailSeqBase numbers the mail row's bookings; their e-mails are v<seq>@bench.test.
const mailSeqBase = 7_000_000

// Bounds of the mail row's waits.
const (
	// mailSettle is how long the sink keeps listening once every confirmation arrived, so
	// that a confirmation sent twice is seen.
	mailSettle = 2 * time.Second
)

// mailRow books at a steady rate through the form on a dota process whose SMTP server is
// a sink inside dota-bench, and measures when each booking's confirmation reaches it.
func (b *bench) mailRow(ctx context.Context) row {
	r := row{Name: rowMail, Unit: "ms p99", Target: "p99 ≤ 2 s, 0 lost, 0 received twice"}
	sk, err := startSink()
	if err != nil {
		r.NotMeasured = "SMTP sink: " + err.Error()
		return r
	}
	defer sk.close()
	// Every dota process works the jobs: the others, which have no SMTP server, would take
	// some of these confirmations and record them as not sent.
	b.env.stopAll()
	// The earlier rows' messages (tens of thousands of confirmations and reminders, which
	// their processes, without SMTP, would record as not sent) are not this row's: their
	// jobs are cancelled, so the sink receives this row's confirmations alone.
	cancelled, err := b.env.cancelDeliveries(ctx)
	if err != nil {
		r.NotMeasured = "River's jobs: " + err.Error()
		return r
	}
	if cancelled > 0 {
		logf("confirmation e-mails: %d message jobs of earlier rows cancelled", cancelled)
	}
	p, err := b.env.start(ctx, "m", "DOTA_SMTP_URL="+sk.url())
	if err != nil {
		r.NotMeasured = "dota with an SMTP server: " + err.Error()
		return r
	}
	defer p.stop()

	n, rate := b.sz.mailBookings, b.sz.mailRate
	client := newClient(8)
	defer client.CloseIdleConnections()
	warm, err := b.warmMail(ctx, client, p.base, sk)
	if err != nil {
		r.NotMeasured = "the warm-up booking: " + err.Error()
		return r
	}
	logf("confirmation e-mails: warm-up message in %v; %d form bookings at %d/s, the SMTP server a sink on %s",
		warm.Round(time.Millisecond), n, rate, sk.ln.Addr())
	sent := make([]time.Time, n) // when booking i was sent; zero when it failed
	var (
		bookErrs []string
		mu       sync.Mutex
		wg       sync.WaitGroup
	)
	tick := time.NewTicker(time.Second / time.Duration(rate))
	for i := range n {
		select {
		case <-tick.C:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		date, hhmm := b.slots.next()
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			if err := b.bookNew(ctx, client, p.base, mailSeqBase+int64(i), date, hhmm); err != nil {
				mu.Lock()
				bookErrs = append(bookErrs, err.Error())
				mu.Unlock()
				return
			}
			sent[i] = t
		}()
	}
	tick.Stop()
	wg.Wait()
	booked := 0
	for _, t := range sent {
		if !t.IsZero() {
			booked++
		}
	}

	// Wait for a message to every booked address, at most the grace period, then a little
	// longer for any second copy.
	for deadline := time.Now().Add(b.sz.mailGrace); time.Now().Before(deadline) && ctx.Err() == nil; {
		if len(mailRecipients(sk.messages(), n)) >= booked {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(mailSettle)
	msgs := sk.messages()

	kinds, err := b.env.deliveryKinds(ctx, msgs)
	if err != nil {
		r.NotMeasured = "reading the ledger: " + err.Error()
		return r
	}
	confirmations := make([][]time.Time, n)
	other := 0
	for _, m := range msgs {
		for _, to := range m.to {
			i, ok := mailIndex(to, n)
			if !ok {
				continue
			}
			if kinds[m.deliveryID] == booking.KindConfirmation {
				confirmations[i] = append(confirmations[i], m.at)
			} else {
				other++
			}
		}
	}
	var (
		lat                  hist
		received, twice      int
		lostAddrs            []string
		firstLost, firstDupl string
	)
	for i, at := range confirmations {
		if sent[i].IsZero() {
			continue
		}
		if len(at) == 0 {
			lostAddrs = append(lostAddrs, mailAddress(i))
			continue
		}
		received++
		slices.SortFunc(at, time.Time.Compare)
		lat.record(at[0].Sub(sent[i]))
		if len(at) > 1 {
			twice++
			if firstDupl == "" {
				firstDupl = mailAddress(i)
			}
		}
	}
	lost := len(lostAddrs)
	if lost > 0 {
		firstLost = lostAddrs[0]
	}
	p50, p95, p99 := ms(lat.quantile(0.5)), ms(lat.quantile(0.95)), ms(lat.quantile(0.99))
	logf("  %d of %d confirmations received; p50 %.0f ms, p99 %.0f ms; %d lost, %d received twice; %d bookings failed",
		received, booked, p50, p99, lost, twice, len(bookErrs))
	if received > 0 {
		r.Value = num(p99)
	} else {
		r.NotMeasured = fmt.Sprintf("no confirmation of %d bookings reached the sink", booked)
	}
	r.add("p50", p50, "ms")
	r.add("p95", p95, "ms")
	r.add("p99", p99, "ms")
	r.add("received", float64(received), "")
	r.add("lost", float64(lost), "")
	r.add("received twice", float64(twice), "")
	r.add("bookings failed", float64(len(bookErrs)), "")
	r.check(p99 <= 2000, "confirmation p99 ≤ 2 s")
	r.check(lost == 0, "0 confirmations lost")
	r.check(twice == 0, "0 confirmations received twice")
	r.check(len(bookErrs) == 0, "every booking succeeds")
	r.Note = fmt.Sprintf("%d form bookings at %d a second, each for a new client with an e-mail of its own, on distinct "+
		"slots, to a dota process whose DOTA_SMTP_URL is an SMTP sink inside dota-bench (go-smtp on loopback, no TLS, no "+
		"authentication). Latency runs from sending the booking to the sink reading the end of the confirmation's DATA: "+
		"the booking's commit (which writes the ledger row and its River job), River fetching the job, the job's reads "+
		"and manage-link token, rendering (text, HTML, .ics) and one SMTP connection per message (the ledger's update "+
		"comes after). A message is the confirmation when its Message-ID names a ledger row of that kind. "+
		"lost = bookings with no confirmation %v after the last booking; received twice = bookings whose confirmation "+
		"arrived more than once. One booking before the run, not counted, warms the fresh process up (its message "+
		"took %v). The other dota processes are stopped first: every process works the jobs, and theirs "+
		"have no SMTP server", n, rate, b.sz.mailGrace, warm.Round(time.Millisecond))
	if cancelled > 0 {
		r.Note += fmt.Sprintf("; the %d message jobs earlier rows left unfinished were cancelled first", cancelled)
	}
	r.Note += "."
	if other > 0 {
		r.Note += fmt.Sprintf(" %d other messages reached these addresses.", other)
	}
	if lost > 0 {
		r.Note += " First lost: " + firstLost + b.env.ledgerStates(ctx, lostAddrs) + "."
	}
	if twice > 0 {
		r.Note += " First received twice: " + firstDupl + "."
	}
	if len(bookErrs) > 0 {
		r.Note += " First booking error: " + bookErrs[0]
	}
	return r
}

// warmMail books once, outside the row's numbers, and waits for the message to reach the
// sink; it returns how long that took.
func (b *bench) warmMail(ctx context.Context, c *http.Client, base string, sk *sink) (time.Duration, error) {
	date, hhmm := b.slots.next()
	t := time.Now()
	if err := b.bookNew(ctx, c, base, mailSeqBase-1, date, hhmm); err != nil {
		return 0, err
	}
	addr := mailAddress(-1)
	for deadline := time.Now().Add(b.sz.mailGrace); time.Now().Before(deadline) && ctx.Err() == nil; {
		for _, m := range sk.messages() {
			if slices.Contains(m.to, addr) {
				return m.at.Sub(t), nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return 0, fmt.Errorf("no message to %s within %v", addr, b.sz.mailGrace)
}

// mailAddress is the e-mail of the mail row's i-th booking.
func mailAddress(i int) string { return fmt.Sprintf("v%d@bench.test", mailSeqBase+i) }

// mailIndex is the number of the mail row's booking an address belongs to.
func mailIndex(addr string, n int) (int, bool) {
	seq, ok := benchSeq(addr)
	if !ok || !strings.HasSuffix(addr, "@bench.test") || seq < mailSeqBase || seq >= mailSeqBase+int64(n) {
		return 0, false
	}
	return int(seq - mailSeqBase), true
}

// mailRecipients is the set of the mail row's bookings that got a message, of any kind.
func mailRecipients(msgs []sunk, n int) map[int]bool {
	got := map[int]bool{}
	for _, m := range msgs {
		for _, to := range m.to {
			if i, ok := mailIndex(to, n); ok {
				got[i] = true
			}
		}
	}
	return got
}

package main

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestClosedLoopCountsSuccessesAndErrors(t *testing.T) {
	var calls atomic.Int64
	r := closedLoop(context.Background(), 4, 50*time.Millisecond, func(ctx context.Context, w, i int, rec func(time.Duration)) error {
		n := calls.Add(1)
		time.Sleep(time.Millisecond)
		if n%10 == 0 {
			return errors.New("every tenth fails")
		}
		rec(time.Millisecond)
		return nil
	})
	if r.ops == 0 || r.errors == 0 || r.firstErr != "every tenth fails" {
		t.Fatalf("ops %d errors %d first %q", r.ops, r.errors, r.firstErr)
	}
	if r.lat.count() != r.ops {
		t.Errorf("recorded %d latencies for %d successes", r.lat.count(), r.ops)
	}
	if r.rate() <= 0 {
		t.Errorf("rate %v", r.rate())
	}
}

func TestFanOutRunsEach(t *testing.T) {
	var seen [100]atomic.Bool
	fanOut(len(seen), func(i int) { seen[i].Store(true) })
	for i := range seen {
		if !seen[i].Load() {
			t.Fatalf("index %d did not run", i)
		}
	}
}

func TestBenchSeq(t *testing.T) {
	tests := []struct {
		data string
		want int64
		ok   bool
	}{
		{`data: {"appointment":{"email":"v9000012@bench.test","name":"x"}}`, 9000012, true},
		{`data: {"email":"c12@bench.test"}`, 0, false},
		{`data: {"email":"someone@example.dz"}`, 0, false},
		{`data: {"email":"v@bench.test"}`, 0, false},
	}
	for _, tt := range tests {
		got, ok := benchSeq(tt.data)
		if got != tt.want || ok != tt.ok {
			t.Errorf("benchSeq(%q) = %d, %v; want %d, %v", tt.data, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCreatedAt(t *testing.T) {
	data := `data: {"kind":"appointment.created","appointment":{"email":"v1@bench.test","created_at":"2026-11-22T10:10:28.097858Z","updated_at":"2026-11-22T10:10:29Z"}}`
	want := time.Date(2026, 11, 22, 10, 10, 28, 97858000, time.UTC)
	if got := createdAt(data); !got.Equal(want) {
		t.Fatalf("createdAt = %v, want %v", got, want)
	}
}

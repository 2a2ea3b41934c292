package main

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestHealthzURL(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{":8080", "http://127.0.0.1:8080/healthz"},
		{"0.0.0.0:8080", "http://127.0.0.1:8080/healthz"},
		{"[::]:8080", "http://127.0.0.1:8080/healthz"},
		{"127.0.0.1:8081", "http://127.0.0.1:8081/healthz"},
		{"[::1]:8082", "http://[::1]:8082/healthz"},
	} {
		got, err := healthzURL(tc.addr)
		if err != nil || got != tc.want {
			t.Errorf("healthzURL(%q) = %q, %v; want %q", tc.addr, got, err, tc.want)
		}
	}
	if _, err := healthzURL("8080"); err == nil {
		t.Error("healthzURL(8080) accepted an address without a colon")
	}
}

func TestHealthcheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		ok     bool
	}{
		{"alive", http.StatusOK, true},
		{"failing", http.StatusInternalServerError, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/healthz" {
					http.NotFound(w, r)
					return
				}
				w.WriteHeader(tc.status)
			}))
			defer srv.Close()
			_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
			err := healthcheck(context.Background(), config{Addr: ":" + port})
			if (err == nil) != tc.ok {
				t.Errorf("healthcheck: %v, want ok=%v", err, tc.ok)
			}
		})
	}
	t.Run("nothing listening", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		if err := healthcheck(context.Background(), config{Addr: addr}); err == nil {
			t.Error("healthcheck passed with no server")
		}
	})
}

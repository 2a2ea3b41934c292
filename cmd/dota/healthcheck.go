package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// healthcheckTimeout bounds one `dota healthcheck`, well inside a container runtime's
// own health-check time-out.
const healthcheckTimeout = 3 * time.Second

// healthcheck asks the dota serving on DOTA_ADDR in this container whether it is alive,
// for runtimes without a shell or curl (distroless images): exit 0 when /healthz
// answers 200, 1 otherwise.
func healthcheck(ctx context.Context, cfg config) error {
	url, err := healthzURL(cfg.Addr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, healthcheckTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %s", url, res.Status)
	}
	return nil
}

// healthzURL is the loopback URL of /healthz for a listen address such as ":8080",
// "0.0.0.0:8080" or "127.0.0.1:8081".
func healthzURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("DOTA_ADDR %q: %w", addr, err)
	}
	switch host {
	case "", "0.0.0.0", "::":
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}

// Package blackbox holds the tests that build the real dota binary and drive it from the
// outside, as a visitor, an attacker or an operator would: PostgreSQL restarts and
// kill -9 under booking load, Redis outages, graceful shutdown, hostile input on every
// route, security headers, and secrets in the served assets. The tests start their own
// PostgreSQL cluster and Redis server when a fault needs one, so the shared servers are
// never stopped. `make test-faults` runs them; `go test -short` skips them.
package blackbox

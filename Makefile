# Dota — every task a developer or CI runs. `make run` and `make test` are the two set-up commands.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c

export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/dota?sslmode=disable
export REDIS_URL ?= redis://127.0.0.1:6379/0
# Tests create and drop their own databases through this maintenance database.
export DOTA_TEST_DATABASE_URL ?= $(patsubst %/dota?sslmode=disable,%/postgres?sslmode=disable,$(DATABASE_URL))
export DOTA_TEST_REDIS_URL ?= $(REDIS_URL)

BIN := bin/dota
DEV_ADMIN ?= admin@dota.local
FUZZTIME ?= 5s

.PHONY: run test build web services web-deps chromium test-go test-fuzz test-web test-e2e lint clean bench bench-smoke

## run: install, build, start PostgreSQL and Redis if needed, migrate, seed, and serve on :8080
run: build services
	$(BIN) migrate up
	$(BIN) seed
	$(BIN) admin create --email $(DEV_ADMIN) --role admin --generate-password --if-none
	$(BIN) serve

## test: everything the project checks, against the real PostgreSQL, Redis and Chromium
test: services lint test-go test-fuzz test-web test-e2e bench-smoke

## build: the web app, embedded in the dota binary
build: web
	go build -o $(BIN) ./cmd/dota

web: web-deps
	cd web && npm run build

web-deps: web/node_modules/.installed
web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

services:
	bash deploy/dev/services.sh

chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

lint: web-deps
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo 'gofmt: files above need formatting'; exit 1; }
	go vet ./...
	cd web && npm run typecheck

test-go:
	go test -race -count=1 ./...

## test-fuzz: a short run of every fuzz target
test-fuzz:
	@for pkg in $$(go list ./...); do \
	  for t in $$(go test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "fuzz $$pkg $$t"; go test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

test-web: web-deps
	cd web && npm test

test-e2e: build chromium
	cd web && DOTA_BIN=$(CURDIR)/$(BIN) npm run e2e

## bench: measure Dota against this machine's own ceilings (< 10 min); writes docs/benchmarks.{md,json}
bench: services
	go run ./cmd/dota-bench

## bench-smoke: a few seconds of the bench harness with tiny loads; checks every row yields a number, no targets
bench-smoke: services
	go run ./cmd/dota-bench -smoke

clean:
	rm -rf bin web/node_modules

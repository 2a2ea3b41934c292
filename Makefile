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
# A number of executions, not a duration: with a duration, Go 1.26's fuzzing engine can
# fail a target with "context deadline exceeded" when the time runs out on a busy machine
# (go.dev/issue/75804, fixed in Go 1.27).
FUZZTIME ?= 10000x
# Deployment tools, pinned. kustomize and the docker compose plugin are built from the
# Go module proxy; nginx and promtool (package prometheus) come from Debian.
# They are built once per version into a cache outside the checkout, so that a fresh clone
# (as CI makes) does not build them again: golangci-lint alone takes over a minute.
TOOLS ?= $(HOME)/.cache/dota/tools
KUSTOMIZE_VERSION := v5.8.2
export KUSTOMIZE := $(TOOLS)/kustomize-$(KUSTOMIZE_VERSION)/kustomize
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT := $(TOOLS)/golangci-lint-$(GOLANGCI_LINT_VERSION)/golangci-lint
COMPOSE_VERSION := v5.5.1

.PHONY: run test build web services web-deps chromium test-go test-eval test-fuzz test-web test-e2e lint clean \
	cluster cluster-stop eval test-deploy test-cluster nginx promtool compose-cli kustomize budget test-faults test-soak bench bench-smoke

## run: install, build, start PostgreSQL and Redis if needed, migrate, seed, and serve on :8080
run: build services
	$(BIN) migrate up
	$(BIN) seed
	$(BIN) admin create --email $(DEV_ADMIN) --role admin --generate-password --if-none
	$(BIN) serve

## eval: Dota against its labelled utterances (chatbot/testdata/eval) and whole conversations (chatbot/testdata/dialogues): intent accuracy
## and field precision and recall, per language and intent, tuned and held-out parts
eval: services
	go test -count=1 -run '^TestEval' -v ./chatbot/ | grep -v '^=== RUN'

## test: everything the project checks, against the real PostgreSQL, Redis and Chromium
test: services lint test-go test-eval test-fuzz test-web test-e2e test-faults test-deploy test-cluster bench-smoke

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

# golangci-lint, pinned, built from the Go module proxy (.golangci.yml says which linters and why).
$(GOLANGCI_LINT):
	GOBIN=$(dir $@) go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)

chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

lint: web-deps $(GOLANGCI_LINT)
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo 'gofmt: files above need formatting'; exit 1; }
	go vet ./...
	$(GOLANGCI_LINT) run ./...
	cd web && npm run typecheck && npm run lint && npm run check:api

# The black-box tests of api/blackbox run the real binary: test-faults runs them, once.
test-go:
	go test -race -count=1 $$(go list ./... | grep -v '/api/blackbox$$')

## test-eval: Dota's evaluation (utterances and whole conversations) against its floors, without
## the race detector, whose cost hundreds of conversations do not need
test-eval:
	go test -count=1 -run '^TestEval' ./chatbot/

## test-fuzz: a short run of every fuzz target, found in the test files (listing them with
## `go test -list` would build every package's tests once more)
test-fuzz:
	@for dir in $$(grep -rl --include='*_test.go' --exclude-dir=node_modules '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
	  for t in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go | cut -d' ' -f2); do \
	    echo "fuzz $$dir $$t"; go test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$dir; \
	  done; \
	done

## test-faults: PostgreSQL restarts, kill -9, Redis outages, graceful shutdown, hostile input,
## security headers and secrets, against the real binary (docs/reliability.md)
test-faults: services web
	go test -count=1 -timeout 10m ./api/blackbox/

## test-soak: SOAK_DURATION (default 5m) at half the measured capacity; not part of `make test`
SOAK_DURATION ?= 5m
test-soak: services web
	DOTA_SOAK_DURATION=$(SOAK_DURATION) go test -count=1 -tags soak -run '^TestSoak$$' -timeout 30m -v ./api/blackbox/

test-web: web-deps
	cd web && npm test

test-e2e: build chromium
	cd web && DOTA_BIN=$(CURDIR)/$(BIN) npm run e2e

budget: build chromium ; cd web && DOTA_BIN=$(CURDIR)/$(BIN) npm run budget

## cluster: two replicas (:8081, :8082) behind nginx on :8080, on the local PostgreSQL and Redis
cluster: build services nginx
	bash deploy/cluster/cluster.sh up
	$(BIN) admin create --email $(DEV_ADMIN) --role admin --generate-password --if-none

## cluster-stop: stop what `make cluster` started
cluster-stop:
	bash deploy/cluster/cluster.sh down

## test-deploy: Compose, kustomize, nginx and Prometheus checks, and the metrics the dashboard uses
test-deploy: build nginx promtool compose-cli kustomize
	go vet -tags deploy ./deploy/...
	go test -tags deploy -count=1 ./deploy/deploytest

## test-cluster: two replicas behind nginx, driven through the balancer
test-cluster: build nginx
	go vet -tags cluster ./deploy/...
	go test -tags cluster -count=1 -timeout 10m ./deploy/deploytest

nginx:
	@command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; }

promtool:
	@command -v promtool >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus; }

# The docker client runs `docker compose config` without an engine; the compose plugin
# is built from its Go module into the user's plugin directory when missing.
compose-cli:
	@command -v docker >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io; }
	@docker compose version >/dev/null 2>&1 || { \
	  echo "building the docker compose plugin $(COMPOSE_VERSION) into $$HOME/.docker/cli-plugins"; \
	  go mod download github.com/docker/compose/v5@$(COMPOSE_VERSION); \
	  mkdir -p "$$HOME/.docker/cli-plugins"; \
	  cd "$$(go env GOMODCACHE)/github.com/docker/compose/v5@$(COMPOSE_VERSION)" && \
	  go build -trimpath -ldflags "-s -w -X github.com/docker/compose/v5/internal.Version=$(COMPOSE_VERSION)" \
	    -o "$$HOME/.docker/cli-plugins/docker-compose" ./cmd; }

kustomize: $(KUSTOMIZE)
$(KUSTOMIZE):
	GOBIN=$(dir $@) go install sigs.k8s.io/kustomize/kustomize/v5@$(KUSTOMIZE_VERSION)

## bench: measure Dota against this machine's own ceilings (< 10 min); writes docs/benchmarks.{md,json}
bench: services
	go run ./cmd/dota-bench

## bench-smoke: a few seconds of the bench harness with tiny loads; checks every row yields a number, no targets
bench-smoke: services
	go run ./cmd/dota-bench -smoke

clean:
	rm -rf bin web/node_modules

// Package deploytest checks what deploy/ ships against the real tools and the real
// binary. Its tests carry build tags, so `go test ./...` leaves them out:
//
//	go test -tags deploy ./deploy/deploytest    (make test-deploy) the Compose file,
//	    the kustomize base, the nginx configs, the Prometheus rules and a scrape of
//	    the running binary, and the metric names the dashboard and rules use
//	go test -tags cluster ./deploy/deploytest   (make test-cluster) two replicas
//	    behind nginx, started by deploy/cluster/cluster.sh, driven through the balancer
//
// Both need bin/dota (make build), PostgreSQL and Redis (DOTA_TEST_DATABASE_URL,
// DOTA_TEST_REDIS_URL, as for every test package), and the tools the make targets
// install: docker with the compose plugin, kustomize ($KUSTOMIZE, which make
// sets, or bin/kustomize), promtool and nginx.
package deploytest

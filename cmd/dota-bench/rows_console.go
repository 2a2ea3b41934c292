package main

import (
	"context"
	"net/http"
)

func (b *bench) consoleRow(ctx context.Context) row {
	r := row{Name: rowConsole, Unit: "ms p99", BaselineName: "bytes of every appointment as JSON",
		Target: "p99 ≤ 25 ms; ≥ 1000× fewer bytes"}
	if !routeExists(ctx, newClient(1), http.MethodPost, b.main.base+"/api/admin/login") {
		r.NotMeasured = absentPrefix + "POST /api/admin/login"
		return r
	}
	r.NotMeasured = "not written yet"
	return r
}

func (b *bench) eventsRow(ctx context.Context) row {
	r := row{Name: rowEvents, Unit: "ms p99", Target: "p99 ≤ 100 ms, 0 lost"}
	if !routeExists(ctx, newClient(1), http.MethodPost, b.main.base+"/api/admin/login") {
		r.NotMeasured = absentPrefix + "GET /api/admin/events"
		return r
	}
	r.NotMeasured = "not written yet"
	return r
}

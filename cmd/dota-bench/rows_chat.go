package main

import (
	"context"
	"net/http"
)

func (b *bench) chatRow(ctx context.Context) row {
	r := row{Name: rowChat, Unit: "turns/s", BaselineName: "healthz req/s",
		Target: "≥ 0.25 × healthz; p99 ≤ 20 ms at 256 visitors; 0 errors"}
	if !routeExists(ctx, newClient(1), http.MethodPost, b.main.base+"/api/chat/sessions") {
		r.NotMeasured = absentPrefix + "POST /api/chat/sessions"
		return r
	}
	r.NotMeasured = "not written yet"
	return r
}

func (b *bench) freeRow(ctx context.Context) row {
	r := row{Name: rowFree, Unit: "replies/s", BaselineName: "healthz req/s", Target: "≥ 0.4 × healthz"}
	if !routeExists(ctx, newClient(1), http.MethodPost, b.main.base+"/api/chat/sessions") {
		r.NotMeasured = absentPrefix + "POST /api/chat/sessions"
		return r
	}
	r.NotMeasured = "not written yet"
	return r
}

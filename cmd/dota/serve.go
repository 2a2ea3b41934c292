package main

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/web"
)

// serve wires the pools, the domain services and the router, and serves until ctx ends,
// then lets in-flight requests finish within the shutdown timeout.
func serve(ctx context.Context, cfg config) error {
	log := newLogger(cfg)
	slog.SetDefault(log)
	if err := checkSchema(ctx, cfg); err != nil {
		return err
	}
	pool, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	ropt, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return err
	}
	rdb := redis.NewClient(ropt)
	defer rdb.Close()
	if err := rdb.Ping(ctx).Err(); err != nil {
		log.Warn("Redis does not answer yet; serving and retrying", "err", err)
	}

	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return err
	}
	core := booking.New(pool, booking.WithLogger(log))
	handler := api.New(api.Deps{
		Booking: core, DB: pool, Redis: rdb, Web: dist, Logger: log,
		MaxBodyBytes: cfg.MaxBodyBytes, TrustProxy: cfg.TrustProxy,
	})
	srv := &http.Server{
		Addr:              cfg.Addr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	if cfg.PprofAddr != "" {
		go servePprof(ctx, cfg.PprofAddr, log)
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("serving", "addr", cfg.Addr)
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", cfg.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

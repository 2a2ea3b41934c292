package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
)

type health struct {
	db    *pgxpool.Pool
	redis *redis.Client
}

// live answers while the process serves requests.
func (h *health) live(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) }

// ready answers 200 only while PostgreSQL and Redis both answer.
func (h *health) ready(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	checks := gin.H{"postgres": "ok", "redis": "ok"}
	status := http.StatusOK
	if h.db == nil || h.db.Ping(ctx) != nil {
		checks["postgres"], status = "unreachable", http.StatusServiceUnavailable
	}
	if h.redis == nil || h.redis.Ping(ctx).Err() != nil {
		checks["redis"], status = "unreachable", http.StatusServiceUnavailable
	}
	c.JSON(status, gin.H{"status": map[bool]string{true: "ready", false: "unready"}[status == http.StatusOK], "checks": checks})
}

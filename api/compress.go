package api

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// compressJSON gzips the JSON answers of GET requests for browsers that accept it. The
// event streams (the console's and each visitor's) and the CSV export stream as they are
// written and are left alone.
func compressJSON() gin.HandlerFunc {
	return func(c *gin.Context) {
		p := c.Request.URL.Path
		if c.Request.Method != http.MethodGet || !strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") ||
			p == "/api/admin/events" || strings.HasSuffix(p, "/stream") || strings.HasSuffix(p, ".csv") {
			c.Next()
			return
		}
		zw := gzipWriters.Get().(*gzip.Writer)
		zw.Reset(c.Writer)
		gw := &gzipWriter{ResponseWriter: c.Writer, zw: zw}
		c.Writer = gw
		c.Header("Vary", "Accept-Encoding")
		c.Next()
		if gw.started {
			_ = zw.Close()
		}
		// What is written after this (the error envelope) goes out as it is.
		c.Writer = gw.ResponseWriter
		gzipWriters.Put(zw)
	}
}

// gzipWriter compresses the body once the handler starts writing it.
type gzipWriter struct {
	gin.ResponseWriter
	zw      *gzip.Writer
	started bool
}

func (w *gzipWriter) start() {
	if !w.started {
		w.started = true
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Del("Content-Length")
	}
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	w.start()
	return w.zw.Write(b)
}

func (w *gzipWriter) WriteString(s string) (int, error) {
	w.start()
	return w.zw.Write([]byte(s))
}

package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"
)

// asset is one file of the web app, held in memory with its gzip form when that is
// smaller, so a visitor's browser downloads each script once, compressed.
type asset struct {
	data   []byte
	gz     []byte
	ctype  string
	etag   string
	maxAge string
}

// compressible lists the file types worth compressing.
var compressible = map[string]bool{".js": true, ".css": true, ".html": true, ".svg": true, ".json": true,
	".txt": true, ".xml": true, ".map": true, ".webmanifest": true}

// loadAssets reads every file of the web app and compresses the text ones.
func loadAssets(web fs.FS) map[string]*asset {
	out := map[string]*asset{}
	if web == nil {
		return out
	}
	_ = fs.WalkDir(web, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		data, err := fs.ReadFile(web, name)
		if err != nil {
			return nil
		}
		ext := path.Ext(name)
		sum := sha256.Sum256(data)
		a := &asset{data: data, ctype: mime.TypeByExtension(ext), etag: `"` + hex.EncodeToString(sum[:8]) + `"`,
			maxAge: "public, max-age=3600"}
		if a.ctype == "" {
			a.ctype = http.DetectContentType(data)
		}
		if strings.HasPrefix(name, "assets/") {
			a.maxAge = "public, max-age=31536000, immutable"
		}
		// Prerendered pages are never sent as stored (pages.go puts the visitor's origin in
		// and compresses the result), so compressing them here would be wasted start-up work.
		if compressible[ext] && len(data) > 512 && !strings.HasPrefix(name, pagesDir) {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(data)
			_ = zw.Close()
			if buf.Len() < len(data) {
				a.gz = buf.Bytes()
			}
		}
		out[name] = a
		return nil
	})
	return out
}

// serve writes the asset, compressed when the browser accepts gzip, and answers a
// matching If-None-Match with 304.
func (a *asset) serve(c *gin.Context, cacheControl string) {
	h := c.Writer.Header()
	h.Set("Cache-Control", cacheControl)
	h.Set("Content-Type", a.ctype)
	h.Set("ETag", a.etag)
	h.Add("Vary", "Accept-Encoding")
	if match := c.GetHeader("If-None-Match"); match != "" && strings.Contains(match, a.etag) {
		c.Status(http.StatusNotModified)
		return
	}
	body := a.data
	if a.gz != nil && strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	c.Data(http.StatusOK, a.ctype, body)
}

package pages

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

// loadAssets reads every file of the web app.
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
		if strings.HasPrefix(name, pagesDir) {
			// Never sent as stored: pages.go puts the site's origin in first.
			out[name] = &asset{data: data}
			return nil
		}
		a := newAsset(data, path.Ext(name))
		if strings.HasPrefix(name, "assets/") {
			a.maxAge = "public, max-age=31536000, immutable"
		}
		out[name] = a
		return nil
	})
	return out
}

// newAsset holds data, a file of type ext, compressed when it is text and worth it.
func newAsset(data []byte, ext string) *asset {
	sum := sha256.Sum256(data)
	a := &asset{data: data, ctype: mime.TypeByExtension(ext), etag: `"` + hex.EncodeToString(sum[:8]) + `"`,
		maxAge: "public, max-age=3600"}
	if a.ctype == "" {
		a.ctype = http.DetectContentType(data)
	}
	if compressible[ext] && len(data) > 512 {
		if gz := compress(data, gzip.BestCompression); len(gz) < len(data) {
			a.gz = gz
		}
	}
	return a
}

func compress(data []byte, level int) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, level)
	_, _ = zw.Write(data)
	_ = zw.Close()
	return buf.Bytes()
}

// serve writes the asset with status, compressed when the browser accepts gzip. A found
// asset carries its ETag, and a matching If-None-Match is answered 304.
func (a *asset) serve(c *gin.Context, status int, cacheControl string) {
	h := c.Writer.Header()
	h.Set("Cache-Control", cacheControl)
	h.Add("Vary", "Accept-Encoding")
	if status == http.StatusOK {
		h.Set("ETag", a.etag)
		if match := c.GetHeader("If-None-Match"); match != "" && strings.Contains(match, a.etag) {
			c.Status(http.StatusNotModified)
			return
		}
	}
	body := a.data
	if a.gz != nil && strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	c.Data(status, a.ctype, body)
}

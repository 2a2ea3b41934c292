package api

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"
)

// notBuilt is served when the binary was built without the web app.
const notBuilt = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Dota</title></head>
<body><h1>Dota</h1><p>The web app is not built into this binary. Run <code>make run</code>.</p></body></html>`

// spa serves the web app: real files as they are (hashed assets cached for good), and
// index.html for every other path outside /api, so the React router can take it.
func spa(web fs.FS) gin.HandlerFunc {
	var index []byte
	if web != nil {
		index, _ = fs.ReadFile(web, "index.html")
	}
	files := http.FileServer(http.FS(orEmpty(web)))
	return func(c *gin.Context) {
		p := c.Request.URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/api" {
			_ = c.Error(errNotFound)
			return
		}
		if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
			_ = c.Error(errNotFound)
			return
		}
		name := strings.TrimPrefix(path.Clean(p), "/")
		if name != "" && name != "index.html" && web != nil {
			if st, err := fs.Stat(web, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					c.Header("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					c.Header("Cache-Control", "public, max-age=3600")
				}
				files.ServeHTTP(c.Writer, c.Request)
				return
			}
			if strings.HasPrefix(name, "assets/") {
				c.String(http.StatusNotFound, "not found")
				return
			}
		}
		c.Header("Cache-Control", "no-cache")
		if index == nil {
			c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(notBuilt))
			return
		}
		c.Data(http.StatusOK, "text/html; charset=utf-8", index)
	}
}

func orEmpty(web fs.FS) fs.FS {
	if web == nil {
		return emptyFS{}
	}
	return web
}

type emptyFS struct{}

func (emptyFS) Open(string) (fs.File, error) { return nil, fs.ErrNotExist }

package api

import (
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"
)

// notBuilt is served when the binary was built without the web app.
const notBuilt = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Dota</title></head>
<body><h1>Dota</h1><p>The web app is not built into this binary. Run <code>make run</code>.</p></body></html>`

// privatePrefixes start the pages whose address is a credential: the customer's manage
// links, /manage/{token} (in every e-mail about an appointment), and the links of
// waitlist offers, /waitlist/offers/{token}. The token opens the page to whoever holds it.
var privatePrefixes = []string{"manage/", "waitlist/offers/"}

// spa serves the web app: real files as they are (hashed assets cached for good), the
// prerendered page of each public route (pages.go), and index.html, the app's empty
// shell, for the console, for the manage links, and for every path when the build has
// no prerendered pages.
func spa(web fs.FS, origin string, services serviceFinder, log *slog.Logger) gin.HandlerFunc {
	assets := loadAssets(web)
	index := assets["index.html"]
	if index == nil {
		index = &asset{data: []byte(notBuilt), ctype: "text/html; charset=utf-8", etag: `"not-built"`}
	}
	prerendered := loadPages(assets, index, origin, services, log)
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
		if a, ok := assets[name]; ok && name != "index.html" && !strings.HasPrefix(name, pagesDir) {
			a.serve(c, a.maxAge)
			return
		}
		if strings.HasPrefix(name, "assets/") {
			c.String(http.StatusNotFound, "not found")
			return
		}
		for _, prefix := range privatePrefixes {
			if strings.HasPrefix(name, prefix) {
				servePrivate(c, index)
				return
			}
		}
		if prerendered != nil && prerendered.serve(c, "/"+name) {
			return
		}
		index.serve(c, "no-cache")
	}
}

// servePrivate serves the shell for a page whose address is a secret (a manage link's
// token): no cache keeps it, no search engine lists it, and no request from it, to this
// site or another, names its address in a Referer.
func servePrivate(c *gin.Context, index *asset) {
	h := c.Writer.Header()
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	index.serve(c, "no-store")
}

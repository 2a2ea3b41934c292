package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// securityTxtPath is where RFC 9116 puts the file.
const securityTxtPath = "/.well-known/security.txt"

// securityTxtLife is how far ahead the file's Expires lies. It is written at each
// request, so it never goes stale while the site runs; RFC 9116 recommends less than a
// year, so that a copy left behind stops being trusted.
const securityTxtLife = 180 * 24 * time.Hour

// securityTxt serves /.well-known/security.txt (RFC 9116): where to report a
// vulnerability (the settings' contact e-mail, the agency's), until when to trust the
// file, the languages the agency reads, and the file's own address under the site's
// public origin. SECURITY.md says what is in scope and how reports are handled.
func securityTxt(settings settingsReader, origin string, now func() time.Time) func(*gin.Context) error {
	return func(c *gin.Context) error {
		st, err := settings(c)
		if err != nil {
			return err
		}
		var b strings.Builder
		b.WriteString("# Report a security problem of this site to the address below.\n")
		if st.Email() != "" {
			b.WriteString("Contact: mailto:" + st.Email() + "\n")
		}
		b.WriteString("Expires: " + now().Add(securityTxtLife).UTC().Truncate(time.Hour).Format(time.RFC3339) + "\n")
		b.WriteString("Preferred-Languages: fr, en, ar\n")
		b.WriteString("Canonical: " + origin + securityTxtPath + "\n")
		c.Header("Cache-Control", "public, max-age=3600")
		c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(b.String()))
		return nil
	}
}

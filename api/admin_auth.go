package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/console"
)

// profile is what the console learns about the signed-in user: the menu is built from
// pages, the buttons from permissions.
type profile struct {
	User        console.User       `json:"user"`
	Pages       []console.Page     `json:"pages"`
	Menu        []console.MenuItem `json:"menu"`
	Permissions []console.Action   `json:"permissions"`
	CSRFToken   string             `json:"csrf_token"`
	Message     string             `json:"message,omitempty"`
}

func profileOf(c *gin.Context, s *console.Session) profile {
	return profile{User: s.User, Pages: console.PagesOf(s.User), Menu: console.Menu(s.User, langOf(c)),
		Permissions: console.PermissionsOf(s.User), CSRFToken: s.CSRFToken}
}

func (a *admin) login(c *gin.Context) error {
	var req struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	token, s, err := a.console.Login(c, req.Email, req.Password, c.ClientIP())
	if err != nil {
		return err
	}
	a.setCookie(c, token, int(a.console.SessionLifetime().Seconds()))
	p := profileOf(c, s)
	p.Message = console.Text(langOf(c), "login_ok")
	c.JSON(http.StatusOK, p)
	return nil
}

func (a *admin) logout(c *gin.Context) error {
	if err := a.console.Logout(c, sessionOf(c)); err != nil {
		return err
	}
	a.setCookie(c, "", -1)
	done(c, "logout_ok", nil)
	return nil
}

func (a *admin) me(c *gin.Context) error {
	c.JSON(http.StatusOK, profileOf(c, sessionOf(c)))
	return nil
}

// updateMe changes what the signed-in user may change of themselves: their display name.
func (a *admin) updateMe(c *gin.Context) error {
	var in struct {
		DisplayName *string `json:"display_name"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.DisplayName == nil {
		return errValidation("bad_query", map[string]string{"display_name": text(langOf(c), "bad_query")})
	}
	s := *sessionOf(c)
	u, err := a.console.SetDisplayName(c, s.User.ID, *in.DisplayName)
	if err != nil {
		return err
	}
	s.User = u
	p := profileOf(c, &s)
	p.Message = console.Text(langOf(c), "profile_updated")
	c.JSON(http.StatusOK, p)
	return nil
}

// setCookie writes the session cookie: HttpOnly, SameSite=Lax, Secure when the site's
// public address is https or the connection itself is TLS.
func (a *admin) setCookie(c *gin.Context, token string, maxAge int) {
	http.SetCookie(c.Writer, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: a.httpsSite || c.Request.TLS != nil})
}

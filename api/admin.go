package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/privacy"
)

// SessionCookie is the name of the console's session cookie.
const SessionCookie = "dota_session"

const ctxSession = "console_session"

// admin serves the console's /api/admin routes.
type admin struct {
	console   *console.Console // staff, sessions, roles and what the console's rules add
	core      bookingCore      // the rest, asked of the booking core directly
	catalogue *catalogue.Store // services and projects
	privacy   *privacy.Runner  // a person's export and erasure
	chat      *chatbot.Engine  // nil leaves the operations page out
	backups   backups          // the backup runs, and whether auto_backup may be on
	events    *Events
	httpsSite bool         // the session cookie is Secure
	alerts    alertService // nil leaves the alert routes out
	calendars calendarService
	traffic   trafficCounts
}

// bookingCore is the booking core as the console's screens ask it directly: each
// screen's file declares the few methods it needs, and *booking.Core has them all.
type bookingCore interface {
	appointmentCore
	clientCore
	notificationCore
	messageCore
	waitlistCore
	settingsCore
	outcomeCore
	consultantCore
	sourceCore
}

// signedIn is a route any signed-in user may call.
var signedIn = console.Need{}

func need(p console.Page, a console.Action) console.Need { return console.Need{Page: p, Action: a} }

// mount registers every /api/admin route. Each one declares what it needs; the session,
// CSRF and policy checks run before its handler.
func (a *admin) mount(r *gin.Engine) {
	g := r.Group("/api/admin", noStore())
	g.POST("/login", handle(a.login))
	s := g.Group("", a.session(), csrf())
	h := func(method, path string, n console.Need, fn func(*gin.Context) error) {
		s.Handle(method, path, require(n), handle(fn))
	}
	h("POST", "/logout", signedIn, a.logout)
	h("GET", "/me", signedIn, a.me)
	h("PATCH", "/me", signedIn, a.updateMe)
	h("GET", "/events", signedIn, a.events.serve)
	a.mountAppointments(h)
	a.mountOutcomes(h)
	a.mountSources(h)
	a.mountUsers(h)
	a.mountConsultants(h)
	a.mountClients(h)
	a.mountProjects(h)
	a.mountServices(h)
	a.mountNotifications(h)
	a.mountMessages(h)
	a.mountWaitlist(h)
	a.mountSettings(h)
	a.mountCannedReplies(h)
	if a.alerts != nil {
		a.mountAlerts(h)
	}
	a.mountBackups(h)
	a.mountCalendars(h)
	if a.chat != nil {
		(&ops{engine: a.chat}).mount(h)
		a.mountConversations(h)
	}
}

// route registers a handler of /api/admin behind the checks of what it needs.
type route func(method, path string, n console.Need, fn func(*gin.Context) error)

// session loads the signed-in user's session from the cookie, or answers 401.
func (a *admin) session() gin.HandlerFunc {
	return func(c *gin.Context) {
		token, _ := c.Cookie(SessionCookie)
		s, err := a.console.Authenticate(c, token)
		if err != nil {
			_ = c.Error(err)
			c.Abort()
			return
		}
		c.Set(ctxSession, s)
		c.Next()
	}
}

func sessionOf(c *gin.Context) *console.Session {
	s, _ := c.Get(ctxSession)
	return s.(*console.Session)
}

// csrf refuses a state-changing request whose X-CSRF-Token is not the session's.
func csrf() gin.HandlerFunc {
	return func(c *gin.Context) {
		switch c.Request.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			if !sessionOf(c).CheckCSRF(c.GetHeader("X-CSRF-Token")) {
				_ = c.Error(console.ErrCSRF)
				c.Abort()
				return
			}
		}
		c.Next()
	}
}

// require refuses the request unless the user meets n.
func require(n console.Need) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := console.Authorize(sessionOf(c).User, n); err != nil {
			_ = c.Error(err)
			c.Abort()
			return
		}
		c.Next()
	}
}

// userOf is the signed-in user.
func userOf(c *gin.Context) console.User { return sessionOf(c).User }

// paging reads ?page= and ?size= (0 when absent).
func paging(c *gin.Context) (booking.Paging, error) {
	var p booking.Paging
	for _, q := range []struct {
		name string
		dst  *int
	}{{"page", &p.Page}, {"size", &p.Size}} {
		if v := c.Query(q.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return p, errValidation("bad_query", map[string]string{q.name: text(langOf(c), "bad_query")})
			}
			*q.dst = n
		}
	}
	return p, nil
}

// idList splits a comma-separated ?ids= list.
func idList(s string) []string {
	var out []string
	for _, id := range strings.Split(s, ",") {
		if id = strings.TrimSpace(id); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// done answers a successful change with its localized message.
func done(c *gin.Context, key string, extra gin.H) {
	if extra == nil {
		extra = gin.H{}
	}
	extra["message"] = console.Text(langOf(c), key)
	c.JSON(http.StatusOK, extra)
}

func itoa(n int) string { return strconv.Itoa(n) }

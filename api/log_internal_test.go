package api

import "testing"

// The credentials a path carries — a manage link's token, a waitlist offer's token, a
// chat session's id — never reach the access log; the route's shape does.
func TestCredentialsStayOutOfTheLog(t *testing.T) {
	for path, want := range map[string]string{
		"/api/manage/abc/cancel":          "/api/manage/…/cancel",
		"/api/manage/abc":                 "/api/manage/…",
		"/manage/abc":                     "/manage/…",
		"/api/services":                   "/api/services",
		"/api/waitlist/offers/t0k":        "/api/waitlist/offers/…",
		"/api/waitlist/offers/t0k/accept": "/api/waitlist/offers/…/accept",
		"/waitlist/offers/t0k":            "/waitlist/offers/…",
		"/api/waitlist":                   "/api/waitlist",
		"/api/chat/sessions":              "/api/chat/sessions",
		"/api/chat/sessions/0123456789abcdef0123456789abcdef":          "/api/chat/sessions/…",
		"/api/chat/sessions/0123456789abcdef0123456789abcdef/messages": "/api/chat/sessions/…/messages",
		"/api/chat/sessions/0123456789abcdef0123456789abcdef/stream":   "/api/chat/sessions/…/stream",
		"/api/chat/resume/s1gned":                                      "/api/chat/resume/…",
	} {
		if got := loggedPath(path); got != want {
			t.Errorf("%s logged as %s, want %s", path, got, want)
		}
	}
}

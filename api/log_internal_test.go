package api

import "testing"

func TestManageTokensStayOutOfTheLog(t *testing.T) {
	for path, want := range map[string]string{
		"/api/manage/abc/cancel": "/api/manage/…/cancel",
		"/api/manage/abc":        "/api/manage/…",
		"/manage/abc":            "/manage/…",
		"/api/services":          "/api/services",
	} {
		if got := loggedPath(path); got != want {
			t.Errorf("%s logged as %s, want %s", path, got, want)
		}
	}
}

package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/calendars"
	"github.com/dota-agency/dota/console"
)

// calendarService is what the calendar routes ask the consultants' calendars (package
// calendars).
type calendarService interface {
	Status(ctx context.Context, userID, lang string) (calendars.Status, error)
	SetSource(ctx context.Context, userID string, in calendars.SourceInput, lang string) (calendars.Status, error)
	NewFeed(ctx context.Context, userID string) (calendars.FeedLink, error)
	RevokeFeed(ctx context.Context, userID string) error
	Feed(ctx context.Context, token string) ([]byte, error)
}

// A consultant's calendars: the private feed out and the calendar read in. Each is the
// consultant's own business: they and the administrators see and change it.
func (a *admin) mountCalendars(h route) {
	h("GET", "/consultants/:id/calendar", signedIn, a.consultantCalendar)
	h("PUT", "/consultants/:id/calendar", signedIn, a.setConsultantCalendar)
	h("POST", "/consultants/:id/calendar/feed", signedIn, a.newCalendarFeed)
	h("DELETE", "/consultants/:id/calendar/feed", signedIn, a.revokeCalendarFeed)
}

// calendarOwner is the consultant the route names, when the signed-in user is them or
// an administrator.
func calendarOwner(c *gin.Context) (string, error) {
	id, u := c.Param("id"), userOf(c)
	if u.ID != id && u.Role != console.RoleAdmin {
		return "", &console.ForbiddenError{Need: need(console.PageUsers, console.ActUsersUpdate)}
	}
	return id, nil
}

func (a *admin) consultantCalendar(c *gin.Context) error {
	id, err := calendarOwner(c)
	if err != nil {
		return err
	}
	st, err := a.calendars.Status(c, id, langOf(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, st)
	return nil
}

func (a *admin) setConsultantCalendar(c *gin.Context) error {
	id, err := calendarOwner(c)
	if err != nil {
		return err
	}
	var in calendars.SourceInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	st, err := a.calendars.SetSource(c, id, in, langOf(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, st)
	return nil
}

func (a *admin) newCalendarFeed(c *gin.Context) error {
	id, err := calendarOwner(c)
	if err != nil {
		return err
	}
	link, err := a.calendars.NewFeed(c, id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, link)
	return nil
}

func (a *admin) revokeCalendarFeed(c *gin.Context) error {
	id, err := calendarOwner(c)
	if err != nil {
		return err
	}
	if err := a.calendars.RevokeFeed(c, id); err != nil {
		return err
	}
	done(c, "calendar_feed_revoked", nil)
	return nil
}

// calendarFeed serves a consultant's private feed, /api/calendar/{token}.ics, which
// their own calendar reads: the token is the only credential, and nothing caches it.
func calendarFeed(svc calendarService) func(*gin.Context) error {
	return func(c *gin.Context) error {
		token, ok := strings.CutSuffix(c.Param("token.ics"), ".ics")
		if !ok {
			return errNotFound
		}
		data, err := svc.Feed(c, token)
		if err != nil {
			return err
		}
		c.Data(http.StatusOK, "text/calendar; charset=utf-8", data)
		return nil
	}
}

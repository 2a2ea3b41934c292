package api

import (
	"context"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/console"
)

// alertService is what the alert routes ask the staff alerts (package alerts).
type alertService interface {
	Preferences(ctx context.Context, u console.User) (alerts.Preferences, error)
	SetPreferences(ctx context.Context, u console.User, in alerts.PreferencesInput) (alerts.Preferences, error)
	Subscribe(ctx context.Context, u console.User, in alerts.SubscriptionInput, userAgent string) (alerts.Subscription, error)
	Unsubscribe(ctx context.Context, u console.User, endpoint string) error
	List(ctx context.Context, f alerts.Filter) (alerts.Page, error)
}

// Staff alerts: each signed-in user's choices and browsers, and the ledger of every
// alert sent or due, which is the messages page's (admins').
func (a *admin) mountAlerts(h route) {
	h("GET", "/me/alerts", signedIn, a.myAlerts)
	h("PUT", "/me/alerts", signedIn, a.setMyAlerts)
	h("POST", "/me/push-subscriptions", signedIn, a.subscribePush)
	h("DELETE", "/me/push-subscriptions", signedIn, a.unsubscribePush)
	h("GET", "/alerts", need(console.PageMessages, ""), a.alertLedger)
}

func (a *admin) myAlerts(c *gin.Context) error {
	p, err := a.alerts.Preferences(c, userOf(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, p)
	return nil
}

func (a *admin) setMyAlerts(c *gin.Context) error {
	var in alerts.PreferencesInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p, err := a.alerts.SetPreferences(c, userOf(c), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, p)
	return nil
}

func (a *admin) subscribePush(c *gin.Context) error {
	var in alerts.SubscriptionInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sub, err := a.alerts.Subscribe(c, userOf(c), in, c.Request.UserAgent())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, sub)
	return nil
}

func (a *admin) unsubscribePush(c *gin.Context) error {
	var in struct {
		Endpoint string `json:"endpoint"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := a.alerts.Unsubscribe(c, userOf(c), in.Endpoint); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

func (a *admin) alertLedger(c *gin.Context) error {
	f := alerts.Filter{State: c.Query("state"), Event: c.Query("event"), Lang: langOf(c)}
	for field, dst := range map[string]*int{"page": &f.Page, "size": &f.Size} {
		if v := c.Query(field); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return errValidation("bad_query", map[string]string{field: "bad_query"})
			}
			*dst = n
		}
	}
	page, err := a.alerts.List(c, f)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, page)
	return nil
}

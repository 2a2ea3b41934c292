package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// notificationCore is what the notifications screen asks the booking core, which owns
// them (booking/notification_list.go) and publishes their live events.
type notificationCore interface {
	Notifications(ctx context.Context, f booking.NotificationFilter, p booking.Paging) (booking.NotificationPage, error)
	UnreadCount(ctx context.Context) (int, error)
	RecentNotificationsList(ctx context.Context) ([]booking.Notification, error)
	SetNotificationStatus(ctx context.Context, id, status string) (booking.Notification, error)
	DeleteNotification(ctx context.Context, id string) error
	BulkNotificationStatus(ctx context.Context, ids []string, status string) (int, error)
	BulkDeleteNotifications(ctx context.Context, ids []string) (int, error)
	MarkAllRead(ctx context.Context) (int, error)
}

func (a *admin) mountNotifications(h route) {
	page := console.PageNotifications
	h("GET", "/notifications", need(page, ""), a.notifications)
	h("GET", "/notifications/unread-count", need(page, ""), a.unreadCount)
	h("GET", "/notifications/recent", need(page, ""), a.recentNotifications)
	h("POST", "/notifications/read-all", need(page, console.ActNotificationsUpdate), a.readAll)
	h("POST", "/notifications/bulk", need(page, console.ActNotificationsUpdate), a.bulkNotifications)
	h("PATCH", "/notifications/:id", need(page, console.ActNotificationsUpdate), a.updateNotification)
	h("DELETE", "/notifications/:id", need(page, console.ActNotificationsDelete), a.deleteNotification)
}

func (a *admin) notifications(c *gin.Context) error {
	p, err := paging(c)
	if err != nil {
		return err
	}
	page, err := a.core.Notifications(c, booking.NotificationFilter{Q: c.Query("q"), Status: c.Query("status"),
		Type: c.Query("type"), Priority: c.Query("priority")}, p)
	if err != nil {
		return err
	}
	localizeNotifications(c, page.Items)
	c.JSON(http.StatusOK, page)
	return nil
}

func (a *admin) unreadCount(c *gin.Context) error {
	n, err := a.core.UnreadCount(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"count": n})
	return nil
}

func (a *admin) recentNotifications(c *gin.Context) error {
	list, err := a.core.RecentNotificationsList(c)
	if err != nil {
		return err
	}
	localizeNotifications(c, list)
	c.JSON(http.StatusOK, gin.H{"items": list})
	return nil
}

func (a *admin) readAll(c *gin.Context) error {
	n, err := a.core.MarkAllRead(c)
	if err != nil {
		return err
	}
	done(c, "all_read", gin.H{"count": n})
	return nil
}

func (a *admin) bulkNotifications(c *gin.Context) error {
	var in bulkRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	lang := langOf(c)
	var (
		n   int
		err error
		key string
	)
	switch in.Action {
	case "status":
		key = "notifications_updated"
		n, err = a.core.BulkNotificationStatus(c, in.IDs, in.Status)
	case "delete":
		if err := console.Authorize(userOf(c), need(console.PageNotifications, console.ActNotificationsDelete)); err != nil {
			return err
		}
		key = "notifications_deleted"
		n, err = a.core.BulkDeleteNotifications(c, in.IDs)
	default:
		err = errValidation("bad_query", map[string]string{"action": text(lang, "bad_query")})
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"count": n, "message": console.Text(lang, key, "n", itoa(n))})
	return nil
}

func (a *admin) updateNotification(c *gin.Context) error {
	var in struct {
		Status string `json:"status"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	n, err := a.core.SetNotificationStatus(c, c.Param("id"), in.Status)
	if err != nil {
		return err
	}
	n.Localize(langOf(c))
	done(c, "notification_updated", gin.H{"notification": n})
	return nil
}

func (a *admin) deleteNotification(c *gin.Context) error {
	if err := a.core.DeleteNotification(c, c.Param("id")); err != nil {
		return err
	}
	done(c, "notification_deleted", nil)
	return nil
}

// localizeNotifications writes notifications in the reader's language.
func localizeNotifications(c *gin.Context, list []booking.Notification) {
	for i := range list {
		list[i].Localize(langOf(c))
	}
}

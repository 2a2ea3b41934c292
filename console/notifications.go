package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// Notifications are the booking core's (booking/notification_list.go): it lists and
// changes them, and publishes their live events.

// Types and values of the notifications screen, as the booking core defines them.
type (
	NotificationFilter = booking.NotificationFilter
	NotificationStats  = booking.NotificationStats
	NotificationPage   = booking.NotificationPage
)

// Notification values.
var (
	NotificationStatuses   = booking.NotificationStatuses
	NotificationTypes      = booking.NotificationTypes
	NotificationPriorities = booking.NotificationPriorities
)

// RecentNotifications is how many notifications the bell's panel shows.
const RecentNotifications = booking.RecentNotifications

// notificationStore is what the console needs of the notifications.
type notificationStore interface {
	Notifications(ctx context.Context, f booking.NotificationFilter, p booking.Paging) (booking.NotificationPage, error)
	UnreadCount(ctx context.Context) (int, error)
	RecentNotificationsList(ctx context.Context) ([]booking.Notification, error)
	SetNotificationStatus(ctx context.Context, id, status string) (booking.Notification, error)
	DeleteNotification(ctx context.Context, id string) error
	BulkNotificationStatus(ctx context.Context, ids []string, status string) (int, error)
	BulkDeleteNotifications(ctx context.Context, ids []string) (int, error)
	MarkAllRead(ctx context.Context) (int, error)
}

// Notifications lists unexpired notifications newest first, filtered.
func (c *Console) Notifications(ctx context.Context, f NotificationFilter, p Paging) (NotificationPage, error) {
	out, err := c.notifications.Notifications(ctx, f, p)
	return out, consoleCatalogue(err)
}

// UnreadCount counts unread, unexpired notifications.
func (c *Console) UnreadCount(ctx context.Context) (int, error) {
	return c.notifications.UnreadCount(ctx)
}

// RecentNotificationsList returns the latest unexpired notifications for the bell.
func (c *Console) RecentNotificationsList(ctx context.Context) ([]booking.Notification, error) {
	return c.notifications.RecentNotificationsList(ctx)
}

// SetNotificationStatus sets one notification's status.
func (c *Console) SetNotificationStatus(ctx context.Context, id, status string) (booking.Notification, error) {
	n, err := c.notifications.SetNotificationStatus(ctx, id, status)
	return n, consoleCatalogue(err)
}

// DeleteNotification removes one notification.
func (c *Console) DeleteNotification(ctx context.Context, id string) error {
	return consoleCatalogue(c.notifications.DeleteNotification(ctx, id))
}

// BulkNotificationStatus sets the status of the notifications and returns how many changed.
func (c *Console) BulkNotificationStatus(ctx context.Context, ids []string, status string) (int, error) {
	n, err := c.notifications.BulkNotificationStatus(ctx, ids, status)
	return n, consoleCatalogue(err)
}

// BulkDeleteNotifications removes the notifications and returns how many it removed.
func (c *Console) BulkDeleteNotifications(ctx context.Context, ids []string) (int, error) {
	n, err := c.notifications.BulkDeleteNotifications(ctx, ids)
	return n, consoleCatalogue(err)
}

// MarkAllRead marks every unread, unexpired notification read and returns how many.
func (c *Console) MarkAllRead(ctx context.Context) (int, error) {
	return c.notifications.MarkAllRead(ctx)
}

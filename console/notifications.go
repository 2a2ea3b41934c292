package console

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// Notification values.
var (
	NotificationStatuses   = []string{"unread", "read", "archived"}
	NotificationTypes      = []string{"appointment", "system", "info", "warning", "error"}
	NotificationPriorities = []string{"urgent", "high", "normal", "low"}
)

// RecentNotifications is how many notifications the bell's panel shows.
const RecentNotifications = 5

// unexpired hides notifications whose expires_at is past.
const unexpired = `(n.expires_at IS NULL OR n.expires_at > now())`

// NotificationFilter narrows the notifications list.
type NotificationFilter struct {
	Q        string
	Status   string
	Type     string
	Priority string
}

// NotificationStats are the notifications screen's cards.
type NotificationStats struct {
	Total    int `json:"total"`
	Unread   int `json:"unread"`
	Read     int `json:"read"`
	Archived int `json:"archived"`
}

// NotificationPage is one page of notifications.
type NotificationPage struct {
	Items []booking.Notification `json:"items"`
	Total int                    `json:"total"`
	Page  int                    `json:"page"`
	Size  int                    `json:"size"`
	Stats NotificationStats      `json:"stats"`
}

// Notifications lists unexpired notifications newest first, filtered.
func (c *Console) Notifications(ctx context.Context, f NotificationFilter, p Paging) (NotificationPage, error) {
	p, err := listPaging(p)
	if err != nil {
		return NotificationPage{}, err
	}
	v := newValidation()
	for field, pair := range map[string]struct {
		val     string
		allowed []string
	}{"status": {f.Status, NotificationStatuses}, "type": {f.Type, NotificationTypes}, "priority": {f.Priority, NotificationPriorities}} {
		if pair.val != "" && !slices.Contains(pair.allowed, pair.val) {
			v.Add(field, "invalid_option")
		}
	}
	if err := v.OrNil(); err != nil {
		return NotificationPage{}, err
	}
	conds := []string{unexpired}
	var args []any
	add := func(cond string, arg any) {
		args = append(args, arg)
		conds = append(conds, strings.ReplaceAll(cond, "?", fmt.Sprintf("$%d", len(args))))
	}
	if q := strings.TrimSpace(f.Q); q != "" {
		add(`(n.title ILIKE ? OR n.message ILIKE ?)`, likePattern(q))
	}
	if f.Status != "" {
		add(`n.status = ?`, f.Status)
	}
	if f.Type != "" {
		add(`n.type = ?`, f.Type)
	}
	if f.Priority != "" {
		add(`n.priority = ?`, f.Priority)
	}
	where := strings.Join(conds, " AND ")
	out := NotificationPage{Page: p.Page, Size: p.Size}
	if err := c.db.QueryRow(ctx, `SELECT count(*) FROM notifications n WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	if err := c.db.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE status = 'unread'),
		count(*) FILTER (WHERE status = 'read'), count(*) FILTER (WHERE status = 'archived')
		FROM notifications n WHERE `+unexpired).Scan(&out.Stats.Total, &out.Stats.Unread, &out.Stats.Read,
		&out.Stats.Archived); err != nil {
		return out, err
	}
	n := len(args)
	args = append(args, p.Size, (p.Page-1)*p.Size)
	rows, err := c.db.Query(ctx, `SELECT `+booking.NotificationColumns+` FROM notifications n WHERE `+where+
		fmt.Sprintf(` ORDER BY n.created_at DESC, n.id LIMIT $%d OFFSET $%d`, n+1, n+2), args...)
	if err != nil {
		return out, err
	}
	out.Items, err = pgx.CollectRows(rows, booking.ScanNotification)
	return out, err
}

// UnreadCount counts unread, unexpired notifications.
func (c *Console) UnreadCount(ctx context.Context) (int, error) {
	var n int
	err := c.db.QueryRow(ctx, `SELECT count(*) FROM notifications n WHERE n.status = 'unread' AND `+unexpired).Scan(&n)
	return n, err
}

// RecentNotificationsList returns the latest unexpired notifications for the bell.
func (c *Console) RecentNotificationsList(ctx context.Context) ([]booking.Notification, error) {
	rows, err := c.db.Query(ctx, `SELECT `+booking.NotificationColumns+` FROM notifications n WHERE `+unexpired+`
		ORDER BY n.created_at DESC, n.id LIMIT $1`, RecentNotifications)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, booking.ScanNotification)
}

// SetNotificationStatus sets one notification's status.
func (c *Console) SetNotificationStatus(ctx context.Context, id, status string) (booking.Notification, error) {
	if !slices.Contains(NotificationStatuses, status) {
		return booking.Notification{}, invalid("status", "invalid_option")
	}
	if !booking.IsUUID(id) {
		return booking.Notification{}, booking.ErrNotFound
	}
	rows, err := c.db.Query(ctx, `UPDATE notifications n SET status = $2 WHERE n.id = $1 RETURNING `+
		booking.NotificationColumns, id, status)
	if err != nil {
		return booking.Notification{}, err
	}
	n, err := pgx.CollectExactlyOneRow(rows, booking.ScanNotification)
	if errors.Is(err, pgx.ErrNoRows) {
		return n, booking.ErrNotFound
	}
	if err == nil {
		c.publish(ctx, booking.Event{Kind: booking.EventNotificationUpdated, Notification: &n})
	}
	return n, err
}

// DeleteNotification removes one notification.
func (c *Console) DeleteNotification(ctx context.Context, id string) error {
	if !booking.IsUUID(id) {
		return booking.ErrNotFound
	}
	n, err := c.BulkDeleteNotifications(ctx, []string{id})
	if err == nil && n == 0 {
		return booking.ErrNotFound
	}
	return err
}

// BulkNotificationStatus sets the status of the notifications and returns how many changed.
func (c *Console) BulkNotificationStatus(ctx context.Context, ids []string, status string) (int, error) {
	if err := checkIDs(ids, "select_notifications_update"); err != nil {
		return 0, err
	}
	if !slices.Contains(NotificationStatuses, status) {
		return 0, invalid("status", "invalid_option")
	}
	rows, err := c.db.Query(ctx, `UPDATE notifications SET status = $2 WHERE id = ANY($1::uuid[]) RETURNING id::text`, ids, status)
	return c.afterNotifications(ctx, rows, err, booking.EventNotificationUpdated)
}

// BulkDeleteNotifications removes the notifications and returns how many it removed.
func (c *Console) BulkDeleteNotifications(ctx context.Context, ids []string) (int, error) {
	if err := checkIDs(ids, "select_notifications_delete"); err != nil {
		return 0, err
	}
	rows, err := c.db.Query(ctx, `DELETE FROM notifications WHERE id = ANY($1::uuid[]) RETURNING id::text`, ids)
	return c.afterNotifications(ctx, rows, err, EventNotificationDeleted)
}

// MarkAllRead marks every unread, unexpired notification read and returns how many.
func (c *Console) MarkAllRead(ctx context.Context) (int, error) {
	rows, err := c.db.Query(ctx, `UPDATE notifications n SET status = 'read' WHERE n.status = 'unread' AND `+unexpired+` RETURNING n.id::text`)
	return c.afterNotifications(ctx, rows, err, booking.EventNotificationUpdated)
}

func (c *Console) afterNotifications(ctx context.Context, rows pgx.Rows, err error, kind string) (int, error) {
	if err != nil {
		return 0, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	if len(ids) > 0 {
		c.publish(ctx, booking.Event{Kind: kind, IDs: ids})
	}
	return len(ids), nil
}

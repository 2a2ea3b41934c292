package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Notification values.
var (
	NotificationStatuses   = []string{"unread", "read", "archived"}
	NotificationTypes      = []string{"appointment", "system", "info", "warning", "error"}
	NotificationPriorities = []string{"urgent", "high", "normal", "low"}
)

// RecentNotifications is how many notifications the bell's panel shows.
const RecentNotifications = 5

// unexpiredNotification hides notifications whose expires_at is past.
const unexpiredNotification = `(n.expires_at IS NULL OR n.expires_at > now())`

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
	Items []Notification    `json:"items"`
	Total int               `json:"total"`
	Page  int               `json:"page"`
	Size  int               `json:"size"`
	Stats NotificationStats `json:"stats"`
}

// Notifications lists unexpiredNotification notifications newest first, filtered.
func (s *Core) Notifications(ctx context.Context, f NotificationFilter, p Paging) (NotificationPage, error) {
	p, err := p.ForList()
	if err != nil {
		return NotificationPage{}, err
	}
	v := &ValidationError{}
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
	conds := []string{unexpiredNotification}
	var args []any
	add := func(cond string, arg any) {
		args = append(args, arg)
		conds = append(conds, strings.ReplaceAll(cond, "?", fmt.Sprintf("$%d", len(args))))
	}
	if q := strings.TrimSpace(f.Q); q != "" {
		add(`(n.title ILIKE ? OR n.message ILIKE ? OR n.args::text ILIKE ?)`, LikePattern(q))
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
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM notifications n WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	if err := s.db.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE status = 'unread'),
		count(*) FILTER (WHERE status = 'read'), count(*) FILTER (WHERE status = 'archived')
		FROM notifications n WHERE `+unexpiredNotification).Scan(&out.Stats.Total, &out.Stats.Unread, &out.Stats.Read,
		&out.Stats.Archived); err != nil {
		return out, err
	}
	n := len(args)
	args = append(args, p.Size, (p.Page-1)*p.Size)
	rows, err := s.db.Query(ctx, `SELECT `+NotificationColumns+` FROM notifications n WHERE `+where+
		fmt.Sprintf(` ORDER BY n.created_at DESC, n.id LIMIT $%d OFFSET $%d`, n+1, n+2), args...)
	if err != nil {
		return out, err
	}
	out.Items, err = pgx.CollectRows(rows, ScanNotification)
	return out, err
}

// UnreadCount counts unread, unexpiredNotification notifications.
func (s *Core) UnreadCount(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT count(*) FROM notifications n WHERE n.status = 'unread' AND `+unexpiredNotification).Scan(&n)
	return n, err
}

// RecentNotificationsList returns the latest unexpiredNotification notifications for the bell.
func (s *Core) RecentNotificationsList(ctx context.Context) ([]Notification, error) {
	rows, err := s.db.Query(ctx, `SELECT `+NotificationColumns+` FROM notifications n WHERE `+unexpiredNotification+`
		ORDER BY n.created_at DESC, n.id LIMIT $1`, RecentNotifications)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, ScanNotification)
}

// SetNotificationStatus sets one notification's status.
func (s *Core) SetNotificationStatus(ctx context.Context, id, status string) (Notification, error) {
	if !slices.Contains(NotificationStatuses, status) {
		return Notification{}, invalidField("status", "invalid_option")
	}
	if !IsUUID(id) {
		return Notification{}, ErrNotFound
	}
	rows, err := s.db.Query(ctx, `UPDATE notifications n SET status = $2 WHERE n.id = $1 RETURNING `+
		NotificationColumns, id, status)
	if err != nil {
		return Notification{}, err
	}
	n, err := pgx.CollectExactlyOneRow(rows, ScanNotification)
	if errors.Is(err, pgx.ErrNoRows) {
		return n, ErrNotFound
	}
	if err == nil {
		s.publish(ctx, Event{Kind: EventNotificationUpdated, Notification: &n})
	}
	return n, err
}

// DeleteNotification removes one notification.
func (s *Core) DeleteNotification(ctx context.Context, id string) error {
	if !IsUUID(id) {
		return ErrNotFound
	}
	n, err := s.BulkDeleteNotifications(ctx, []string{id})
	if err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

// BulkNotificationStatus sets the status of the notifications and returns how many changed.
func (s *Core) BulkNotificationStatus(ctx context.Context, ids []string, status string) (int, error) {
	if err := CheckIDs(ids, "select_notifications_update"); err != nil {
		return 0, err
	}
	if !slices.Contains(NotificationStatuses, status) {
		return 0, invalidField("status", "invalid_option")
	}
	rows, err := s.db.Query(ctx, `UPDATE notifications SET status = $2 WHERE id = ANY($1::uuid[]) RETURNING id::text`, ids, status)
	return s.afterNotifications(ctx, rows, err, EventNotificationUpdated)
}

// BulkDeleteNotifications removes the notifications and returns how many it removed.
func (s *Core) BulkDeleteNotifications(ctx context.Context, ids []string) (int, error) {
	if err := CheckIDs(ids, "select_notifications_delete"); err != nil {
		return 0, err
	}
	rows, err := s.db.Query(ctx, `DELETE FROM notifications WHERE id = ANY($1::uuid[]) RETURNING id::text`, ids)
	return s.afterNotifications(ctx, rows, err, EventNotificationDeleted)
}

// MarkAllRead marks every unread, unexpiredNotification notification read and returns how many.
func (s *Core) MarkAllRead(ctx context.Context) (int, error) {
	rows, err := s.db.Query(ctx, `UPDATE notifications n SET status = 'read' WHERE n.status = 'unread' AND `+unexpiredNotification+` RETURNING n.id::text`)
	return s.afterNotifications(ctx, rows, err, EventNotificationUpdated)
}

func (s *Core) afterNotifications(ctx context.Context, rows pgx.Rows, err error, kind string) (int, error) {
	if err != nil {
		return 0, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	if len(ids) > 0 {
		s.publish(ctx, Event{Kind: kind, IDs: ids})
	}
	return len(ids), nil
}

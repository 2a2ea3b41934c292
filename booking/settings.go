package booking

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/i18n"
	"github.com/jackc/pgx/v5"
)

// Options offered by the settings screen.
var (
	TimeZones         = []string{"Africa/Algiers", "Europe/London", "America/New_York", "Asia/Tokyo"}
	PageSizes         = []int{5, 10, 15, 20}
	BackupFrequencies = []string{"daily", "weekly", "monthly"}
)

// MaxSlotCapacity bounds how many appointments one slot may hold.
const MaxSlotCapacity = 50

// DefaultBookingHorizonDays is how many days ahead a slot may be booked unless the
// settings say otherwise; MaxBookingHorizonDays bounds the setting.
const (
	DefaultBookingHorizonDays = 90
	MaxBookingHorizonDays     = 730
)

// The reminder's lead and the customer's minimum notice, in minutes: defaults and the
// largest value the settings accept (a week).
const (
	DefaultReminderLeadMinutes = 1440
	DefaultMinNoticeMinutes    = 1440
	MaxLeadMinutes             = 10080
)

// The hand-off's wait for a person, in seconds: the default and the bounds the settings accept.
const (
	DefaultHandoffTimeoutSeconds = 120
	MinHandoffTimeoutSeconds     = 10
	MaxHandoffTimeoutSeconds     = 3600
)

// How long a freed slot is held for the first in its waitlist, in minutes: the default and
// the bounds the settings accept.
const (
	DefaultWaitlistHoldMinutes = 30
	MinWaitlistHoldMinutes     = 5
	MaxWaitlistHoldMinutes     = 1440
)

// How long a conversation a staff member holds stays theirs while they are silent in it,
// in minutes: the default and the bounds the settings accept.
const (
	DefaultStaffIdleReleaseMinutes = 30
	MinStaffIdleReleaseMinutes     = 5
	MaxStaffIdleReleaseMinutes     = 1440
)

// How long transcripts of conversations that booked nothing are kept, in days: the
// default and the bounds the settings accept.
const (
	DefaultTranscriptRetentionDays = 180
	MinTranscriptRetentionDays     = 7
	MaxTranscriptRetentionDays     = 3650
)

// Settings are the agency's site-wide settings, one row on the server.
type Settings struct {
	SiteName           string   `json:"site_name"`
	SiteDescription    string   `json:"site_description"`
	ContactEmail       string   `json:"contact_email"`
	MaintenanceMode    bool     `json:"maintenance_mode"`
	EmailNotifications bool     `json:"email_notifications"`
	Timezone           string   `json:"timezone"`
	Language           string   `json:"language"`
	ItemsPerPage       int      `json:"items_per_page"`
	AutoBackup         bool     `json:"auto_backup"`
	BackupFrequency    string   `json:"backup_frequency"`
	SlotCapacity       int      `json:"slot_capacity"`
	ClosedDates        []string `json:"closed_dates"`
	// BookingHorizonDays is how many days ahead of today a slot may be booked.
	BookingHorizonDays int `json:"booking_horizon_days"`
	// ReminderLeadMinutes is how long before an appointment its reminder goes out; 0 sends none.
	ReminderLeadMinutes int `json:"reminder_lead_minutes"`
	// MinNoticeMinutes is how long before an appointment the customer may still cancel or move it.
	MinNoticeMinutes int `json:"min_notice_minutes"`
	// HandoffTimeoutSeconds is how long a visitor who asked for a person waits before Dota
	// takes the conversation back.
	HandoffTimeoutSeconds int `json:"handoff_timeout_seconds"`
	// WaitlistHoldMinutes is how long a freed slot is held for the person it is offered to.
	WaitlistHoldMinutes int `json:"waitlist_hold_minutes"`
	// TranscriptRetentionDays is how long transcripts of conversations that booked
	// nothing are kept.
	TranscriptRetentionDays int `json:"transcript_retention_days"`
	// StaffIdleReleaseMinutes is how long a conversation a staff member took stays theirs
	// without a word from them before it returns to Dota.
	StaffIdleReleaseMinutes int `json:"staff_idle_release_minutes"`
	// FollowUpEmail sends the customer a thank-you with FollowUpURL, the next step the
	// agency offers, once staff record that they attended (outcomes.go).
	FollowUpEmail bool   `json:"follow_up_email"`
	FollowUpURL   string `json:"follow_up_url"`
	// ReconfirmLeadMinutes is how long before an appointment the second, short reminder
	// goes to those who have not reconfirmed; 0 sends none.
	ReconfirmLeadMinutes int `json:"reconfirm_lead_minutes"`
	// Agency is the agency's profile (agency.go); a request that sends none keeps the stored one.
	Agency    Agency    `json:"agency"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Location is the settings' time zone, Africa/Algiers when it cannot be loaded.
func (st Settings) Location() *time.Location {
	if loc, ok := locations[st.Timezone]; ok {
		return loc
	}
	if loc, err := time.LoadLocation(st.Timezone); err == nil {
		return loc
	}
	return algiers
}

// locations holds the zones the settings offer, loaded once: time.LoadLocation reads and
// parses the zone database on every call, which showed in the booking profile.
var locations = func() map[string]*time.Location {
	m := make(map[string]*time.Location, len(TimeZones))
	for _, name := range TimeZones {
		m[name] = mustLocation(name)
	}
	return m
}()

var algiers = mustLocation("Africa/Algiers")

func mustLocation(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		// The binary embeds the zone database (time/tzdata), so this cannot happen.
		panic(err)
	}
	return loc
}

// ReminderLead is how long before an appointment its reminder goes out; 0 sends none.
func (st Settings) ReminderLead() time.Duration {
	return time.Duration(st.ReminderLeadMinutes) * time.Minute
}

// MinNotice is how long before an appointment the customer may still cancel or move it.
func (st Settings) MinNotice() time.Duration { return time.Duration(st.MinNoticeMinutes) * time.Minute }

// HandoffTimeout is how long a visitor waits for a person before Dota takes over again.
func (st Settings) HandoffTimeout() time.Duration {
	return time.Duration(st.HandoffTimeoutSeconds) * time.Second
}

// WaitlistHold is how long a freed slot is held for the person it is offered to.
func (st Settings) WaitlistHold() time.Duration {
	return time.Duration(st.WaitlistHoldMinutes) * time.Minute
}

// StaffIdleRelease is how long a conversation a staff member took stays theirs without a
// word from them before it returns to Dota.
func (st Settings) StaffIdleRelease() time.Duration {
	return time.Duration(st.StaffIdleReleaseMinutes) * time.Minute
}

// StartsAt is the instant a slot (YYYY-MM-DD, HH:MM) begins in the agency's time zone;
// nil without a slot or when either part cannot be read.
func (st Settings) StartsAt(date, hhmm string) *time.Time {
	if date == "" || hhmm == "" {
		return nil
	}
	t, err := time.ParseInLocation("2006-01-02 15:04", date+" "+hhmm, st.Location())
	if err != nil {
		return nil
	}
	return &t
}

// Closed reports whether the agency has closed the given date (YYYY-MM-DD).
func (st Settings) Closed(date string) bool { return slices.Contains(st.ClosedDates, date) }

// Validate checks every value against the options the settings screen offers.
func (st Settings) Validate() error {
	// Its faults read in the booking core's words on every route, the console's too,
	// whose catalogue words some of the same codes otherwise (url_invalid).
	v := &ValidationError{Catalogue: Text}
	if !slices.Contains(TimeZones, st.Timezone) {
		v.Add("timezone", "invalid_option")
	}
	if i18n.Normalize(st.Language) != st.Language || st.Language == "" {
		v.Add("language", "invalid_option")
	}
	if !slices.Contains(PageSizes, st.ItemsPerPage) {
		v.Add("items_per_page", "invalid_option")
	}
	if !slices.Contains(BackupFrequencies, st.BackupFrequency) {
		v.Add("backup_frequency", "invalid_option")
	}
	if st.SlotCapacity < 1 || st.SlotCapacity > MaxSlotCapacity {
		v.Add("slot_capacity", "invalid_option")
	}
	if st.BookingHorizonDays < 1 || st.BookingHorizonDays > MaxBookingHorizonDays {
		v.Add("booking_horizon_days", "horizon_invalid")
	}
	for f, m := range map[string]int{"reminder_lead_minutes": st.ReminderLeadMinutes, "min_notice_minutes": st.MinNoticeMinutes,
		"reconfirm_lead_minutes": st.ReconfirmLeadMinutes} {
		if m < 0 || m > MaxLeadMinutes {
			v.Add(f, "minutes_invalid")
		}
	}
	if st.HandoffTimeoutSeconds < MinHandoffTimeoutSeconds || st.HandoffTimeoutSeconds > MaxHandoffTimeoutSeconds {
		v.Add("handoff_timeout_seconds", "seconds_invalid")
	}
	if st.WaitlistHoldMinutes < MinWaitlistHoldMinutes || st.WaitlistHoldMinutes > MaxWaitlistHoldMinutes {
		v.Add("waitlist_hold_minutes", "hold_invalid")
	}
	if st.StaffIdleReleaseMinutes < MinStaffIdleReleaseMinutes || st.StaffIdleReleaseMinutes > MaxStaffIdleReleaseMinutes {
		v.Add("staff_idle_release_minutes", "hold_invalid") // the same bounds
	}
	if st.TranscriptRetentionDays < MinTranscriptRetentionDays || st.TranscriptRetentionDays > MaxTranscriptRetentionDays {
		v.Add("transcript_retention_days", "retention_invalid")
	}
	if strings.TrimSpace(st.SiteName) == "" {
		v.Add("site_name", "required")
	}
	for f, s := range map[string]string{"site_name": st.SiteName, "site_description": st.SiteDescription} {
		if c := checkText(s, MessageMaxLen); c != "" {
			v.Add(f, c)
		}
	}
	if st.ContactEmail != "" && CheckEmail(st.ContactEmail) != "" {
		v.Add("contact_email", "email_invalid")
	}
	for _, d := range st.ClosedDates {
		if _, ok := ParseDate(d, time.UTC); !ok {
			v.Add("closed_dates", "date_invalid")
		}
	}
	st.Agency.validate(v)
	st.validateFollowUp(v)
	return v.OrNil()
}

const settingsColumns = `site_name, site_description, contact_email, maintenance_mode,
	email_notifications, timezone, language, items_per_page, auto_backup, backup_frequency,
	slot_capacity, coalesce((SELECT array_agg(to_char(d, 'YYYY-MM-DD') ORDER BY d) FROM unnest(closed_dates) d), '{}'),
	booking_horizon_days, reminder_lead_minutes, min_notice_minutes, handoff_timeout_seconds, waitlist_hold_minutes,
	transcript_retention_days, staff_idle_release_minutes, agency, updated_at, follow_up_email, follow_up_url, reconfirm_lead_minutes`

type rowScanner interface{ Scan(dest ...any) error }

// Settings returns the current settings: the one path every package reads them by. With
// WithSettingsTTL they are read from the database at most once per TTL on this replica,
// so another replica's change shows within it; this replica's own SaveSettings shows at once.
func (s *Core) Settings(ctx context.Context) (Settings, error) {
	if s.settingsTTL > 0 {
		s.settingsMu.Lock()
		st, at := s.settings, s.settingsAt
		s.settingsMu.Unlock()
		if !at.IsZero() && time.Since(at) < s.settingsTTL {
			st.ClosedDates = slices.Clone(st.ClosedDates) // the caller's copy, not the cache's
			return st, nil
		}
	}
	st, err := scanSettings(s.db.QueryRow(ctx, `SELECT `+settingsColumns+` FROM settings WHERE id = 1`))
	if err == nil {
		s.cacheSettings(st)
	}
	return st, err
}

func (s *Core) cacheSettings(st Settings) {
	if s.settingsTTL <= 0 {
		return
	}
	s.settingsMu.Lock()
	s.settings, s.settingsAt = st, time.Now()
	s.settingsMu.Unlock()
}

func scanSettings(row rowScanner) (Settings, error) {
	var st Settings
	err := row.Scan(&st.SiteName, &st.SiteDescription, &st.ContactEmail, &st.MaintenanceMode,
		&st.EmailNotifications, &st.Timezone, &st.Language, &st.ItemsPerPage, &st.AutoBackup,
		&st.BackupFrequency, &st.SlotCapacity, &st.ClosedDates, &st.BookingHorizonDays,
		&st.ReminderLeadMinutes, &st.MinNoticeMinutes, &st.HandoffTimeoutSeconds, &st.WaitlistHoldMinutes, &st.TranscriptRetentionDays,
		&st.StaffIdleReleaseMinutes, &st.Agency, &st.UpdatedAt, &st.FollowUpEmail, &st.FollowUpURL, &st.ReconfirmLeadMinutes)
	if err != nil {
		return st, fmt.Errorf("settings: %w", err)
	}
	return st, nil
}

// SaveSettings validates and stores the settings, returning what was stored.
func (s *Core) SaveSettings(ctx context.Context, st Settings) (Settings, error) {
	if err := st.Validate(); err != nil {
		return Settings{}, err
	}
	if st.ClosedDates == nil {
		st.ClosedDates = []string{}
	}
	var saved Settings
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		saved, err = s.saveSettings(ctx, tx, st)
		if err != nil {
			return err
		}
		// A raised capacity, a reopened day: the waitlist's lines are settled again.
		return s.settleAllLater(ctx, tx)
	})
	if err == nil {
		s.cacheSettings(saved)
	}
	return saved, err
}

func (s *Core) saveSettings(ctx context.Context, tx pgx.Tx, st Settings) (Settings, error) {
	return scanSettings(tx.QueryRow(ctx, `UPDATE settings SET site_name = $1, site_description = $2,
		contact_email = $3, maintenance_mode = $4, email_notifications = $5, timezone = $6, language = $7,
		items_per_page = $8, auto_backup = $9, backup_frequency = $10, slot_capacity = $11,
		closed_dates = $12::date[], booking_horizon_days = $13, reminder_lead_minutes = $14,
		min_notice_minutes = $15, handoff_timeout_seconds = $16, waitlist_hold_minutes = $17,
		transcript_retention_days = $18, staff_idle_release_minutes = $19,
		agency = coalesce($20::jsonb, agency), follow_up_email = $21, follow_up_url = $22, reconfirm_lead_minutes = $23, updated_at = now()
		WHERE id = 1 RETURNING `+settingsColumns,
		st.SiteName, st.SiteDescription, st.ContactEmail, st.MaintenanceMode,
		st.EmailNotifications, st.Timezone, st.Language, st.ItemsPerPage, st.AutoBackup,
		st.BackupFrequency, st.SlotCapacity, st.ClosedDates, st.BookingHorizonDays,
		st.ReminderLeadMinutes, st.MinNoticeMinutes, st.HandoffTimeoutSeconds, st.WaitlistHoldMinutes,
		st.TranscriptRetentionDays, st.StaffIdleReleaseMinutes, agencyParam(st.Agency), st.FollowUpEmail,
		strings.TrimSpace(st.FollowUpURL), st.ReconfirmLeadMinutes))
}

// agencyParam is the profile to store, nil (keep the stored one) when none was sent.
func agencyParam(a Agency) any {
	if a.IsZero() {
		return nil
	}
	if a.Tagline == nil {
		a.Tagline = catalogue.Localized{}
	}
	return a
}

// OfficeHours are the hours the team answers visitors live, in the agency's time zone,
// on the days it names and that are not closed.
type OfficeHours struct {
	Days   [7]bool       // by time.Weekday
	Opens  time.Duration // since midnight
	Closes time.Duration // since midnight, after Opens; 24h for midnight
}

// DefaultOfficeHours are Sunday to Thursday, 9:00 to 17:00.
const DefaultOfficeHours = "sun-thu 09:00-17:00"

var weekdayAbbrevs = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// ParseOfficeHours reads office hours written as days and hours: "sun-thu 09:00-17:00",
// "mon,wed 08:30-12:00" or "sun-sat 00:00-24:00".
func ParseOfficeHours(s string) (OfficeHours, error) {
	var h OfficeHours
	days, hours, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), " ")
	if !ok {
		return h, fmt.Errorf("office hours %q: want days and hours, as %q", s, DefaultOfficeHours)
	}
	for _, part := range strings.Split(days, ",") {
		from, to, isRange := strings.Cut(part, "-")
		if !isRange {
			to = from
		}
		a, b := indexOf(weekdayAbbrevs, from), indexOf(weekdayAbbrevs, to)
		if a < 0 || b < 0 {
			return h, fmt.Errorf("office hours %q: unknown day in %q", s, part)
		}
		for d := a; ; d = (d + 1) % 7 {
			h.Days[d] = true
			if d == b {
				break
			}
		}
	}
	opens, closes, ok := strings.Cut(strings.TrimSpace(hours), "-")
	var err1, err2 error
	h.Opens, err1 = clockOf(opens)
	h.Closes, err2 = clockOf(closes)
	if !ok || err1 != nil || err2 != nil || h.Closes <= h.Opens {
		return h, fmt.Errorf("office hours %q: want hours as 09:00-17:00", s)
	}
	return h, nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// clockOf reads HH:MM, up to 24:00, as a time since midnight.
func clockOf(s string) (time.Duration, error) {
	var hh, mm int
	if _, err := fmt.Sscanf(s, "%d:%d", &hh, &mm); err != nil || hh < 0 || mm < 0 || mm > 59 || hh*60+mm > 24*60 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	return time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute, nil
}

// At reports whether the team is at work at now and, when it is not, when it is next:
// the next opening on a day of the office hours that the settings do not close, within a
// year (zero when there is none).
func (h OfficeHours) At(st Settings, now time.Time) (open bool, next time.Time) {
	loc := st.Location()
	now = now.In(loc)
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	for i := 0; i < 366; i++ {
		d := day.AddDate(0, 0, i)
		if !h.Days[d.Weekday()] || st.Closed(d.Format(time.DateOnly)) {
			continue
		}
		opens := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc).Add(h.Opens)
		closes := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc).Add(h.Closes)
		switch {
		case now.Before(opens):
			return false, opens
		case now.Before(closes):
			return true, now
		}
	}
	return false, time.Time{}
}

package chatbot

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/reader"
)

// Moving or cancelling one's appointment in the chat: Dota asks for the e-mail address it
// was booked with, sends a one-time code there, and only once the code is given lists that
// person's appointments ahead and moves or cancels one through booking, under the same
// rules as the manage link. Nothing about an appointment is shown before.

// Steps of the move and cancel flows.
const (
	StepManageEmail  = "manage_email"  // the address the appointment was booked with
	StepManageCode   = "manage_code"   // the code sent there
	StepManagePick   = "manage_pick"   // which appointment
	StepManageWhen   = "manage_when"   // its new day, and hour when given with it (move)
	StepManageTime   = "manage_time"   // its new hour, once the day is chosen (move)
	StepManageCancel = "manage_cancel" // cancel it? (cancel)
	StepManageAction = "manage_action" // move or cancel it? (told of without saying)
)

// MoveFlow and CancelFlow are the two flows, step by step.
var (
	MoveFlow   = []string{StepManageEmail, StepManageCode, StepManagePick, StepManageWhen, StepManageTime}
	CancelFlow = []string{StepManageEmail, StepManageCode, StepManagePick, StepManageCancel}
)

// manageState is a move or cancel under way.
type manageState struct {
	Action   string   `json:"action"` // reader.IntentMove, reader.IntentCancel, or "" until the visitor says
	Email    string   `json:"email,omitempty"`
	CodeID   string   `json:"code_id,omitempty"`
	Verified bool     `json:"verified,omitempty"`
	Options  []string `json:"options,omitempty"` // the appointments offered, by id
	Picked   string   `json:"picked,omitempty"`
	Date     string   `json:"date,omitempty"` // the new day chosen, before its hour (move)
	// Wish is the new slot the visitor asked for before the code ("n2akhro l larb3a 9
	// decembre m3a 2"): once the appointment is known, the move goes straight to it.
	Wish *reader.MoveWish `json:"wish,omitempty"`
}

// manageSteps are the steps of the move and cancel flows, for the table of steps.
func manageSteps() map[string]step {
	always := func(*session) bool { return true }
	return map[string]step{
		StepManageEmail:  {ask: askText("manage_ask_email"), read: readManageEmail, missing: always},
		StepManageCode:   {ask: askText("manage_ask_code"), read: readManageCode, missing: always},
		StepManagePick:   {ask: askManagePick, read: readManagePick, missing: always},
		StepManageWhen:   {ask: askManageWhen, read: readManageWhen, missing: always},
		StepManageTime:   {ask: askManageTime, read: readManageTime, missing: always},
		StepManageCancel: {ask: askManageCancel, read: readManageCancel, missing: always},
		StepManageAction: {ask: askManageAction, read: readManageAction, missing: always},
	}
}

// isManageStep reports whether step belongs to the move and cancel flows.
func isManageStep(step string) bool { return strings.HasPrefix(step, "manage_") }

func askText(code string) func(t *turn) (string, []QuickReply, bool) {
	return func(t *turn) (string, []QuickReply, bool) { return text(t.lang(), code), []QuickReply{}, true }
}

// startManage starts moving or cancelling the visitor's appointment; reader.IntentOwn leaves
// which for the visitor to say.
func (t *turn) startManage(action string) {
	t.s.Manage = &manageState{Action: action}
	if action == reader.IntentOwn {
		t.s.Manage.Action = ""
	}
	t.keepWish()
	t.moveTo(StepManageEmail)
	t.askWith(text(t.lang(), "manage_start_"+action))
}

// changeManage turns a cancellation under way into a move, or the other way round, when
// the visitor says so ("could we push it to Thursday instead?") or offers another slot
// ("Any chance we can do Monday the 30th at 10 instead?", "n9dro ndirouh nhar l khmis f
// nafs l wa9t?"), and reports whether the message did no more than that: once the
// appointment is picked, the new action is then asked, or the slot offered taken; before,
// while the address is asked, a message without one is answered by asking it again for
// the new action; else the step's reader goes on.
func (t *turn) changeManage(msg string, ws []string) bool {
	r := reader.NewText(ws)
	action := reader.ManageActionIn(&r)
	if action == "" && t.slotOffered() {
		action = reader.IntentMove
	}
	if action == reader.IntentMove && (t.s.Manage.Picked == "" || t.s.Manage.Action != action) {
		t.keepWish() // "نأخروه للثلاثاء 8 ديسمبر", said while the address is asked
	}
	if action == reader.IntentOwn || action == "" || (action == reader.IntentCancel && reader.YesWords.Exact(ws)) {
		return false
	}
	if action == t.s.Manage.Action {
		// "Please cancel it.", said again while the address is asked: asked again.
		if t.s.Step == StepManageEmail && !strings.Contains(msg, "@") {
			t.askWith(text(t.lang(), "manage_start_"+action))
			return true
		}
		return false
	}
	t.s.Manage.Action = action
	switch {
	case t.s.Manage.Picked != "":
		t.pick(t.s.Manage.Picked)
		return true
	case t.s.Step == StepManageEmail && !strings.Contains(msg, "@"):
		t.askWith(text(t.lang(), "manage_start_"+action))
		return true
	}
	return false
}

// stopsManage reports whether the message stops the move or cancel under way: a command to
// stop or start again ("annuler", "stop", "laissez tomber", "recommencer"); not, while a
// cancellation is under way or not yet chosen, a cancelling said of the appointment
// ("Please cancel it.", "je veux annuler le rendez-vous"), which asks for that cancellation.
func (t *turn) stopsManage(ws []string) bool {
	if reader.IsCommand(reader.RestartWords, ws) {
		return true
	}
	if !reader.IsCommand(reader.CancelWords, ws) {
		return false
	}
	if t.s.Manage == nil || t.s.Manage.Action == reader.IntentMove {
		return true
	}
	return !slices.ContainsFunc(ws, func(w string) bool { return cancelledObjects[w] }) &&
		reader.AppointmentWords.Score(ws) == 0
}

// cancelledObjects name the thing a cancelling is said of: "cancel it", "annulez-le".
var cancelledObjects = map[string]bool{"it": true, "le": true}

// slotOffered reports whether the message offers a new slot for the appointment before
// its move is under way: while its address or code is asked, its cancellation or what to
// do with it.
func (t *turn) slotOffered() bool {
	switch t.s.Step {
	case StepManageEmail, StepManageCode, StepManageCancel, StepManageAction:
		return t.reading().Wish != reader.MoveWish{}
	}
	return false
}

// wishText words a wish's day and hour as far as they are known.
func wishText(l string, w reader.MoveWish) string {
	switch {
	case w.Date != "" && w.Time != "":
		return formatWhen(l, w.Date, w.Time)
	case w.Date != "":
		return formatDay(l, w.Date)
	}
	return w.Time
}

// keepWish keeps the new slot the message asks for, if any, until the appointment is known.
func (t *turn) keepWish() {
	if w := t.reading().Wish; w != (reader.MoveWish{}) {
		t.s.Manage.Wish = &w
	}
}

// rewish replaces a kept wish with the day or hour the message names while the appointment
// is not yet known, and reports whether it did: "no, sorry, I changed my mind: Tuesday 8
// December at 10 is better", "non smahli, mettez 16h", said when the address or the code
// is asked. An hour only partly understood drops the wished one, asked after the code.
func (t *turn) rewish(msg string) bool {
	m := t.s.Manage
	if m.Wish == nil || m.Picked != "" || strings.Contains(msg, "@") {
		return false
	}
	when := t.reading().Fields.When
	switch {
	case when.Past || when.Date == "" && when.Time == "" && when.Unsure == "":
		return false
	case when.Date != "":
		m.Wish = &reader.MoveWish{Date: when.Date, Time: when.Time}
	default:
		w := *m.Wish
		w.Time, w.Hours, w.SameTime = when.Time, 0, false
		m.Wish = &w
	}
	return true
}

// endManage leaves the flow, saying msg, with the menu.
func (t *turn) endManage(msg string) {
	t.s.Manage = nil
	t.moveTo(StepGreeting)
	t.say(msg, SourceFlow)
	t.s.QuickReplies = t.menu()
}

func readManageEmail(t *turn, msg string, _ []string) {
	l := t.lang()
	email, code := checkValue(StepEmail, msg)
	if code != "" && t.rewish(msg) {
		lead := ""
		if said := wishText(l, *t.s.Manage.Wish); said != "" {
			lead = text(l, "understood", "list", said)
		}
		t.askWith(lead)
		return
	}
	if code != "" {
		t.fail(text(l, code))
		return
	}
	id, err := t.e.core.SendCode(t.ctx, email, l)
	switch {
	case errors.Is(err, booking.ErrTooManyCodes):
		t.endManage(text(l, "manage_too_many"))
		return
	case err != nil:
		t.fault(err)
		return
	}
	t.s.Manage.Email, t.s.Manage.CodeID = email, id
	t.moveTo(StepManageCode)
	t.askWith(text(l, "manage_code_sent", "address", email))
}

func readManageCode(t *turn, msg string, _ []string) {
	l := t.lang()
	code := digitsOf(reader.NormalizeDigits(msg))
	if len(code) != 6 {
		t.fail(text(l, "manage_code_shape"))
		return
	}
	email, err := t.e.core.VerifyCode(t.ctx, t.s.Manage.CodeID, code)
	switch {
	case errors.Is(err, booking.ErrCodeWrong):
		t.fail(text(l, "manage_code_wrong"))
		return
	case errors.Is(err, booking.ErrCodeExpired):
		t.moveTo(StepManageEmail)
		t.askWith(text(l, "manage_code_expired"))
		return
	case errors.Is(err, booking.ErrTooManyCodes):
		t.endManage(text(l, "manage_too_many"))
		return
	case err != nil:
		t.fault(err)
		return
	}
	t.s.Manage.Email, t.s.Manage.Verified = email, true
	list, err := t.e.core.Upcoming(t.ctx, email)
	if err != nil {
		t.fault(err)
		return
	}
	if len(list) == 0 {
		t.endManage(text(l, "manage_none"))
		return
	}
	t.s.Manage.Options = nil
	for _, a := range list {
		t.s.Manage.Options = append(t.s.Manage.Options, a.ID)
	}
	if len(list) == 1 {
		t.pick(list[0].ID)
		return
	}
	t.moveTo(StepManagePick)
	t.ask()
}

// upcoming reads the verified visitor's appointments ahead, by id.
func (t *turn) upcoming() (map[string]booking.Appointment, []booking.Appointment, bool) {
	list, err := t.e.core.Upcoming(t.ctx, t.s.Manage.Email)
	if err != nil {
		t.fault(err)
		return nil, nil, false
	}
	byID := map[string]booking.Appointment{}
	for _, a := range list {
		byID[a.ID] = a
	}
	return byID, list, true
}

// describe writes an appointment for the visitor: its day and hour, and its service named
// in l (stored by its slug, named by the catalogue).
func describe(l string, a booking.Appointment, services []catalogue.Service) string {
	when := text(l, "manage_no_slot")
	if a.Date != "" {
		when = formatWhen(l, a.Date, a.Time)
	}
	if a.Service != "" {
		return when + " — " + serviceTitle(l, a.Service, services)
	}
	return when
}

// serviceTitle is the name in l of the service a booking stores by its slug; a text that
// is no slug of services as it is.
func serviceTitle(l, stored string, services []catalogue.Service) string {
	for _, svc := range services {
		if svc.Slug == stored {
			return svc.In(l).Name
		}
	}
	return stored
}

func askManagePick(t *turn) (string, []QuickReply, bool) {
	l := t.lang()
	_, list, ok := t.upcoming()
	if !ok {
		return "", nil, false
	}
	lines, qr := []string{}, []QuickReply{}
	for i, a := range list {
		n := strconv.Itoa(i + 1)
		lines = append(lines, n+". "+describe(l, a, t.catalogue().Services))
		qr = append(qr, QuickReply{Label: describe(l, a, t.catalogue().Services), Value: n})
	}
	return text(l, "manage_pick", "list", strings.Join(lines, "\n")), qr, true
}

func readManagePick(t *turn, msg string, ws []string) {
	_, list, ok := t.upcoming()
	if !ok {
		return
	}
	if n, err := strconv.Atoi(strings.TrimSpace(digitsOf(msg))); err == nil && n >= 1 && n <= len(list) {
		t.pick(list[n-1].ID)
		return
	}
	if w := t.when(msg, false); w.Date != "" {
		for _, a := range list {
			if a.Date == w.Date && (w.Time == "" || a.Time == w.Time) {
				t.pick(a.ID)
				return
			}
		}
	}
	t.fail(text(t.lang(), "manage_pick_unknown"))
}

// pick chooses the appointment to move or cancel, and asks what the flow asks next; one
// the visitor may no longer change online is said at once, with whom to call.
func (t *turn) pick(id string) {
	t.s.Manage.Picked = id
	a, ok := t.picked()
	if !ok {
		return
	}
	if err := t.e.core.ChangeableByCustomer(t.ctx, a); err != nil {
		t.manageRefused(err)
		return
	}
	switch t.s.Manage.Action {
	case reader.IntentCancel:
		t.moveTo(StepManageCancel)
	case reader.IntentMove:
		t.moveTo(StepManageWhen)
		if t.moveWished(a) {
			return
		}
	default:
		t.moveTo(StepManageAction)
	}
	t.ask()
}

func askManageAction(t *turn) (string, []QuickReply, bool) {
	a, ok := t.picked()
	if !ok {
		return "", nil, false
	}
	l := t.lang()
	return text(l, "manage_ask_action", "appointment", describe(l, a, t.catalogue().Services)),
		[]QuickReply{{Label: text(l, "qr_move"), Value: text(l, "qr_move")}, {Label: text(l, "qr_cancel"), Value: text(l, "qr_cancel")}}, true
}

// readManageAction reads whether to move or cancel the appointment picked: a move, a
// cancellation, or another day ("mardi plutôt"), which is a move to that day.
func readManageAction(t *turn, msg string, ws []string) {
	if t.changeManage(msg, ws) {
		return
	}
	if w := t.when(msg, false); w.Date != "" {
		t.s.Manage.Action = reader.IntentMove
		readManageWhen(t, msg, ws)
		return
	}
	if w, ok := t.shifted(ws, reader.When{}); ok {
		t.s.Manage.Action = reader.IntentMove
		t.moveWhen(w)
		return
	}
	t.fail(text(t.lang(), "manage_action_unknown"))
}

// shifted is the slot a move told from the appointment's own lands on ("sa3a men ba3d":
// its hour plus one; "same day next week": its day plus seven), when the message tells
// one; with an hour's shift, an hour read (w) is the shift's own words ("une heure plus
// tard" is no 13:00) and a day read another move. ok is false otherwise.
func (t *turn) shifted(ws []string, w reader.When) (reader.When, bool) {
	days, hours, ok := reader.ShiftIn(ws)
	if !ok || (days == 0 && w.Date != "") {
		return reader.When{}, false
	}
	cur, found := t.picked()
	if !found {
		return reader.When{}, false
	}
	return shiftedFrom(cur, days, hours, w.Time)
}

// shiftedFrom is the slot days and hours after the appointment cur's; with a shift of
// days, an hour given (hhmm) is the new slot's ("same day next week, at 3 pm").
func shiftedFrom(cur booking.Appointment, days, hours int, hhmm string) (reader.When, bool) {
	if len(cur.Time) < 5 {
		return reader.When{}, false
	}
	at, err := time.Parse("2006-01-02 15:04", cur.Date+" "+cur.Time[:5])
	if err != nil {
		return reader.When{}, false
	}
	at = at.AddDate(0, 0, days).Add(time.Duration(hours) * time.Hour)
	s := reader.When{Date: at.Format(time.DateOnly), Time: at.Format("15:04")}
	if days != 0 && hhmm != "" {
		s.Time = hhmm
	}
	return s, true
}

// picked is the appointment chosen, read again; ok is false when it is gone.
func (t *turn) picked() (booking.Appointment, bool) {
	byID, _, ok := t.upcoming()
	if !ok {
		return booking.Appointment{}, false
	}
	a, found := byID[t.s.Manage.Picked]
	if !found {
		t.endManage(text(t.lang(), "manage_none"))
	}
	return a, found
}

func askManageCancel(t *turn) (string, []QuickReply, bool) {
	a, ok := t.picked()
	if !ok {
		return "", nil, false
	}
	return text(t.lang(), "manage_confirm_cancel", "appointment", describe(t.lang(), a, t.catalogue().Services)), t.yesNo(), true
}

func readManageCancel(t *turn, msg string, ws []string) {
	l := t.lang()
	switch {
	case reader.YesToCancel(ws, t.when(msg, false)):
		a, err := t.e.core.CancelVerified(t.ctx, t.s.Manage.Email, t.s.Manage.Picked)
		if err != nil {
			t.manageRefused(err)
			return
		}
		t.endManage(text(l, "manage_cancelled", "appointment", describe(l, a, t.catalogue().Services)))
	case reader.NoWords.Score(ws) > 0:
		t.endManage(text(l, "manage_kept"))
	default:
		t.ask()
	}
}

func askManageWhen(t *turn) (string, []QuickReply, bool) {
	a, ok := t.picked()
	if !ok {
		return "", nil, false
	}
	// Only days the customer may still move to: beyond the minimum notice.
	days := []QuickReply{}
	for _, d := range t.dayReplies() {
		if t.beyondNotice(d.Value, booking.SlotTimes[len(booking.SlotTimes)-1]) {
			days = append(days, d)
		}
	}
	return text(t.lang(), "manage_ask_when", "appointment", describe(t.lang(), a, t.catalogue().Services)), days, true
}

// beyondNotice reports whether a slot starts after the minimum notice, the earliest a
// customer may move an appointment to.
func (t *turn) beyondNotice(date, hhmm string) bool {
	st, err := t.e.core.Settings(t.ctx)
	if err != nil {
		return true // the booking core checks it again
	}
	start := st.StartsAt(date, hhmm)
	return start != nil && start.After(t.e.now().Add(st.MinNotice()))
}

func readManageWhen(t *turn, msg string, ws []string) {
	w := t.when(msg, false)
	if s, ok := t.shifted(ws, w); ok {
		t.moveWhen(s)
		return
	}
	if w.Date == "" {
		t.fail(text(t.lang(), "date_unknown"))
		return
	}
	t.moveWhen(w)
}

// readManageTime reads the new hour on the day chosen; a message naming another day
// chooses that day instead.
func readManageTime(t *turn, msg string, ws []string) {
	l := t.lang()
	w := t.when(msg, true)
	if s, ok := t.shifted(ws, w); ok && s.Date == t.s.Manage.Date {
		t.moveWhen(s)
		return
	}
	switch {
	case w.Date != "" && w.Date != t.s.Manage.Date:
		t.moveWhen(w)
	case w.Time != "":
		w.Date = t.s.Manage.Date
		t.moveWhen(w)
	case w.Unsure != "":
		t.fail(text(l, "time_unsure", "time", w.Unsure))
	default:
		t.fail(text(l, "time_unknown"))
	}
}

// moveWhen moves the appointment to the day and hour read; a day alone is kept, and its
// free hours asked for.
func (t *turn) moveWhen(w reader.When) {
	l := t.lang()
	if w.Time == "" {
		if w.Unsure != "" {
			t.fail(text(l, "time_unsure", "time", w.Unsure))
			return
		}
		slots, ok := t.movableSlots(w.Date)
		if !ok {
			return
		}
		if len(slots) == 0 {
			t.fail(text(l, "day_full", "day", formatDay(l, w.Date)))
			return
		}
		t.s.Manage.Date = w.Date
		t.moveTo(StepManageTime)
		t.ask()
		return
	}
	// "n25er rdv ta3 13 decembre men 16h l 17h": the appointment's own slot, named to say
	// which one it is, is no move; its day is kept and the new hour asked.
	cur, ok := t.picked()
	if !ok {
		return
	}
	if cur.Date == w.Date && strings.HasPrefix(cur.Time, w.Time) {
		t.s.Manage.Date = w.Date
		t.moveTo(StepManageTime)
		t.ask()
		return
	}
	a, err := t.e.core.RescheduleVerified(t.ctx, t.s.Manage.Email, t.s.Manage.Picked, w.Date, w.Time)
	if err != nil {
		t.manageRefused(err)
		return
	}
	t.endManage(text(l, "manage_moved", "appointment", describe(l, a, t.catalogue().Services)))
}

// movableSlots are a day's free hours the appointment may still move to (beyond the
// minimum notice); ok is false when the day could not be read (the fault was said).
func (t *turn) movableSlots(date string) ([]string, bool) {
	day, err := t.e.core.Day(t.ctx, date, t.lang())
	if err != nil {
		t.fault(err)
		return nil, false
	}
	var slots []string
	if day.Closed {
		return nil, true
	}
	for _, s := range freeSlots(day) {
		if t.beyondNotice(date, s) {
			slots = append(slots, s)
		}
	}
	return slots, true
}

func askManageTime(t *turn) (string, []QuickReply, bool) {
	l, date := t.lang(), t.s.Manage.Date
	slots, ok := t.movableSlots(date)
	if !ok {
		return "", nil, false
	}
	qr := []QuickReply{}
	for _, s := range slots {
		qr = append(qr, QuickReply{Label: s, Value: date + " " + s})
	}
	return text(l, "ask_time", "day", formatDay(l, date), "slots", strings.Join(slots, ", ")), qr, true
}

// manageRefused tells why booking refused a move or a cancellation: a slot that cannot be
// had (with the nearest free ones), inside the notice, or cancelled already.
func (t *turn) manageRefused(err error) {
	l := t.lang()
	var late *booking.TooLateError
	var invalid *booking.ValidationError
	if errors.As(err, &invalid) {
		t.fail(booking.Text(l, "slot_closed_not_a_slot"))
		return
	}
	if alts, code, ok := slotAlternatives(err); ok {
		nearest, qr := nearestSlots(l, alts)
		t.say(localizedSlotError(err, l, code)+"\n"+nearest, SourceFlow)
		t.s.QuickReplies = qr
		return
	}
	switch {
	case errors.As(err, &late):
		t.endManage(late.LocalizedMessage(l))
	case errors.Is(err, booking.ErrConflict), errors.Is(err, booking.ErrNotFound):
		t.endManage(text(l, "manage_none"))
	default:
		t.fault(err)
	}
}

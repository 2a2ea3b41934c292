package chatbot

import (
	"strings"
)

// A step of a conversation is one entry of the table below: what it asks (with its quick
// replies), how it reads an answer, and whether it is still to be asked. A flow is an
// ordered list of steps; a new flow is a new list, and a new step a new entry.
type step struct {
	// ask is the step's question and quick replies; ok is false when it could not be
	// written (the fault was said).
	ask func(t *turn) (question string, replies []QuickReply, ok bool)
	// read handles the visitor's answer at this step.
	read func(t *turn, msg string, ws []string)
	// missing reports whether the step still has to be asked.
	missing func(s *session) bool
}

// steps is every step of Dota's conversations. It is filled at start-up: the steps' own
// functions go through it (answering a step asks the next one).
var steps map[string]step

func init() {
	steps = map[string]step{
		StepName:    {ask: askPlain(StepName), read: readContact, missing: func(s *session) bool { return s.Collected.Name == "" }},
		StepEmail:   {ask: askPlain(StepEmail), read: readContact, missing: func(s *session) bool { return s.Collected.Email == "" && !s.NoEmail }},
		StepPhone:   {ask: askPhone, read: readContact, missing: func(s *session) bool { return s.Collected.Phone == "" && !s.NoPhone }},
		StepCompany: {ask: askCompany, read: readContact, missing: func(s *session) bool { return !s.CompanyDone }},
		StepService: {ask: askService, read: readService, missing: func(s *session) bool { return s.Collected.Service == "" }},
		StepDate:    {ask: askDate, read: func(t *turn, msg string, _ []string) { t.chooseDate(msg) }, missing: func(s *session) bool { return s.Collected.Date == "" }},
		StepTime:    {ask: askTime, read: func(t *turn, msg string, _ []string) { t.chooseTime(msg) }, missing: func(s *session) bool { return s.Collected.Time == "" }},
		StepConfirm: {ask: askConfirm, read: (*turn).confirm, missing: func(*session) bool { return true }},
		// The callback's last step records it as it is asked, and returns to free questions.
		StepCallback: {ask: askCallback, read: func(t *turn, _ string, _ []string) { t.ask() },
			missing: func(*session) bool { return true }},
	}
	for name, st := range manageSteps() {
		steps[name] = st
	}
}

// BookingFlow is the booking conversation: the steps that collect its values, in order,
// then the summary to confirm.
var BookingFlow = []string{StepName, StepEmail, StepPhone, StepCompany, StepService, StepDate, StepTime, StepConfirm}

// ContactSteps are the steps a conversation reaches once the visitor has given their
// contact details: the funnel counts a conversation there as "contact collected".
var ContactSteps = append(append([]string{}, BookingFlow[3:]...), StepBooked)

// nextStep is the first step of the flow under way (booking, or the callback's contact
// details) still to be asked, or its last step.
func (t *turn) nextStep() string {
	flow, last := BookingFlow, StepConfirm
	if t.s.Callback {
		flow, last = CallbackFlow, StepCallback
	}
	for _, st := range flow {
		if steps[st].missing(t.s) {
			return st
		}
	}
	return last
}

// askWith asks the current step's question after a lead sentence (a reason, a thanks).
func (t *turn) askWith(lead string) {
	st, ok := steps[t.s.Step]
	if !ok {
		return
	}
	q, qr, ok := st.ask(t)
	if !ok {
		return
	}
	if lead != "" {
		q = lead + "\n" + q
	}
	t.say(strings.TrimSpace(q), SourceFlow)
	t.s.QuickReplies = qr
}

func askPlain(step string) func(t *turn) (string, []QuickReply, bool) {
	return func(t *turn) (string, []QuickReply, bool) { return text(t.lang(), "ask_"+step), []QuickReply{}, true }
}

// askPhone asks for the phone, which may be skipped when the e-mail is given.
func askPhone(t *turn) (string, []QuickReply, bool) {
	l := t.lang()
	if t.s.Collected.Email == "" || t.s.Callback {
		return text(l, "ask_phone"), []QuickReply{}, true
	}
	return text(l, "ask_phone"), []QuickReply{{Label: text(l, "qr_skip"), Value: text(l, "qr_skip")}}, true
}

func askCompany(t *turn) (string, []QuickReply, bool) {
	l := t.lang()
	return text(l, "ask_company"), []QuickReply{{Label: text(l, "qr_skip"), Value: text(l, "qr_skip")}}, true
}

func askService(t *turn) (string, []QuickReply, bool) {
	return text(t.lang(), "ask_service", "list", ""), t.serviceReplies(t.catalogue().Services), true
}

func askDate(t *turn) (string, []QuickReply, bool) {
	return text(t.lang(), "ask_date"), t.dayReplies(), true
}

func askTime(t *turn) (string, []QuickReply, bool) {
	l := t.lang()
	day, err := t.e.core.Day(t.ctx, t.s.Collected.Date)
	if err != nil {
		t.fault(err)
		return "", nil, false
	}
	slots := inPart(freeSlots(day), t.s.PartOfDay)
	qr := []QuickReply{}
	for _, s := range slots {
		qr = append(qr, QuickReply{Label: s, Value: s})
	}
	return text(l, "ask_time", "day", formatDay(l, day.Date), "slots", strings.Join(slots, ", ")), qr, true
}

func askConfirm(t *turn) (string, []QuickReply, bool) {
	l := t.lang()
	return t.summary(), append(t.yesNo(), QuickReply{Label: text(l, "qr_cancel"), Value: text(l, "qr_cancel")}), true
}

// inPart keeps the slots of a part of the day (morning until noon, afternoon from 14:00);
// all of them when part is "" or leaves none.
func inPart(slots []string, part string) []string {
	var out []string
	for _, s := range slots {
		if (part == "morning" && s < "12:00") || (part == "afternoon" && s >= "14:00") {
			out = append(out, s)
		}
	}
	if part == "" || len(out) == 0 {
		return slots
	}
	return out
}

package chatbot

import (
	"strings"

	"github.com/dota-agency/dota/chatbot/reader"
)

// A step of a conversation is one entry of the table below, which holds all its
// behaviour: what it asks (with its quick replies), how it reads an answer, whether it is
// still to be asked, and for a step that collects a value, that value's rules, how it is
// stored and how an earlier answer is corrected. A flow is an ordered list of steps; a new
// flow is a new list, and a new step a new entry.
type step struct {
	// ask is the step's question and quick replies; ok is false when it could not be
	// written (the fault was said).
	ask func(t *turn) (question string, replies []QuickReply, ok bool)
	// read handles the visitor's answer at this step.
	read func(t *turn, msg string, ws []string)
	// missing reports whether the step still has to be asked.
	missing func(s *session) bool

	// The value a step collects. names are the words that name it in a correction
	// ("changer l'email"); check reads it from a message by its own rules (validate.go),
	// returning the value or the code of what is wrong; find finds it anywhere in a
	// correction ("non, mon numéro c'est le 0556 …"); store records it; correct changes the
	// earlier answer, with its new value or by asking for it.
	names   reader.Matcher
	check   func(msg string) (value, code string)
	find    func(msg string) string
	store   func(t *turn, v string)
	correct func(t *turn, value string)
	// holds reports whether a question-shaped message still gives the value ("10h ?" at
	// the time step); nil when none does.
	holds func(t *turn, msg string, ws []string) bool
	// dayFirst reports whether a day alone in an answer at this step is that day rather
	// than the step's value ("mardi à 10h" at the name step); nil when never.
	dayFirst func(ws []string) bool
	// takes reports whether an answer is the step's value before anything else it may
	// name is read ("by video" at the mode step names a mode, not the video service);
	// nil when the usual order holds.
	takes func(t *turn, ws []string) bool
	// detail marks the e-mail and the phone: "contact" words there answer the step, they
	// ask no question ("pas d'email").
	detail bool
}

// steps is every step of Dota's conversations. It is filled at start-up: the steps' own
// functions go through it (answering a step asks the next one).
var steps map[string]step

func init() {
	always := func([]string) bool { return true }
	steps = map[string]step{
		StepName: {ask: askPlain(StepName), read: readName, missing: func(s *session) bool { return s.Collected.Name == "" },
			names: nameNames, check: checkName, store: func(t *turn, v string) { t.s.Collected.Name = v },
			correct: correctContact(StepName), dayFirst: always},
		StepEmail: {ask: askPlain(StepEmail), read: readDetail, missing: func(s *session) bool { return s.Collected.Email == "" && !s.NoEmail },
			names: emailNames, check: checkEmail, find: findEmail, store: func(t *turn, v string) { t.s.Collected.Email = v },
			correct: correctContact(StepEmail), holds: holdsValue, detail: true, dayFirst: always},
		StepPhone: {ask: askPhone, read: readDetail, missing: func(s *session) bool { return s.Collected.Phone == "" && !s.NoPhone },
			names: phoneNames, check: checkPhone, find: findPhone, store: func(t *turn, v string) { t.s.Collected.Phone = v },
			correct: correctContact(StepPhone), holds: holdsValue, detail: true, dayFirst: always},
		StepCompany: {ask: askCompany, read: readCompany, missing: func(s *session) bool { return !s.CompanyDone },
			names: companyNames, check: checkCompany, store: func(t *turn, v string) { t.s.Collected.Company, t.s.CompanyDone = v, true },
			correct: correctContact(StepCompany), dayFirst: always},
		StepService: {ask: askService, read: readService, missing: func(s *session) bool { return s.Collected.Service == "" },
			names: serviceNames, correct: correctService, holds: holdsService,
			dayFirst: func(ws []string) bool { return len(ws) <= 4 }}, // a longer answer is left to the service's reader
		// Whether the service offers several modes is the catalogue's: nextStep asks it too.
		StepMode: {ask: askMode, read: readMode, missing: func(s *session) bool { return s.Mode == "" || s.ModeService != s.ServiceSlug },
			takes: func(t *turn, ws []string) bool { return t.modeIn(ws) != "" }},
		// The service's own questions, one a turn: the step works on the first one still
		// to ask (questions.go), which only the catalogue knows: nextStep asks it.
		StepQuestion: {ask: askQuestion, read: readQuestion, missing: func(*session) bool { return true },
			holds: holdsAnswer, takes: takesAnswer},
		StepDate: {ask: askDate, read: func(t *turn, msg string, _ []string) { t.chooseDate(msg) }, missing: func(s *session) bool { return s.Collected.Date == "" },
			names: dateNames, correct: correctWhen(StepDate), holds: holdsWhen},
		StepTime: {ask: askTime, read: func(t *turn, msg string, _ []string) { t.chooseTime(msg) }, missing: func(s *session) bool { return s.Collected.Time == "" },
			names: timeNames, correct: correctWhen(StepTime), holds: holdsWhen},
		StepConfirm: {ask: askConfirm, read: (*turn).confirm, missing: func(*session) bool { return true }},
		// The callback's last step records it as it is asked, and returns to free questions.
		StepCallback: {ask: askCallback, read: func(t *turn, _ string, _ []string) { t.ask() },
			missing: func(*session) bool { return true }},
	}
	for name, st := range manageSteps() {
		steps[name] = st
	}
}

// fieldSteps are the steps whose value a visitor may name to change it, in the order their
// names are tried ("adresse e-mail" before "adresse").
var fieldSteps = []string{StepEmail, StepPhone, StepCompany, StepName, StepService, StepDate, StepTime}

// BookingFlow is the booking conversation: the steps that collect its values, in order,
// then the summary to confirm.
var BookingFlow = []string{StepName, StepEmail, StepPhone, StepCompany, StepService, StepMode, StepQuestion, StepDate, StepTime, StepConfirm}

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
		if st == StepMode {
			// The mode's step depends on the catalogue, which a session alone does not hold.
			if modes, _ := t.serviceModes(); modeMissing(t.s, modes) {
				return st
			}
			continue
		}
		if st == StepQuestion {
			// So do the service's questions; what the visitor said before may answer some.
			if _, ok := t.question(); ok {
				return st
			}
			continue
		}
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
	day, err := t.e.core.Day(t.ctx, t.s.Collected.Date, t.lang(), t.slotsFor())
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

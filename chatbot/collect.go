package chatbot

import (
	"errors"
	"slices"
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	namereader "github.com/dota-agency/dota/chatbot/reader/name"
)

// setService records the service a message names; false when it names none.
func (t *turn) setService(ws []string) bool {
	svc, ok := serviceIn(ws, t.catalogue().Services)
	if ok {
		t.keepConsultantFor(svc.Slug)
		t.s.ServiceSlug = svc.Slug
		t.s.Collected.Service = svc.Name.In(t.lang())
	}
	return ok
}

// collect handles a message at a step that asks for a value.
func (t *turn) collect(msg string, ws []string) {
	t.hear(msg)
	if t.respell(msg, ws) {
		return
	}
	if t.unsureHour(msg) {
		return
	}
	step := t.s.Step
	if takes := steps[step].takes; takes != nil && takes(t, ws) {
		steps[step].read(t, msg, ws)
		return
	}
	if t.fillMany(msg, ws) || t.fillOther(msg, ws) {
		return
	}
	if t.divert(msg, ws) {
		return
	}
	steps[step].read(t, msg, ws)
}

// unsureHour asks for the hour again when a message names one that could not be told for
// sure and differs from the hour chosen ("à 14h j'ai un fournisseur, 16h ça irait ?"): the
// hour chosen is neither kept nor changed, it is asked; it reports whether it did. At the
// time step, the step itself asks.
func (t *turn) unsureHour(msg string) bool {
	w, c := t.fields().When, t.s.Collected
	if t.s.Step == StepTime || w.Time != "" || w.Unsure == "" || c.Time == "" || w.Unsure == c.Time {
		return false
	}
	t.s.Collected.Time = ""
	if w.Date != "" && w.Date != c.Date {
		t.moveTo(StepDate)
		t.chooseDate(msg)
		return true
	}
	t.moveTo(StepTime)
	t.fail(text(t.lang(), "time_unsure", "time", w.Unsure))
	return true
}

// readName reads the name at its step; a question is answered, and a yes, a no or a
// booking request asks for it again.
func readName(t *turn, msg string, ws []string) {
	f := t.fields()
	if w := f.When; w.Date != "" || w.Time != "" || w.Unsure != "" {
		t.ask() // a day or an hour that could not be taken is no name
		return
	}
	// "لا استنى", "non attendez": the visitor holds on, the name is asked again.
	if holdOnWords.Score(ws) > 0 && f.Name == "" {
		t.ask()
		return
	}
	// "بخصوص روبوت محادثة ذكي": a service, not a name.
	if f.HasService && f.Name == "" && f.Service.Slug != t.s.ServiceSlug {
		noted := t.absorb(found{Service: f.Service, HasService: true})
		t.askWith(text(t.lang(), "understood", "list", strings.Join(noted, ", ")))
		return
	}
	// "Le rdv au nom de mon père, Ahmed Toumi": booking words, and the name in a phrase of
	// its own.
	bookingWords := reader.BookWords.Score(ws) > 0 && namereader.Alone(msg) == ""
	// "pour moi c'est bon", "ana sahit": a yes, said in a sentence, is no name either.
	assent := f.Name == "" && namereader.Assent(msg)
	if tp := t.reading().Topic; tp != "" || reader.YesWords.Exact(ws) || reader.NoWords.Exact(ws) || bookingWords || assent {
		if tp != "" {
			t.answerThenAsk(msg, ws)
		} else {
			t.ask()
		}
		return
	}
	if v, ok := t.takeValue(msg, ws); ok {
		t.moveTo(t.nextStep())
		t.askWith(text(t.lang(), "nice_to_meet", "name", v))
	}
}

// readDetail reads the e-mail or the phone at its step; one may be kept back.
func readDetail(t *turn, msg string, ws []string) {
	if declines(msg, ws, t.s.Step) {
		t.skipContact(t.s.Step)
		return
	}
	if _, ok := t.takeValue(msg, ws); ok {
		t.advance()
	}
}

// readCompany reads the company at its step, or that there is none.
func readCompany(t *turn, msg string, ws []string) {
	if skipsCompany(msg, ws) {
		t.s.Collected.Company, t.s.CompanyDone = "", true
		t.advance()
		return
	}
	if unclearNoCompany(msg, ws) {
		t.fail(text(t.lang(), "company_unclear"))
		return
	}
	if _, ok := t.takeValue(msg, ws); ok {
		t.advance()
	}
}

// takeValue stores the value of the current step a message gives, by the step's rules,
// and reports whether it did; otherwise a question is answered and the step asked again,
// or the step says what is wrong.
func (t *turn) takeValue(msg string, ws []string) (string, bool) {
	st := steps[t.s.Step]
	v, code := st.check(msg)
	if code == "" {
		st.store(t, v)
		return v, true
	}
	// "tarifs ?" at the phone step is a question; "pas d'email" at the email step is not.
	if tp := reader.TopicOf(ws); tp != "" && !(tp == "contact" && st.detail) {
		t.answerThenAsk(msg, ws)
		return "", false
	}
	if !t.aiRescue(msg) {
		t.fail(text(t.lang(), code))
	}
	return "", false
}

// holdOnWords ask Dota to hold on.
var holdOnWords = reader.NewMatcher("attendez", "attends", "wait", "hold on", "one sec", "une seconde", "استنى", "استنا",
	"انتظر", "لحظة", "stenna", "sber", "tsanna")

// declines reports whether a message keeps back the contact detail asked for at step:
// "passer", "je préfère ne pas le donner", "ma3andich", or the other way to reach the
// visitor asked for instead ("I'd rather you just email me", "email is enough" for the
// phone, "3ayetli 3la numero" for the e-mail), with no address or number in it; darija's
// digits inside its words ("ma3andich") are no number.
func declines(msg string, ws []string, step string) bool {
	if strings.Contains(msg, "@") || slices.ContainsFunc(ws, isNumber) {
		return false
	}
	// "hanane dot kaddour at gmail dot com, I'd rather not give a phone": the address is
	// given, the phone kept back.
	if step == StepEmail && spelledEmail(msg) != "" {
		return false
	}
	other := &byEmail
	if step == StepEmail {
		other = &byPhone
	}
	return reader.DeclineWords.Score(ws) > 0 || other.Score(ws) > 0 || skipsCompany(msg, ws)
}

// byEmail and byPhone ask to be reached by e-mail, or by phone.
var (
	byEmail = reader.NewMatcher("par mail", "par email", "par e-mail", "juste le mail", "le mail suffit", "email me",
		"e-mail me", "by email", "by e-mail", "via email", "over email", "f l mail", "fel mail", "بالبريد",
		"عبر البريد", "بالإيميل", "بالايميل", "عبر الإيميل",
		// the e-mail said to be enough: "email is enough", "l'email suffit", "l mail yekfi"
		"email is enough", "email's enough", "e-mail is enough", "mail is enough", "email is fine", "email will do",
		"email suffices", "just email", "just the email", "l'email suffit", "l'e-mail suffit", "le mail ça suffit",
		"le mail ca suffit", "l'email ça suffit", "le mail c'est suffisant", "mail yekfi", "l mail yekfi",
		"lmail yekfi", "email yekfi", "l email yekfi", "الايميل يكفي", "الإيميل يكفي", "الايمايل يكفي",
		"الإيمايل يكفي", "الايمايل برك", "الإيمايل برك", "الايميل برك", "الإيميل برك")
	byPhone = reader.NewMatcher("appelez moi", "appelez-moi", "appelle moi", "appelle-moi", "call me", "phone me",
		"by phone", "par téléphone", "par telephone", "par tel", "3aytouli", "3aytoli", "3ayetli", "عيطولي",
		"عيطلي", "اتصلوا بي", "اتصل بي", "بالهاتف", "عبر الهاتف",
		// the phone said to be enough: "phone is enough", "le numéro suffit", "numero yekfi"
		"phone is enough", "my number is enough", "the number is enough", "phone is fine", "just call",
		"le numéro suffit", "le numero suffit", "le téléphone suffit", "le telephone suffit", "le tel suffit",
		"numero yekfi", "numéro yekfi", "tel yekfi", "الرقم يكفي", "الهاتف يكفي", "النيميرو يكفي", "النيميرو برك",
		"3ayetli 3la", "3aytouli 3la", "sur le numéro", "sur le numero", "on my number", "on my phone", "على النيميرو")
)

// skipContact goes on without the e-mail or the phone the visitor keeps back, as long as
// the other one is (or may still be) given; a call-back needs its phone.
func (t *turn) skipContact(step string) {
	l := t.lang()
	switch {
	case step == StepEmail && !t.s.NoPhone && !t.s.Callback:
		t.s.NoEmail = true
	case step == StepPhone && t.s.Collected.Email != "" && !t.s.Callback:
		t.s.NoPhone = true
	default:
		t.fail(text(l, "contact_needed"))
		return
	}
	t.advance()
}

// readService reads the service at its step, by the catalogue's names and keywords.
func readService(t *turn, msg string, ws []string) {
	if !t.setService(ws) {
		if reader.TopicOf(ws) != "" && reader.IsQuestion(msg, ws) {
			t.answerThenAsk(msg, ws)
			return
		}
		if t.aiRescue(msg) {
			return
		}
		t.fail(text(t.lang(), "service_unknown", "list", serviceList(t.lang(), t.catalogue().Services)))
		return
	}
	t.advance()
}

// fillMany fills every field of a message that carries several, whatever the step asked,
// and asks for the first one still missing; it reports whether it did. A correction
// ("change my mobile number to …") is read as one, by divert.
func (t *turn) fillMany(msg string, ws []string) bool {
	if _, _, corrects := t.correction(); corrects {
		return false
	}
	f := t.fields()
	if f.count() < 2 {
		return false
	}
	noted := t.absorb(f)
	if len(noted) == 0 {
		return false
	}
	t.answerAlongside(ws)
	t.moveTo(t.nextStep())
	t.askWith(text(t.lang(), "understood", "list", strings.Join(noted, ", ")))
	return true
}

// fillOther takes a value the message carries for another step than the one asked — an
// e-mail at the name step, a phone at the e-mail step — and asks for what is still
// missing; it reports whether it did. A message is read afresh at every step.
func (t *turn) fillOther(msg string, ws []string) bool {
	if _, _, corrects := t.correction(); corrects {
		return false // "change my number to …" is a correction, said as one
	}
	f := t.fields()
	if f.count() != 1 {
		return false
	}
	changes := t.changesWhen(f.When) && (reader.ChangeWords.Score(ws) > 0 || reader.CorrectionLeads.Score(ws) > 0)
	switch step := t.s.Step; {
	case f.Email != "" && step != StepEmail, f.Phone != "" && step != StepPhone:
		f.HasService, f.When, f.Name = false, reader.When{}, ""
	case (f.When.Date != "" || f.When.Time != "") && steps[step].dayFirst != nil && steps[step].dayFirst(ws):
		// "mardi à 10h" at the name step is a day, not a name; "vers 17h", an hour.
	case changes:
		// "actually Monday's bad for me now, can we do Wednesday the 25th?", "la smahli
		// ghalt, machi m3a 11, m3a 12", at any step.
	default:
		return false
	}
	if changes && f.When.Date == "" {
		t.s.Collected.Time = "" // the new hour of the day chosen
	}
	noted := t.absorb(f)
	if len(noted) == 0 {
		return false
	}
	t.moveTo(t.nextStep())
	t.askWith(text(t.lang(), "understood", "list", strings.Join(noted, ", ")))
	return true
}

// changesMind reports whether a message changes the visitor's mind: change words, or a
// correction's lead or a hold-on; a question only when it asks for a swap.
func changesMind(msg string, ws []string) bool {
	if reader.ChangeWords.Score(ws) == 0 && reader.CorrectionLeads.Score(ws) == 0 && holdOnWords.Score(ws) == 0 {
		return false
	}
	return !reader.IsQuestion(msg, ws) || reader.SwapWords.Score(ws) > 0
}

// changesWhen reports whether w names another day, or another hour of the day chosen, than
// the one collected.
func (t *turn) changesWhen(w reader.When) bool {
	c := t.s.Collected
	if w.Date != "" {
		return c.Date != "" && w.Date != c.Date
	}
	return w.Time != "" && c.Time != "" && w.Time != c.Time
}

// divert handles a message that does not answer the current step — a correction of
// another field, or a question — and reports whether it did. A correction that gives
// its new value ("change my phone to 0770 11 22 33") is one whatever the step; otherwise
// the step's reader goes first: a message that holds the value asked for is that value,
// whatever words it contains ("I need a mobile app for my shop" at the service step).
// The name and company steps take any text, so only a correction's form is read before
// them.
func (t *turn) divert(msg string, ws []string) bool {
	// "finalement je préfère une formation", "scratch that… a consulting session instead?",
	// "لا استنى، دوك ندير غير لوغو برك، الموقع من بعد": another service, named with a change of
	// mind beside the one chosen or alone.
	if t.s.Step != StepService && t.s.ServiceSlug != "" && changesMind(msg, ws) {
		if svc, ok := serviceOtherThan(ws, t.catalogue().Services, t.s.ServiceSlug); ok {
			t.correct(StepService, svc.Name.In(t.lang()))
			return true
		}
	}
	field, value, corrects := t.correction()
	// "email is enough" at the phone step keeps the phone back: no e-mail corrected.
	corrects = corrects && field != t.s.Step && !(steps[t.s.Step].detail && declines(msg, ws, t.s.Step))
	switch {
	case corrects && value != "":
		t.correct(field, value)
	case t.looksLikeValue(msg, ws):
		return false
	case corrects:
		t.correct(field, "")
	case reader.IsQuestion(msg, ws):
		t.answerThenAsk(msg, ws)
	default:
		return false
	}
	return true
}

// looksLikeValue reports whether a question-shaped message still holds the step's value
// ("10h ?" at the time step).
func (t *turn) looksLikeValue(msg string, ws []string) bool {
	holds := steps[t.s.Step].holds
	return holds != nil && holds(t, msg, ws)
}

// holdsValue, holdsWhen and holdsService are the steps' holds (steps.go).
func holdsValue(t *turn, msg string, _ []string) bool {
	_, code := checkValue(t.s.Step, msg)
	return code == ""
}

func holdsWhen(t *turn, msg string, _ []string) bool {
	w := t.when(msg, t.s.Step == StepTime)
	return w.Date != "" || w.Time != ""
}

func holdsService(t *turn, _ string, ws []string) bool {
	_, ok := serviceIn(ws, t.catalogue().Services)
	return ok && reader.TopicOf(ws) == ""
}

func (t *turn) answerThenAsk(msg string, ws []string) {
	ans, src := t.e.answerFree(t.ctx, t.aiShares(), t.lang(), msg, ws, t.catalogue())
	t.say(ans, src)
	t.ask()
}

// correct changes an earlier answer, by the field's own correct (steps.go).
func (t *turn) correct(field, value string) {
	t.s.Choosing = false
	steps[field].correct(t, value)
}

// correctContact changes a contact value: with the new value at once, or by asking for it.
func correctContact(field string) func(t *turn, value string) {
	return func(t *turn, value string) {
		l := t.lang()
		if value == "" {
			t.moveTo(field)
			t.ask()
			return
		}
		v, code := checkValue(field, value)
		if code != "" {
			t.moveTo(field)
			t.fail(text(l, code))
			return
		}
		steps[field].store(t, v)
		t.moveTo(t.nextStep())
		t.askWith(text(l, "corrected"))
	}
}

// correctService changes the service: the one the value names, or by asking for it.
func correctService(t *turn, value string) {
	if value != "" && t.setService(words(value)) {
		t.moveTo(t.nextStep())
		t.askWith(text(t.lang(), "corrected"))
		return
	}
	t.s.Collected.Service, t.s.ServiceSlug = "", ""
	t.moveTo(StepService)
	t.ask()
}

// correctWhen changes the day or the hour: the one the value names, or by asking for it
// (a new day asks for its hour again).
func correctWhen(field string) func(t *turn, value string) {
	return func(t *turn, value string) {
		if value != "" {
			w := t.when(value, field == StepTime)
			if w.Date != "" || (w.Time != "" && t.s.Collected.Date != "") {
				t.moveTo(field)
				if w.Date != "" {
					t.chooseDate(value)
				} else {
					t.chooseTime(value)
				}
				return
			}
		}
		if field == StepDate {
			t.s.Collected.Date = ""
		}
		t.s.Collected.Time = ""
		t.moveTo(t.nextStep())
		t.ask()
	}
}

// confirm handles the answer to the summary. Only a plain yes books: a yes that carries
// a new value ("oui mais plutôt mardi à 15h") is a correction, applied through the value's
// own rules before the summary is shown again.
func (t *turn) confirm(msg string, ws []string) {
	l := t.lang()
	choosing := t.s.Choosing
	t.s.Choosing = false
	if choosing && t.reanswer(ws) {
		return
	}
	if choosing {
		if field, ok := fieldNamed(ws); ok {
			t.correct(field, "")
			return
		}
	}
	if t.unsureHour(msg) {
		return
	}
	if field, value, ok := t.correction(); ok {
		t.correct(field, value)
		return
	}
	c := t.s.Collected
	// "non, mon numéro c'est le 0556 12 34 56": a new contact value at the summary replaces
	// the old one.
	if f := t.fields(); f.Email != "" && f.Email != c.Email {
		t.correct(StepEmail, f.Email)
		return
	} else if f.Phone != "" && digitsOf(f.Phone) != digitsOf(c.Phone) {
		t.correct(StepPhone, f.Phone)
		return
	}
	when := t.when(msg, false)
	svc, named := serviceIn(ws, t.catalogue().Services)
	switch {
	case when.Date != "" && when.Date != c.Date:
		t.moveTo(StepDate)
		t.chooseDate(msg)
	case when.Time != "" && when.Time != c.Time:
		t.moveTo(StepTime)
		t.chooseTime(msg)
	case named && svc.Slug != t.s.ServiceSlug && !reader.IsQuestion(msg, ws):
		t.correct(StepService, svc.Name.In(l))
	case choosing && (reader.NoWords.Exact(ws) || reader.NothingWords.Exact(ws)):
		t.ask()
	case choosing:
		t.askWhatToChange(text(l, "what_change_unknown"))
	case reader.PlainYes(withoutSummary(ws, c.Name, c.Company), when):
		t.book()
	case reader.IsQuestion(msg, ws):
		ans, src := t.e.answerFree(t.ctx, t.aiShares(), l, msg, ws, t.catalogue())
		t.say(ans, src)
		t.say(text(l, "confirm_again"), SourceFlow)
	case reader.NoWords.Score(ws) > 0:
		t.askWhatToChange(text(l, "what_change"))
	default:
		t.say(text(l, "confirm_again"), SourceFlow)
	}
}

// withoutSummary leaves out of a message the words that repeat the summary's name or
// company: "oui c'est bon, pour Atlas Immo" says yes and nothing else.
func withoutSummary(ws []string, values ...string) []string {
	said := map[string]bool{}
	for _, v := range values {
		for _, w := range reader.Words(v) {
			said[w] = true
		}
	}
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if !said[w] {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return ws
	}
	return out
}

// askWhatToChange asks which field of the summary to change, and reads the answer next.
func (t *turn) askWhatToChange(q string) {
	t.s.Choosing = true
	t.say(q, SourceFlow)
	t.s.QuickReplies = t.fieldReplies()
}

// localizedSlotError is the text of a slot error, with its details (the booking horizon);
// a taken slot in the chat's own words, which list the free slots after it.
func localizedSlotError(err error, lang, code string) string {
	var closed *booking.SlotClosedError
	switch {
	case errors.As(err, &closed):
		return closed.LocalizedMessage(lang)
	case code == "slot_taken":
		return text(lang, "slot_taken")
	}
	return booking.Text(lang, code)
}

// slotAlternatives tells apart the booking errors that offer other slots.
func slotAlternatives(err error) ([]booking.SlotRef, string, bool) {
	var taken *booking.SlotTakenError
	var closed *booking.SlotClosedError
	switch {
	case errors.As(err, &taken):
		return taken.Alternatives, "slot_taken", true
	case errors.As(err, &closed):
		return closed.Alternatives, "slot_closed_" + closed.Reason, true
	}
	return nil, "", false
}

// isNumber reports whether a word is a number: its characters digits only ("0661"), not a
// darija word written with one ("3ayetli").
func isNumber(w string) bool {
	return w != "" && strings.Trim(w, "0123456789") == ""
}

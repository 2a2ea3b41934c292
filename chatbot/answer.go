package chatbot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/ratelimit"
)

// aiShares are the visitor's shares of the AI budget a free question counts against: their
// conversation's and, when the chat knows it, their address's, each AIVisitorShare calls
// a minute.
func (t *turn) aiShares() []ratelimit.Budget {
	share := t.e.cfg.AIVisitorShare
	out := []ratelimit.Budget{{Key: "ai:session:" + t.s.ID, Limit: share, Window: rateWindow}}
	if t.address != "" {
		out = append(out, ratelimit.Budget{Key: "ai:ip:" + t.address, Limit: share, Window: rateWindow})
	}
	return out
}

// answerFree answers a free question: from the rules when one applies; else from Gemini
// through the reply cache, the visitor's shares of the AI budget, the AI budget and the
// queue; else, when Gemini is absent, failing, over a budget or too slow, from the rules'
// general answer. A visitor over their share does not count against the site's budget.
func (e *Engine) answerFree(ctx context.Context, shares []ratelimit.Budget, lang, message string, ws []string, cat catalogueData) (string, string) {
	if ans, ok := e.ruleAnswer(lang, message, ws, cat); ok {
		return ans, SourceRule
	}
	fallback := text(lang, "answer_fallback")
	if e.ai == nil {
		return fallback, SourceFallback
	}
	sum := sha256.Sum256([]byte(strings.Join(ws, " ")))
	// The agency's profile is in the prompt: an answer given before it changed is not reused.
	cacheKey := e.key("reply", lang, factsVersion(), hex.EncodeToString(sum[:16]))
	if v, ok := e.replies.Get(ctx, cacheKey); ok {
		cacheLookups.WithLabelValues("reply", "hit").Inc()
		return v, SourceCache
	}
	cacheLookups.WithLabelValues("reply", "miss").Inc()

	var ans string
	outcome := e.queue.Call(ctx, shares, func(cctx context.Context) error {
		var err error
		if ans, err = e.ai.Generate(cctx, e.prompt(lang, message, cat)); err == nil {
			if ans = clip(ans); ans == "" {
				err = gemini.ErrEmpty
			}
		}
		return err
	})
	if outcome != "ok" {
		return fallback, SourceFallback
	}
	e.replies.Put(ctx, cacheKey, ans)
	return ans, SourceAI
}

// aiOps records the AI queue's calls in the operations counters (gemini.Ops).
type aiOps struct{ e *Engine }

func (o aiOps) Count(fields ...string)  { o.e.opsIncr(fields...) }
func (o aiOps) Latency(d time.Duration) { o.e.opsLatency(d) }

func (o aiOps) Depth(n int) {
	aiQueueDepth.Set(float64(n))
	o.e.opsMax("queue_max", int64(n))
}

// serviceList names the catalogue's services in lang.
func serviceList(lang string, services []catalogue.Service) string {
	names := make([]string, len(services))
	for i, s := range services {
		names[i] = s.Name.In(lang)
	}
	return strings.Join(names, ", ")
}

// ruleAnswer answers a free question from the rules; ok is false when no rule applies.
func (e *Engine) ruleAnswer(lang, msg string, ws []string, cat catalogueData) (string, bool) {
	q, named := reader.QuestionOf(msg, ws, readerServices(cat.Services))
	switch q {
	case "":
		return "", false
	case reader.QuestionDay:
		d, _ := reader.WeekdayIn(ws)
		if booking.IsBusinessDay(d) {
			return text(lang, "day_open", "day", i18n.Weekday(lang, d)), true
		}
		return text(lang, "day_closed", "day", i18n.Weekday(lang, d)), true
	case reader.QuestionClosing:
		return text(lang, "closing_time"), true
	case reader.QuestionBot:
		return text(lang, "bot"), true
	case reader.QuestionService:
		v := serviceBySlug(cat.Services, named.Slug).In(lang)
		return text(lang, "answer_service", "name", v.Name, "description", v.Description), true
	case reader.QuestionServices:
		return text(lang, "answer_services", "list", serviceList(lang, cat.Services)), true
	case "portfolio":
		if len(cat.Projects) == 0 {
			return text(lang, "answer_portfolio_empty"), true
		}
		titles := []string{}
		for i, p := range cat.Projects {
			if i == 3 {
				break
			}
			titles = append(titles, p.Title.In(lang))
		}
		return text(lang, "answer_portfolio", "list", strings.Join(titles, ", ")), true
	case "about":
		return text(lang, "answer_about", "years", strconv.Itoa(YearsOfExperience(e.now()))), true
	case reader.QuestionBye, reader.QuestionHello:
		return text(lang, q), true
	case reader.QuestionThanks:
		return text(lang, "welcome"), true
	}
	return text(lang, "answer_"+q), true
}

// prompt is what Gemini is asked: the agency's facts, the service names, the reply
// language, the word limit and the visitor's message.
func (e *Engine) prompt(lang, message string, cat catalogueData) string {
	names := serviceList(lang, cat.Services)
	language := map[string]string{"fr": "French", "en": "English", "ar": "Arabic"}[lang]
	var b strings.Builder
	st := agency()
	a := st.Agency
	lo, hi := a.PriceRange()
	fmt.Fprintf(&b, "You are Dota, the friendly assistant of %s, a digital agency at %s, founded in %d (%d+ years of experience, %d+ projects, %d+ clients).\n",
		st.SiteName, a.Address.Line(), a.FoundedYear, YearsOfExperience(e.now()), a.ProjectsDelivered, a.ClientsServed)
	fmt.Fprintf(&b, "Services: %s.\n", names)
	fmt.Fprintf(&b, "Facts: opening hours %s; appointment slots 9:00-12:00 and 14:00-17:00; prices from %d to %d %s; staff confirm requests, and a confirmation email with a link to move or cancel goes out at once when the visitor gave an email; email %s; phone %s; small projects take 2-4 weeks, larger ones several months.\n",
		hoursText("en", a.Hours), lo, hi, a.Currency, st.Email(), strings.Join(a.Phones, " or "))
	fmt.Fprintf(&b, "Answer in %s, in at most %d words, plainly, without markdown or links. Do not invent prices, dates or facts not listed; if unsure, suggest booking an appointment or contacting the agency.\n",
		language, MaxAnswerWords)
	fmt.Fprintf(&b, "Visitor's message: %q\n", message)
	return b.String()
}

// clip keeps an AI answer safe to show: sanitized and at most MaxAnswerWords words.
func clip(answer string) string {
	w := strings.Fields(reader.Sanitize(strings.ReplaceAll(answer, "*", "")))
	if len(w) > MaxAnswerWords {
		w = append(w[:MaxAnswerWords], "…")
	}
	return strings.Join(w, " ")
}

// What Dota says of itself and of the site, named once. Everything about the agency —
// address, phones, e-mail, hours, prices, founding year — comes from its profile in the
// settings (booking.Agency), read at each turn (agencyFacts).
const (
	FormPath       = "/rendez-vous"
	MaxAnswerWords = 150
)

// formPath is the form's address in lang, as the site names its pages: the default
// language's has no parameter, the others' name their language.
func formPath(lang string) string {
	if lang == i18n.Default {
		return FormPath
	}
	return FormPath + "?lang=" + lang
}

// agencyFacts are the agency's details as Dota's texts quote them: the placeholders
// {email}, {phone}, {phone2}, {address}, {city}, {hours}, {price_min}, {price_max},
// {currency}, {projects}, {clients} and {form}, per language, built from one version of the settings.
type agencyFacts struct {
	version  time.Time // the settings' updated_at they were built from
	settings booking.Settings
	byLang   map[string][]string
}

// facts holds the agency's details as last read: text() fills its placeholders from them.
// One agency per process, so one value; every turn refreshes it from the settings, which
// booking caches and renews at once on save.
var facts atomic.Pointer[agencyFacts]

func init() { learnAgency(booking.Settings{}) }

// learnAgency makes st's profile the one Dota quotes, unless it already is.
func learnAgency(st booking.Settings) {
	if cur := facts.Load(); cur != nil && !st.UpdatedAt.IsZero() && cur.version.Equal(st.UpdatedAt) {
		return
	}
	a := st.Agency
	lo, hi := a.PriceRange()
	phone2 := ""
	if len(a.Phones) > 1 {
		phone2 = a.Phones[1]
	}
	f := &agencyFacts{version: st.UpdatedAt, settings: st, byLang: map[string][]string{}}
	for _, l := range i18n.Languages {
		currency := a.Currency
		if name := dotaTexts.Raw(l, "currency_"+currency); currency != "" && name != "currency_"+currency {
			currency = name // the currency as the language names it (دينار جزائري)
		}
		f.byLang[l] = []string{"email", st.Email(), "phone", a.Phone(), "phone2", phone2, "form", FormPath,
			"address", a.Address.Line(), "city", a.Address.City, "hours", hoursText(l, a.Hours),
			"price_min", price(l, lo), "price_max", price(l, hi), "currency", currency,
			"projects", strconv.Itoa(a.ProjectsDelivered), "clients", strconv.Itoa(a.ClientsServed)}
	}
	facts.Store(f)
}

// refreshAgency reads the settings (cached by booking) so that this turn quotes the
// profile as it now stands; a failed read keeps the last one.
func (e *Engine) refreshAgency(ctx context.Context) {
	if st, err := e.core.Settings(ctx); err == nil {
		learnAgency(st)
	}
}

// agency is the settings the current facts were built from.
func agency() booking.Settings {
	if f := facts.Load(); f != nil {
		return f.settings
	}
	return booking.Settings{}
}

// factsVersion names the version of the agency's details Dota quotes.
func factsVersion() string {
	if f := facts.Load(); f != nil {
		return strconv.FormatInt(f.version.UnixMilli(), 36)
	}
	return "0"
}

// placeholders are the agency's details for text() in lang.
func placeholders(lang string) []string {
	f := facts.Load()
	if f == nil {
		return nil
	}
	if p, ok := f.byLang[i18n.OrDefault(lang)]; ok {
		return p
	}
	return f.byLang[i18n.Default]
}

// YearsOfExperience is the agency's experience as the chat states it: the current year
// minus the profile's founding year (0 while it has none).
func YearsOfExperience(now time.Time) int {
	y := agency().Agency.FoundedYear
	if y == 0 {
		return 0
	}
	return now.Year() - y
}

// hoursText writes the office hours in lang: "du dimanche au jeudi, de 9h à 17h".
func hoursText(lang string, h booking.Hours) string {
	days := h.Weekdays()
	if len(days) == 0 {
		return ""
	}
	var names string
	if run := len(days); run >= 3 && int(days[run-1]-days[0]) == run-1 {
		names = text(lang, "days_range", "from", i18n.Weekday(lang, days[0]), "to", i18n.Weekday(lang, days[run-1]))
	} else {
		list := make([]string, len(days))
		for i, d := range days {
			list[i] = i18n.Weekday(lang, d)
		}
		names = strings.Join(list, ", ")
	}
	return text(lang, "hours_range", "days", names, "opens", clockText(lang, h.Opens), "closes", clockText(lang, h.Closes))
}

// clockText writes HH:MM as the language writes hours: "9h", "9h30" in French, "9:00" else.
func clockText(lang, hhmm string) string {
	hh, mm, ok := strings.Cut(hhmm, ":")
	if !ok {
		return hhmm
	}
	hh = strings.TrimPrefix(hh, "0")
	if hh == "" {
		hh = "0"
	}
	if lang == "fr" {
		if mm == "00" {
			return hh + "h"
		}
		return hh + "h" + mm
	}
	return hh + ":" + mm
}

// price writes an amount with the language's grouping: "5 000", "5,000", "5000".
func price(lang string, n int) string {
	s := strconv.Itoa(n)
	sep := map[string]string{"fr": " ", "en": ","}[lang]
	if sep == "" || len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// officeHours are when staff answer a hand-off live: the profile's hours once set, else
// the configured ones (DOTA_OFFICE_HOURS).
func (e *Engine) officeHours(st booking.Settings) booking.OfficeHours {
	if h, ok := st.Agency.Hours.OfficeHours(); ok {
		return h
	}
	return e.cfg.OfficeHours
}

// With Gemini configured, a message the rules could not read may still give its fields:
// Gemini extracts them as structured output (a JSON schema), and each is then checked by
// its own rules, as if the visitor had typed it alone. The rules never depend on it.

// extractPrompt asks for a message's fields, with the catalogue's services and today.
func (t *turn) extractPrompt(msg string) string {
	names := []string{}
	for _, s := range t.catalogue().Services {
		names = append(names, s.Name.In(t.lang()))
	}
	return fmt.Sprintf("Today is %s (Africa/Algiers). A visitor of a digital agency's site wrote the message "+
		"below, in French, English, Arabic or Algerian darija. Extract only what it states: their name, e-mail, "+
		"phone, the service they want (one of: %s), the day (YYYY-MM-DD) and hour (HH:MM) they want. Leave a "+
		"field empty when the message does not state it.\nMessage: %s",
		t.e.localNow(t.ctx).Format("Monday 2006-01-02"), strings.Join(names, ", "), msg)
}

// aiFields reads, through Gemini, the fields of a message the rules read none of, each
// checked by its own rules; the zero found without Gemini or when it fails.
func (t *turn) aiFields(msg string) found {
	x, ok := t.e.ai.(gemini.Extractor)
	if !ok || x == nil {
		return found{}
	}
	var got gemini.Extracted
	if t.e.queue.Call(t.ctx, t.aiShares(), func(ctx context.Context) error {
		var err error
		got, err = x.Extract(ctx, t.extractPrompt(msg))
		return err
	}) != "ok" {
		return found{}
	}
	var f found
	if v, code := checkValue(StepName, got.Name); got.Name != "" && code == "" {
		f.Name = v
	}
	if v, code := checkValue(StepEmail, got.Email); got.Email != "" && code == "" {
		f.Email = v
	}
	if v, code := checkValue(StepPhone, got.Phone); got.Phone != "" && code == "" {
		f.Phone = v
	}
	if got.Service != "" {
		f.Service, f.HasService = serviceIn(words(got.Service), t.catalogue().Services)
	}
	if got.Day != "" {
		f.When = ParseWhen(strings.TrimSpace(got.Day+" "+got.Hour), t.e.localNow(t.ctx), false)
	}
	return f
}

// aiRescue lets Gemini read an answer the current step's rules could not: when it gives
// the step's value (checked by the step's rules), that value and any other it gives are
// stored and the next question asked. It reports whether it did.
func (t *turn) aiRescue(msg string) bool {
	if t.e.ai == nil {
		return false
	}
	step := t.s.Step
	f := t.aiFields(msg)
	if f.count() == 0 {
		return false
	}
	before := t.s.Collected
	noted := t.absorb(f)
	if steps[step].missing(t.s) {
		t.s.Collected = before // not the answer asked for: leave it to the step's own message
		return false
	}
	t.moveTo(t.nextStep())
	t.askWith(text(t.lang(), "understood", "list", strings.Join(noted, ", ")))
	return true
}

package mail

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/dota-agency/dota/i18n"
)

//go:embed texts/*.json
var textFiles embed.FS

// catalogue holds one language's texts (texts/<lang>.json).
type catalogue struct {
	lang              string
	Dir               string             `json:"dir"`
	DateTime          string             `json:"date_time"` // {weekday} {day} {month} {year} {time}
	Minutes           string             `json:"minutes"`   // {n}
	Greeting          string             `json:"greeting"`  // {name}
	GreetingAnonymous string             `json:"greeting_anonymous"`
	Colon             string             `json:"colon"` // between a label and its value
	Labels            map[string]string  `json:"labels"`
	ContactIntro      string             `json:"contact_intro"` // {agency}
	Signature         string             `json:"signature"`     // {agency}
	Footer            string             `json:"footer"`
	EventSummary      string             `json:"event_summary"`     // {service} {agency}
	EventDescription  string             `json:"event_description"` // {link}
	EventPhone        string             `json:"event_phone"`       // {agency}: a phone meeting's LOCATION
	Modes             map[string]string  `json:"modes"`             // a meeting mode, as the customer reads it
	Kinds             map[Kind]kindTexts `json:"kinds"`
}

// kindTexts are one kind's texts. Body is chosen by the input's Source or By ("" is the
// default); More follows it whatever the variant.
type kindTexts struct {
	Subject string              `json:"subject"`
	Heading string              `json:"heading"`
	Body    map[string][]string `json:"body"`
	More    []string            `json:"more"`
	Action  string              `json:"action"`
	// Undated are the texts of a request with no slot yet (the kinds of Undated).
	Undated *undatedTexts `json:"undated"`
	// Footer, when set, replaces the catalogue's footer (a chat answer is not about an
	// appointment).
	Footer string `json:"footer"`
}

// undatedTexts are a kind's texts for an appointment without a date and time.
type undatedTexts struct {
	Subject string   `json:"subject"`
	Heading string   `json:"heading"`
	Body    []string `json:"body"`
	More    []string `json:"more"`
}

// Undated lists the kinds that may be about a request with no slot yet: its
// acknowledgement, its confirmation by staff, its cancellation.
var Undated = []Kind{KindConfirmation, KindConfirmed, KindCancelled}

// catalogues is every language's catalogue, loaded and checked when the package loads:
// a missing text is a build error, not a blank line in a customer's mail.
var catalogues = mustLoadCatalogues()

func mustLoadCatalogues() map[string]*catalogue {
	out := map[string]*catalogue{}
	for _, lang := range i18n.Languages {
		b, err := textFiles.ReadFile("texts/" + lang + ".json")
		if err != nil {
			panic(err)
		}
		c := &catalogue{lang: lang}
		if err := json.Unmarshal(b, c); err != nil {
			panic(fmt.Sprintf("mail: texts/%s.json: %v", lang, err))
		}
		if err := c.check(); err != nil {
			panic(fmt.Sprintf("mail: texts/%s.json: %v", lang, err))
		}
		out[lang] = c
	}
	// Every language writes the same variants of every kind as the first one.
	first := out[i18n.Default]
	for _, lang := range i18n.Languages[1:] {
		for _, k := range Kinds {
			for v := range first.Kinds[k].Body {
				if _, ok := out[lang].Kinds[k].Body[v]; !ok {
					panic(fmt.Sprintf("mail: texts/%s.json: kind %s has no %q variant", lang, k, v))
				}
			}
			if len(out[lang].Kinds[k].Body) != len(first.Kinds[k].Body) {
				panic(fmt.Sprintf("mail: texts/%s.json: kind %s has other variants than %s", lang, k, i18n.Default))
			}
		}
	}
	return out
}

func (c *catalogue) check() error {
	for _, k := range append(Kinds, KindCode, KindChatAnswer, KindFollowUp) {
		kt, ok := c.Kinds[k]
		if !ok || kt.Subject == "" || kt.Heading == "" || len(kt.Body) == 0 || kt.Action == "" {
			return fmt.Errorf("kind %s is incomplete", k)
		}
		if u := kt.Undated; slices.Contains(Undated, k) && (u == nil || u.Subject == "" || u.Heading == "" || len(u.Body) == 0) {
			return fmt.Errorf("kind %s lacks its undated texts", k)
		}
	}
	if c.Kinds[KindChatAnswer].Footer == "" {
		return fmt.Errorf("kind %s lacks its footer", KindChatAnswer)
	}
	for _, m := range Modes {
		if c.Modes[m] == "" {
			return fmt.Errorf("mode %s is missing", m)
		}
	}
	if c.EventPhone == "" {
		return fmt.Errorf("event_phone is missing")
	}
	for _, l := range []string{"service", "when", "old_when", "duration", "address", "time_zone", "hold_until", "mode",
		"video_link"} {
		if c.Labels[l] == "" {
			return fmt.Errorf("label %s is missing", l)
		}
	}
	if c.Dir != "ltr" && c.Dir != "rtl" {
		return fmt.Errorf("dir %q", c.Dir)
	}
	return nil
}

// language returns lang when messages are written in it (a region such as "en-GB"
// counts), else French.
func language(lang string) string { return i18n.OrDefault(lang) }

// when writes an instant for a person, in loc: "jeudi 26 novembre 2026 à 10:00".
func (c *catalogue) when(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	return fill(c.DateTime, map[string]string{
		"weekday": i18n.Weekday(c.lang, t.Weekday()),
		"day":     strconv.Itoa(t.Day()),
		"month":   i18n.Month(c.lang, t.Month()),
		"year":    strconv.Itoa(t.Year()),
		"time":    t.Format("15:04"),
	})
}

// duration writes a duration in minutes: "60 min".
func (c *catalogue) duration(d time.Duration) string {
	return fill(c.Minutes, map[string]string{"n": strconv.Itoa(int(d.Minutes()))})
}

// body returns the paragraphs of kind k for variant (a Source or an Actor): the
// variant's own, else the kind's default (""), else — for a confirmation or a change
// whose input named no variant — the form's or the agency's; then the kind's More.
func (c *catalogue) body(k Kind, variant string) []string {
	kt := c.Kinds[k]
	var paras []string
	for _, v := range []string{variant, "", string(SourceForm), string(ByAgency)} {
		if p, ok := kt.Body[v]; ok {
			paras = p
			break
		}
	}
	return append(append([]string{}, paras...), kt.More...)
}

// fill replaces each {key} of s by its value, in one pass (i18n.Fill): a value that
// itself holds "{key}" is left as written.
func fill(s string, args map[string]string) string {
	pairs := make([]string, 0, 2*len(args))
	for k, v := range args {
		pairs = append(pairs, k, v)
	}
	return i18n.Fill(s, pairs...)
}

package booking

import (
	"github.com/dota-agency/dota/catalogue"
)

// answersOf reads the answers given to the questions of service (a slug of services)
// against them (catalogue.CheckAnswers): the answers to store, or a *ValidationError on
// "answers.<question id>" for each one at fault. Unless requireAll, a required question may
// be left unanswered: by the console, booking on a visitor's behalf, and by an accepted
// waitlist offer. A general appointment, or a service the catalogue no longer lists, asks
// nothing.
func answersOf(services []catalogue.ServiceName, service string, given map[string]string, requireAll bool) ([]catalogue.Answer, error) {
	var qs []catalogue.Question
	for _, svc := range services {
		if svc.Slug == service && service != "" {
			qs = svc.Questions
		}
	}
	answers, faults := catalogue.CheckAnswers(qs, given)
	v := &ValidationError{}
	for id, code := range faults {
		if code == "required" && !requireAll {
			continue
		}
		v.Add("answers."+id, code)
	}
	return answers, v.OrNil()
}

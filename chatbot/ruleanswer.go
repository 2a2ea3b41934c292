package chatbot

import (
	"strconv"
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/i18n"
)

// serviceList names the catalogue's services in lang.
func serviceList(lang string, services []catalogue.Service) string {
	names := make([]string, len(services))
	for i, s := range services {
		names[i] = s.Name.In(lang)
	}
	return strings.Join(names, ", ")
}

// ruleAnswer answers a free question from the rules; ok is false when no rule applies.
func (e *Engine) ruleAnswer(lang string, ws []string, cat catalogueData) (string, bool) {
	q, named := reader.QuestionOf(ws, readerServices(cat.Services))
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

package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/console"
)

// The settings page says how each service's meetings happen: administrators only.
func (a *admin) mountServices(h route) {
	h("PUT", "/services/:slug/modes", need(console.PageSettings, console.ActSettingsUpdate), a.saveServiceModes)
	h("GET", "/services/:slug/questions", need(console.PageSettings, ""), a.serviceQuestions)
	h("PUT", "/services/:slug/questions", need(console.PageSettings, console.ActSettingsUpdate), a.saveServiceQuestions)
}

func (a *admin) serviceQuestions(c *gin.Context) error {
	svc, err := a.catalogue.ServiceBySlug(c, c.Param("slug"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"questions": questionsOrEmpty(svc.Questions)})
	return nil
}

func (a *admin) saveServiceQuestions(c *gin.Context) error {
	var in struct {
		Questions []catalogue.Question `json:"questions"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	svc, err := a.catalogue.SetServiceQuestions(c, c.Param("slug"), in.Questions)
	if err != nil {
		return err
	}
	a.chatForgetsCatalogue(c)
	c.JSON(http.StatusOK, gin.H{"questions": questionsOrEmpty(svc.Questions),
		"message": catalogue.Text(langOf(c), "service_questions_saved")})
	return nil
}

// chatForgetsCatalogue has Dota read the services afresh: the next conversations ask what
// a service now asks and offer what it now offers. Should Redis not answer, its copy ages
// out with the catalogue's TTL.
func (a *admin) chatForgetsCatalogue(c *gin.Context) {
	if a.chat == nil {
		return
	}
	if err := a.chat.ForgetCatalogue(c); err != nil {
		slog.WarnContext(c, "chat catalogue not refreshed", "err", err)
	}
}

// questionsOrEmpty is a list of questions, empty rather than null.
func questionsOrEmpty(qs []catalogue.Question) []catalogue.Question {
	if qs == nil {
		return []catalogue.Question{}
	}
	return qs
}

func (a *admin) saveServiceModes(c *gin.Context) error {
	var in catalogue.ModesInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	svc, err := a.catalogue.SetServiceModes(c, c.Param("slug"), in)
	if err != nil {
		return err
	}
	a.chatForgetsCatalogue(c)
	lang := langOf(c)
	c.JSON(http.StatusOK, gin.H{"service": svc.In(lang), "message": catalogue.Text(lang, "service_modes_saved")})
	return nil
}

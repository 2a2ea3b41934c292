package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/console"
)

// The settings page says how each service's meetings happen: administrators only.
func (a *admin) mountServices(h route) {
	h("PUT", "/services/:slug/modes", need(console.PageSettings, console.ActSettingsUpdate), a.saveServiceModes)
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
	lang := langOf(c)
	c.JSON(http.StatusOK, gin.H{"service": svc.In(lang), "message": catalogue.Text(lang, "service_modes_saved")})
	return nil
}

package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/i18n"
)

func (a *admin) mountSettings(h handle) {
	h("GET", "/settings", need(console.PageSettings, ""), a.settings)
	h("PUT", "/settings", need(console.PageSettings, console.ActSettingsUpdate), a.saveSettings)
	h("GET", "/dashboard", need(console.PageDashboard, ""), a.dashboard)
}

// settingsOptions are the choices the settings screen offers.
var settingsOptions = gin.H{"timezones": booking.TimeZones, "languages": i18n.Languages,
	"items_per_page": booking.PageSizes, "backup_frequencies": booking.BackupFrequencies}

func (a *admin) settings(c *gin.Context) {
	st, err := a.console.Settings(c)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"settings": st, "options": settingsOptions})
}

func (a *admin) saveSettings(c *gin.Context) {
	var st booking.Settings
	if err := decodeJSON(c, &st); err != nil {
		_ = c.Error(err)
		return
	}
	saved, err := a.console.SaveSettings(c, st)
	if err != nil {
		_ = c.Error(err)
		return
	}
	done(c, "settings_saved", gin.H{"settings": saved})
}

func (a *admin) dashboard(c *gin.Context) {
	d, err := a.console.Dashboard(c)
	if err == nil && a.chat != nil {
		d.ChatFunnel, err = a.chat.Funnel(c)
	}
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, d)
}

package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/i18n"
)

// settingsCore is what the settings page and the dashboard ask the booking core: the
// settings through its one cached path, and the dashboard's counts.
type settingsCore interface {
	Settings(ctx context.Context) (booking.Settings, error)
	SaveSettings(ctx context.Context, st booking.Settings) (booking.Settings, error)
	Dashboard(ctx context.Context) (booking.Dashboard, error)
}

func (a *admin) mountSettings(h route) {
	h("GET", "/settings", need(console.PageSettings, ""), a.settings)
	h("PUT", "/settings", need(console.PageSettings, console.ActSettingsUpdate), a.saveSettings)
	h("GET", "/dashboard", need(console.PageDashboard, ""), a.dashboard)
}

// settingsOptions are the choices the settings screen offers.
var settingsOptions = gin.H{"timezones": booking.TimeZones, "languages": i18n.Languages,
	"items_per_page": booking.PageSizes, "backup_frequencies": booking.BackupFrequencies}

func (a *admin) settings(c *gin.Context) error {
	st, err := a.core.Settings(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"settings": st, "options": settingsOptions})
	return nil
}

func (a *admin) saveSettings(c *gin.Context) error {
	var st booking.Settings
	if err := decodeJSON(c, &st); err != nil {
		return err
	}
	if err := a.checkAutoBackup(st.AutoBackup); err != nil {
		return err
	}
	saved, err := a.core.SaveSettings(c, st)
	if err != nil {
		return err
	}
	done(c, "settings_saved", gin.H{"settings": saved})
	return nil
}

func (a *admin) dashboard(c *gin.Context) error {
	d, err := a.core.Dashboard(c)
	if err == nil && a.chat != nil {
		d.ChatFunnel, err = a.chat.Funnel(c)
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, d)
	return nil
}

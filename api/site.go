package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
)

// errMaintenance answers the public site's state-changing requests during maintenance.
var errMaintenance = &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", MessageKey: "maintenance"}

type settingsReader func(ctx context.Context) (booking.Settings, error)

// siteInfo tells the public site its name, description, contact, the agency's profile,
// its time zone (the one slot times are in) and whether it is under maintenance. No other
// setting is public. It is read through the settings' cache, which a save renews at once:
// an edited profile shows on the next request, without a restart.
func siteInfo(settings settingsReader) func(*gin.Context) error {
	return func(c *gin.Context) error {
		st, err := settings(c)
		if err != nil {
			return err
		}
		c.Header("Cache-Control", "no-cache")
		c.JSON(http.StatusOK, gin.H{"site_name": st.SiteName, "site_description": st.SiteDescription,
			"contact_email": st.ContactEmail, "maintenance_mode": st.MaintenanceMode, "agency": st.Agency,
			"timezone": st.Timezone})
		return nil
	}
}

// maintenance refuses the public site's state-changing requests (booking, newsletter,
// chat) with 503 while the settings' maintenance mode is on. Reading stays open, and so
// does the analytics beacon.
func maintenance(settings settingsReader) gin.HandlerFunc {
	return func(c *gin.Context) {
		switch c.Request.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			c.Next()
			return
		}
		if c.FullPath() == "/api/events" {
			c.Next()
			return
		}
		if st, err := settings(c); err == nil && st.MaintenanceMode {
			_ = c.Error(errMaintenance)
			c.Abort()
			return
		}
		c.Next()
	}
}

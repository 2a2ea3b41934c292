package calendars

import (
	"strings"
	"time"
)

// windowsZones names the IANA zone of the Windows zone names Outlook and Exchange write
// in TZID (the common ones here and where the agency's consultants travel).
var windowsZones = map[string]string{
	"W. Central Africa Standard Time": "Africa/Lagos", // Algeria's, in Windows
	"Romance Standard Time":           "Europe/Paris",
	"W. Europe Standard Time":         "Europe/Berlin",
	"Central Europe Standard Time":    "Europe/Budapest",
	"Central European Standard Time":  "Europe/Warsaw",
	"GMT Standard Time":               "Europe/London",
	"Greenwich Standard Time":         "Atlantic/Reykjavik",
	"Morocco Standard Time":           "Africa/Casablanca",
	"Egypt Standard Time":             "Africa/Cairo",
	"Libya Standard Time":             "Africa/Tripoli",
	"Turkey Standard Time":            "Europe/Istanbul",
	"Arab Standard Time":              "Asia/Riyadh",
	"Arabian Standard Time":           "Asia/Dubai",
	"Russian Standard Time":           "Europe/Moscow",
	"Eastern Standard Time":           "America/New_York",
	"Central Standard Time":           "America/Chicago",
	"Mountain Standard Time":          "America/Denver",
	"Pacific Standard Time":           "America/Los_Angeles",
	"UTC":                             "UTC",
	"Coordinated Universal Time":      "UTC",
}

// zoneOf is the zone a TZID names: an IANA name, one behind a prefix
// ("/mozilla.org/20050126_1/Europe/Paris"), or a Windows name; ok is false for an
// unknown one.
func zoneOf(tzid string) (*time.Location, bool) {
	tzid = strings.Trim(strings.TrimSpace(tzid), `"`)
	if tzid == "" {
		return nil, false
	}
	if l, err := time.LoadLocation(tzid); err == nil {
		return l, true
	}
	if name, ok := windowsZones[tzid]; ok {
		if l, err := time.LoadLocation(name); err == nil {
			return l, true
		}
	}
	parts := strings.Split(strings.Trim(tzid, "/"), "/")
	for i := 1; i < len(parts); i++ {
		if l, err := time.LoadLocation(strings.Join(parts[i:], "/")); err == nil {
			return l, true
		}
	}
	return nil, false
}

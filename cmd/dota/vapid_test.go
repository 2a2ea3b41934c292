package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dota-agency/dota/alerts"
)

// dota vapid prints a pair the configuration accepts, new each time.
func TestVapidPrintsAPairTheConfigurationAccepts(t *testing.T) {
	pair := func() (string, string) {
		var out bytes.Buffer
		if err := vapid(&out); err != nil {
			t.Fatal(err)
		}
		vars := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			k, v, _ := strings.Cut(line, "=")
			vars[k] = v
		}
		return vars["DOTA_VAPID_PUBLIC_KEY"], vars["DOTA_VAPID_PRIVATE_KEY"]
	}
	public, private := pair()
	if _, err := alerts.NewWebPush(public, private, ""); err != nil {
		t.Fatalf("the printed pair is refused: %v", err)
	}
	t.Setenv("DOTA_VAPID_PUBLIC_KEY", public)
	t.Setenv("DOTA_VAPID_PRIVATE_KEY", private)
	if _, err := loadConfig(); err != nil {
		t.Fatalf("the configuration refuses the pair: %v", err)
	}
	other, _ := pair()
	if other == public {
		t.Error("two runs printed the same key")
	}
	t.Setenv("DOTA_VAPID_PUBLIC_KEY", other)
	if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), "DOTA_VAPID_PUBLIC_KEY") {
		t.Errorf("a mismatched pair: %v", err)
	}
	t.Setenv("DOTA_VAPID_PUBLIC_KEY", "")
	if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), "DOTA_VAPID_PRIVATE_KEY") {
		t.Errorf("one key of two: %v", err)
	}
}

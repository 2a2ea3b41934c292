package main

import (
	"strings"
	"testing"
)

func TestProxyAndAddressConfiguration(t *testing.T) {
	t.Setenv("DOTA_TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.7,fd00::/8")
	t.Setenv("DOTA_PUBLIC_URL", "https://Dota.Example.com/")
	c, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.TrustedProxies) != 3 || c.TrustedProxies[1].String() != "192.168.1.7/32" || c.PublicURL != "https://dota.example.com" {
		t.Fatalf("proxies %v, public URL %q", c.TrustedProxies, c.PublicURL)
	}
	if c.MetricsAddr != ":9090" {
		t.Errorf("metrics listen on %q by default, want :9090", c.MetricsAddr)
	}

	for key, bad := range map[string]string{
		"DOTA_TRUSTED_PROXIES": "10.0.0.0/33",
		"DOTA_PUBLIC_URL":      "https://dota.example.com/fr?x=1",
		"DOTA_TRUST_PROXY":     "true",
		"DOTA_METRICS_ADDR":    "9090",
		"DOTA_BODY_TIMEOUT":    "0s",
	} {
		t.Run(key, func(t *testing.T) {
			t.Setenv(key, bad)
			if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), key) {
				t.Fatalf("%s=%s: %v", key, bad, err)
			}
		})
	}
}

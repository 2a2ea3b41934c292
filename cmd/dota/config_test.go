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
	if c.MetricsAddr != "127.0.0.1:9464" {
		t.Errorf("metrics listen on %q by default, want 127.0.0.1:9464 (not :9090, Prometheus's own port)", c.MetricsAddr)
	}

	for key, bad := range map[string]string{
		"DOTA_TRUSTED_PROXIES": "10.0.0.0/33",
		"DOTA_PUBLIC_URL":      "https://dota.example.com/fr?x=1",
		"DOTA_TRUST_PROXY":     "true",
		"DOTA_METRICS_ADDR":    "9464",
		"DOTA_BODY_TIMEOUT":    "0s",
		"DOTA_VIDEO_BASE_URL":  "meet.jit.si",
	} {
		t.Run(key, func(t *testing.T) {
			t.Setenv(key, bad)
			if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), key) {
				t.Fatalf("%s=%s: %v", key, bad, err)
			}
		})
	}
}

func TestMemoryLimitConfiguration(t *testing.T) {
	for v, want := range map[string]int64{"": DefaultMemoryLimit, "0": 0, "96MiB": 96 << 20, "1GiB": 1 << 30, "512KiB": 512 << 10} {
		t.Setenv("DOTA_MEMORY_LIMIT", v)
		c, err := loadConfig()
		if err != nil || c.MemoryLimit != want {
			t.Fatalf("DOTA_MEMORY_LIMIT=%q: %d, %v; want %d", v, c.MemoryLimit, err, want)
		}
	}
	for _, bad := range []string{"56", "56MB", "-1MiB", "lots"} {
		t.Setenv("DOTA_MEMORY_LIMIT", bad)
		if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), "DOTA_MEMORY_LIMIT") {
			t.Fatalf("DOTA_MEMORY_LIMIT=%q accepted: %v", bad, err)
		}
	}
}

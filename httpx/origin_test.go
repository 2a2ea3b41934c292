package httpx

import (
	"net/netip"
	"testing"
)

func TestParsePublicURL(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"https://Dota.Example.com", "https://dota.example.com", true},
		{" http://localhost:8080/ ", "http://localhost:8080", true},
		{"https://[::1]:8443", "https://[::1]:8443", true},
		{"ftp://dota.example.com", "", false},
		{"https://dota.example.com/site", "", false},
		{"https://dota.example.com?x=1", "", false},
		{"https://user@dota.example.com", "", false},
		{"https://", "", false},
		{"https://dota_example.com", "", false},
	}
	for _, tt := range tests {
		got, err := ParsePublicURL(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParsePublicURL(%q) = %q, %v; want %q, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseTrustedProxies(t *testing.T) {
	got, err := ParseTrustedProxies(" 10.0.0.0/8, 192.168.1.7 ,,::1")
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32"), netip.MustParsePrefix("::1/128")}
	if err != nil || len(got) != len(want) {
		t.Fatalf("got %v, %v", got, err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("network %d = %v, want %v", i, got[i], want[i])
		}
	}
	if _, err := ParseTrustedProxies("10.0.0.0/8,proxy.local"); err == nil {
		t.Error("a host name was taken for a network")
	}
}

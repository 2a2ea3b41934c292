package main

import (
	"fmt"
	"io"

	"github.com/dota-agency/dota/alerts"
)

// vapid prints a new VAPID key pair, as the environment takes it: push alerts are signed
// with the private key, and browsers subscribe with the public one. Every replica must
// have the same pair; a new pair orphans the browsers subscribed with the old one.
func vapid(w io.Writer) error {
	public, private, err := alerts.GenerateVAPIDKeys()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "DOTA_VAPID_PUBLIC_KEY=%s\nDOTA_VAPID_PRIVATE_KEY=%s\n", public, private)
	return err
}

package booking

import (
	"context"
	"strings"

	"github.com/dota-agency/dota/mail"
)

// ReasonFollowUpOff records a follow-up not sent because the settings switched it off
// after it was written.
const ReasonFollowUpOff = "follow_up_off"

// followUpInput is the thank-you after an attended meeting, linking to the next step the
// settings name now.
func (s *Core) followUpInput(ctx context.Context, st Settings, d pendingDelivery) (mail.Input, error) {
	if !st.FollowUpEmail || !webAddress(st.FollowUpURL) {
		return mail.Input{}, &SkipError{Reason: ReasonFollowUpOff}
	}
	a := d.Appt
	in := mail.Input{
		Kind:           mail.KindFollowUp,
		Lang:           d.Language,
		AppointmentID:  a.ID,
		Service:        s.serviceTitle(ctx, a.Service, d.Language),
		Location:       st.Location(),
		RecipientName:  addressedName(a.Name),
		RecipientEmail: d.Recipient,
		Agency:         agencyContact(st),
		NextURL:        st.FollowUpURL,
	}
	if in.Service == "" {
		in.Service = Text(d.Language, "appointment")
	}
	return in, nil
}

// validateFollowUp checks the follow-up's link: an absolute http(s) address, required
// when the follow-up is on.
func (st Settings) validateFollowUp(v *ValidationError) {
	link := strings.TrimSpace(st.FollowUpURL)
	switch {
	case link != "" && (!webAddress(link) || len(link) > urlMaxLen):
		v.Add("follow_up_url", "url_invalid")
	case link == "" && st.FollowUpEmail:
		v.Add("follow_up_url", "required")
	}
}

// urlMaxLen bounds the follow-up's link.
const urlMaxLen = 500

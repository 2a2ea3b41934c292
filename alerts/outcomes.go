package alerts

import (
	"context"
	"errors"
	"strconv"

	"github.com/dota-agency/dota/booking"
)

// outcomesDue raises the day's list of past meetings without an outcome: to each
// consultant their own, and those nobody holds to the admins and moderators. One alert
// per owner and day, whichever replica hears it and however often.
func (s *Service) outcomesDue(ctx context.Context, list booking.OutcomesDueList) error {
	var errs []error
	for _, o := range list.Owners {
		if o.Count <= 0 {
			continue
		}
		e := Event{Name: EventOutcomesDue, Subject: list.Day + "@" + o.Owner,
			URL: "/admin/appointments?outcome=missing", Args: map[string]string{"count": strconv.Itoa(o.Count)}}
		if o.Owner == "" {
			e.Subject, e.Leads = list.Day+"@unassigned", true
		} else {
			e.URL += "&consultant=me"
			e.To = []string{o.Owner}
		}
		errs = append(errs, s.Raise(ctx, e))
	}
	return errors.Join(errs...)
}

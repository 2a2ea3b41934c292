package attribution

import (
	"math"
	"sort"
)

// Booked is one source and campaign's bookings over a period (booking counts them).
type Booked struct {
	Source   string `json:"source" db:"source"`
	Campaign string `json:"campaign" db:"campaign"`
	Bookings int    `json:"bookings" db:"bookings"`
}

// Row is the dashboard's line of one source and campaign: its visits, chats opened and
// bookings, and the share of visits that opened a chat and that booked (nil without
// visits).
type Row struct {
	Source      string   `json:"source"`
	Campaign    string   `json:"campaign"`
	Visits      int      `json:"visits"`
	Chats       int      `json:"chats"`
	Bookings    int      `json:"bookings"`
	ChatRate    *float64 `json:"chat_rate"`
	BookingRate *float64 `json:"booking_rate"`
}

// Report is where a period's visits and bookings came from, with its totals.
type Report struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Visits   int    `json:"visits"`
	Chats    int    `json:"chats"`
	Bookings int    `json:"bookings"`
	Rows     []Row  `json:"rows"`
}

// NewReport joins a period's arrivals and bookings by source and campaign: most bookings
// first, then most visits.
func NewReport(from, to string, counts []Count, booked []Booked) Report {
	r := Report{From: from, To: to, Rows: []Row{}}
	at := map[[2]string]int{}
	row := func(source, campaign string) *Row {
		k := [2]string{source, campaign}
		i, ok := at[k]
		if !ok {
			i = len(r.Rows)
			at[k] = i
			r.Rows = append(r.Rows, Row{Source: source, Campaign: campaign})
		}
		return &r.Rows[i]
	}
	for _, c := range counts {
		x := row(c.Source, c.Campaign)
		x.Visits += c.Visits
		x.Chats += c.Chats
		r.Visits += c.Visits
		r.Chats += c.Chats
	}
	for _, b := range booked {
		row(b.Source, b.Campaign).Bookings += b.Bookings
		r.Bookings += b.Bookings
	}
	for i := range r.Rows {
		x := &r.Rows[i]
		x.ChatRate, x.BookingRate = share(x.Chats, x.Visits), share(x.Bookings, x.Visits)
	}
	sort.SliceStable(r.Rows, func(i, j int) bool {
		a, b := r.Rows[i], r.Rows[j]
		if a.Bookings != b.Bookings {
			return a.Bookings > b.Bookings
		}
		if a.Visits != b.Visits {
			return a.Visits > b.Visits
		}
		return a.Source+"\x00"+a.Campaign < b.Source+"\x00"+b.Campaign
	})
	return r
}

// share is part over whole rounded to four places; nil when whole is 0.
func share(part, whole int) *float64 {
	if whole == 0 {
		return nil
	}
	v := math.Round(float64(part)/float64(whole)*10000) / 10000
	return &v
}

package console

import "github.com/dota-agency/dota/booking"

// Paging is a page of a list, as the booking core defines it.
type Paging = booking.Paging

// listPaging resolves a page of a list other than appointments: any size up to 100,
// 20 by default.
func listPaging(p Paging) (Paging, error) {
	p, err := p.ForList()
	return p, consoleCatalogue(err)
}

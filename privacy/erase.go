package privacy

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// Request is a member of staff's request to erase a client's personal data.
type Request struct {
	// Confirm must name the person as the console shows them.
	Confirm string `json:"confirm"`
	// CancelUpcoming cancels the person's appointments still ahead in the same action;
	// without it they refuse the erasure.
	CancelUpcoming bool `json:"cancel_upcoming"`
	// By is the staff member's e-mail, recorded with the erasure.
	By string `json:"-"`
}

// Erased counts what an erasure removed or replaced, by name: People's counts and each
// Part's.
type Erased map[string]int

// Erase erases a client's personal data everywhere it is stored. The parts' holds run
// first (Part.Hold); then one transaction runs People's share, which locks the person's
// rows and may refuse the request, then each Part's, and records the erasure with who
// did it and the counts, without the erased data; once it committed, the parts'
// follow-ups run, then People's; the holds end last, whatever happened.
func (r *Runner) Erase(ctx context.Context, clientID string, req Request) (Erased, error) {
	release, err := r.hold(ctx, clientID)
	if err != nil {
		return nil, err
	}
	defer release()
	var (
		out   Erased
		after []func(context.Context)
	)
	err = pgx.BeginFunc(ctx, r.db, func(tx pgx.Tx) error {
		p, counts, then, err := r.people.ErasePerson(ctx, tx, clientID, req)
		if err != nil {
			return err
		}
		out, after = Erased(counts), nil
		for _, part := range r.registered() {
			n, then, err := part.Erase(ctx, tx, p)
			if err != nil {
				return err
			}
			out[part.Name] = n
			if then != nil {
				after = append(after, then)
			}
		}
		if then != nil {
			after = append(after, then)
		}
		recorded, _ := json.Marshal(out)
		_, err = tx.Exec(ctx, `INSERT INTO erasures (client_id, erased_by, counts) VALUES ($1, $2, $3)`,
			p.ClientID, req.By, recorded)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, then := range after {
		then(ctx)
	}
	return out, nil
}

// hold runs the parts' holds (Part.Hold) before an erasure, and returns what ends them
// all, in the reverse order.
func (r *Runner) hold(ctx context.Context, clientID string) (func(), error) {
	var ends []func(context.Context)
	release := func() {
		ctx := context.WithoutCancel(ctx)
		for i := len(ends) - 1; i >= 0; i-- {
			ends[i](ctx)
		}
	}
	var p *Person
	for _, part := range r.registered() {
		if part.Hold == nil {
			continue
		}
		if p == nil {
			found, err := r.people.Person(ctx, clientID)
			if err != nil {
				return nil, err
			}
			p = &found
		}
		end, err := part.Hold(ctx, *p)
		if err != nil {
			release()
			return nil, err
		}
		ends = append(ends, end)
	}
	return release, nil
}

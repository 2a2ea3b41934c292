package transcript

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/privacy"
)

// holdRounds bounds the searches of a person's conversations before an erasure (holdPerson).
const holdRounds = 4

// holdPerson keeps a person's conversations still while their erasure runs (the chat's
// privacy.Part.Hold): the turns waiting in the transcript's stream are written first, and
// the conversations' sessions are locked until the erasure ends, so that no turn of
// theirs is written back after it. A visitor's message meanwhile waits, as behind
// another message of theirs; the erasure removes the session, and the message begins a
// new conversation. The search of the person's conversations runs again after each
// write of the stream, until it finds none it has not locked: a conversation stored by
// that write, or one whose turns came while the sessions were being locked.
func (st *Store) holdPerson(ctx context.Context, p privacy.Person) (func(context.Context), error) {
	var held []func(context.Context)
	locked := map[string]bool{}
	release := func(ctx context.Context) {
		for _, free := range held {
			free(ctx)
		}
	}
	for round := 0; ; round++ {
		fctx, cancel := context.WithTimeout(ctx, st.cfg.DBTimeout)
		err := st.Flush(fctx)
		cancel()
		if err != nil {
			release(ctx)
			return nil, err
		}
		sessions, err := st.personSessions(ctx, p)
		if err != nil {
			release(ctx)
			return nil, err
		}
		fresh := 0
		for _, sid := range sessions {
			if locked[sid] {
				continue
			}
			free, err := st.cfg.Sessions.Hold(ctx, sid)
			if err != nil {
				release(ctx)
				return nil, err
			}
			if free == nil {
				continue // no session of the chat's
			}
			held, locked[sid] = append(held, free), true
			fresh++
		}
		if fresh == 0 || round == holdRounds {
			return release, nil
		}
	}
}

// personSessions are the sessions of a person's conversations in the transcript.
func (st *Store) personSessions(ctx context.Context, p privacy.Person) ([]string, error) {
	rows, err := st.db.Query(ctx, `SELECT session_id FROM chat_conversations WHERE id IN (`+personConversations+`)`,
		p.AppointmentIDs, p.Emails, p.Phones)
	if err != nil {
		return nil, err
	}
	var out []string
	var sid string
	_, err = pgx.ForEachRow(rows, []any{&sid}, func() error {
		out = append(out, sid)
		return nil
	})
	return out, err
}

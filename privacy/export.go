package privacy

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"time"
)

// Export is everything held on a person, one section per part.
type Export struct {
	ExportedAt time.Time
	// ClientID is the client the export is about, as stored.
	ClientID string
	Sections map[string]any
}

// MarshalJSON writes the sections and the time of the export as one object.
func (e Export) MarshalJSON() ([]byte, error) {
	out := make(map[string]any, len(e.Sections)+1)
	maps.Copy(out, e.Sections)
	out["exported_at"] = e.ExportedAt
	return json.Marshal(out)
}

// Export gathers everything held on a client: People's sections, and each Part's.
func (r *Runner) Export(ctx context.Context, clientID string) (Export, error) {
	p, err := r.people.Person(ctx, clientID)
	if err != nil {
		return Export{}, err
	}
	out := Export{ExportedAt: r.now().UTC(), ClientID: p.ClientID}
	if out.Sections, err = r.people.ExportPerson(ctx, p); err != nil {
		return out, err
	}
	for _, part := range r.registered() {
		v, err := part.Export(ctx, p)
		if err != nil {
			return out, fmt.Errorf("export %s: %w", part.Name, err)
		}
		out.Sections[part.Name] = v
	}
	return out, nil
}

package console

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// Deactivating or deleting a staff member tells what OnStaffGone was given, after the
// change is saved, so that the conversations they hold return to Dota; other changes do
// not, and a failure there does not undo the change.
func TestStaffGoneOnDeactivationAndDeletion(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)}
	c := newConsole(t, clk)
	ctx := t.Context()
	var mu sync.Mutex
	var gone []string
	fail := false
	c.OnStaffGone(func(_ context.Context, id string) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		gone = append(gone, id)
		if fail {
			return 0, errors.New("redis down")
		}
		return 1, nil
	})
	seen := func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(gone) }
	mk := func(email string) User {
		t.Helper()
		u, err := c.CreateUser(ctx, User{}, UserInput{Email: email, Password: ptr("a long password"), Role: ptr(RoleEditor)})
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	kept, left, deleted := mk("kept@gone.test"), mk("left@gone.test"), mk("deleted@gone.test")

	if _, err := c.UpdateUser(ctx, kept.ID, UserInput{Role: ptr(RoleModerator), Permissions: &[]string{"clients.delete"}}); err != nil {
		t.Fatal(err)
	}
	if got := seen(); len(got) != 0 {
		t.Fatalf("a change of role released %v", got)
	}
	if _, err := c.UpdateUser(ctx, left.ID, UserInput{IsActive: ptr(false)}); err != nil {
		t.Fatal(err)
	}
	if got := seen(); !slices.Equal(got, []string{left.ID}) {
		t.Fatalf("after deactivating: %v", got)
	}
	if _, err := c.UpdateUser(ctx, left.ID, UserInput{IsActive: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	if got := seen(); len(got) != 1 {
		t.Fatalf("reactivating released: %v", got)
	}
	fail = true
	if err := c.DeleteUser(ctx, deleted.ID); err != nil {
		t.Fatalf("deleting with the release failing: %v", err)
	}
	if got := seen(); !slices.Equal(got, []string{left.ID, deleted.ID}) {
		t.Fatalf("after deleting: %v", got)
	}
	if _, err := c.User(ctx, deleted.ID); err == nil {
		t.Fatal("the user outlived a failed release")
	}
}

package console

import (
	"slices"
	"strings"
	"testing"
)

func TestPolicyTable(t *testing.T) {
	t.Parallel()
	admin := User{Role: RoleAdmin, IsActive: true}
	mod := User{Role: RoleModerator, IsActive: true}
	ed := User{Role: RoleEditor, IsActive: true}
	granted := User{Role: RoleEditor, IsActive: true, Permissions: []string{"appointments.delete"}}
	inactive := User{Role: RoleAdmin, IsActive: false}
	unknown := User{Role: "owner", IsActive: true}
	cases := []struct {
		name string
		user User
		need Need
		ok   bool
	}{
		{"admin opens settings", admin, Need{Page: PageSettings}, true},
		{"admin opens ops", admin, Need{Page: PageOps}, true},
		{"admin deletes users", admin, Need{Page: PageUsers, Action: ActUsersDelete}, true},
		{"moderator opens the dashboard", mod, Need{Page: PageDashboard}, true},
		{"moderator opens clients", mod, Need{Page: PageClients}, true},
		{"moderator creates clients", mod, Need{Page: PageClients, Action: ActClientsCreate}, true},
		{"moderator deletes clients", mod, Need{Page: PageClients, Action: ActClientsDelete}, false},
		{"moderator opens projects", mod, Need{Page: PageProjects}, false},
		{"moderator opens ops", mod, Need{Page: PageOps}, false},
		{"editor opens the dashboard", ed, Need{Page: PageDashboard}, false},
		{"editor opens clients", ed, Need{Page: PageClients}, false},
		{"editor updates appointments", ed, Need{Page: PageAppointments, Action: ActAppointmentsUpdate}, true},
		{"editor creates appointments", ed, Need{Page: PageNewAppointment, Action: ActAppointmentsCreate}, true},
		{"editor deletes appointments", ed, Need{Page: PageAppointments, Action: ActAppointmentsDelete}, false},
		{"editor granted the delete", granted, Need{Page: PageAppointments, Action: ActAppointmentsDelete}, true},
		{"a grant does not open a page", granted, Need{Page: PageClients}, false},
		{"admin takes over a conversation", admin, Need{Page: PageConversations, Action: ActConversationsTakeOver}, true},
		{"moderator takes over a conversation", mod, Need{Page: PageConversations, Action: ActConversationsTakeOver}, true},
		{"editor answers a conversation", ed, Need{Page: PageConversations, Action: ActConversationsAnswer}, true},
		{"editor takes over a conversation", ed, Need{Page: PageConversations, Action: ActConversationsTakeOver}, false},
		{"editor granted the take-over", User{Role: RoleEditor, IsActive: true, Permissions: []string{"conversations.take_over"}},
			Need{Page: PageConversations, Action: ActConversationsTakeOver}, true},
		{"inactive admin", inactive, Need{Page: PageAppointments}, false},
		{"unknown role", unknown, Need{Page: PageAppointments}, false},
		{"unknown role, no page", unknown, Need{Action: ActNotesCreate}, false},
	}
	for _, c := range cases {
		if err := Authorize(c.user, c.need); (err == nil) != c.ok {
			t.Errorf("%s: %v, want allowed=%v", c.name, err, c.ok)
		}
	}
}

func TestPagesAndPermissionsOfEachRole(t *testing.T) {
	t.Parallel()
	got := PagesOf(User{Role: RoleModerator, IsActive: true})
	if !slices.Equal(got, []Page{PageDashboard, PageConversations, PageAppointments, PageWaitlist, PageNewAppointment, PageClients}) {
		t.Fatalf("moderator pages %v", got)
	}
	if got := PagesOf(User{Role: RoleEditor, IsActive: true}); !slices.Equal(got, []Page{PageConversations, PageAppointments, PageWaitlist, PageNewAppointment}) {
		t.Fatalf("editor pages %v", got)
	}
	if got := PagesOf(User{Role: RoleAdmin, IsActive: true}); len(got) != len(Pages) {
		t.Fatalf("admin pages %v", got)
	}
	perms := PermissionsOf(User{Role: RoleEditor, IsActive: true, Permissions: []string{"clients.delete", "bogus"}})
	if !slices.Contains(perms, ActAppointmentsUpdate) || !slices.Contains(perms, ActClientsDelete) ||
		!slices.Contains(perms, ActConversationsAnswer) || !slices.Contains(perms, ActWaitlistRemove) ||
		slices.Contains(perms, ActAppointmentsDelete) {
		t.Fatalf("editor permissions %v", perms)
	}
}

func TestForbiddenMessages(t *testing.T) {
	t.Parallel()
	cases := []struct {
		need Need
		lang string
		want string
	}{
		{Need{Page: PageClients}, "en", "You do not have permission to access clients"},
		{Need{Page: PageUsers}, "en", "You do not have permission to access user management"},
		{Need{Page: PageSettings}, "en", "You do not have permission to manage settings"},
		{Need{Page: PageNewAppointment}, "en", "You do not have permission to create appointments"},
		{Need{Page: PageNotifications}, "en", "You do not have permission to access notifications"},
		{Need{Page: PageDashboard}, "en", "You do not have permission to view the dashboard"},
		{Need{Page: PageAppointments}, "en", "You do not have permission to access appointments"},
		{Need{Page: PageUsers, Action: ActUsersCreate}, "en", "You do not have permission to create users"},
		{Need{Page: PageClients, Action: ActClientsUpdate}, "en", "You do not have permission to update clients"},
		{Need{Page: PageClients}, "fr", "Vous n'avez pas la permission d'accéder aux clients"},
	}
	for _, c := range cases {
		if got := (&ForbiddenError{Need: c.need}).LocalizedMessage(c.lang); got != c.want {
			t.Errorf("%v %s: %q, want %q", c.need, c.lang, got, c.want)
		}
	}
}

func TestMenuIsThePagesInOrderWithTheirLabels(t *testing.T) {
	t.Parallel()
	got := Menu(User{Role: RoleEditor, IsActive: true}, "en")
	want := []MenuItem{{PageConversations, "Conversations"}, {PageAppointments, "Appointments"},
		{PageWaitlist, "Waitlist"}, {PageNewAppointment, "New appointment"}}
	if !slices.Equal(got, want) {
		t.Fatalf("editor's menu in English: %v", got)
	}
	for _, p := range Pages {
		for _, lang := range []string{"fr", "en", "ar"} {
			menu := Menu(User{Role: RoleAdmin, IsActive: true}, lang)
			if l := menu[slices.IndexFunc(menu, func(m MenuItem) bool { return m.Page == p })].Label; l == "" || strings.HasPrefix(l, "menu_") {
				t.Errorf("page %s has no label in %s", p, lang)
			}
		}
	}
}

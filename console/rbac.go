package console

import (
	"slices"
	"strings"
)

// Page is a screen of the console.
type Page string

// The console's pages.
const (
	PageDashboard      Page = "dashboard"
	PageAppointments   Page = "appointments"
	PageNewAppointment Page = "new-appointment"
	PageClients        Page = "clients"
	PageProjects       Page = "projects"
	PageNotifications  Page = "notifications"
	PageMessages       Page = "messages"
	PageConversations  Page = "conversations"
	PageWaitlist       Page = "waitlist"
	PageUsers          Page = "users"
	PageSettings       Page = "settings"
	PageOps            Page = "ops"

	// PageCannedReplies is where administrators keep the canned replies; staff who answer
	// conversations read them from the reply box.
	PageCannedReplies Page = "canned-replies"
)

// Pages lists every page in menu order.
var Pages = []Page{PageDashboard, PageConversations, PageCannedReplies, PageAppointments, PageWaitlist, PageNewAppointment, PageClients,
	PageProjects, PageNotifications, PageMessages, PageUsers, PageSettings, PageOps}

// Action is something a user does on a page; non-admins need it granted.
type Action string

// The actions a route may require. Reading a page needs no action beyond page access.
const (
	ActAppointmentsCreate Action = "appointments.create"
	ActAppointmentsUpdate Action = "appointments.update"
	ActAppointmentsDelete Action = "appointments.delete"
	ActAppointmentsExport Action = "appointments.export"
	ActNotesCreate        Action = "notes.create"
	ActNotesDelete        Action = "notes.delete"
	ActClientsCreate      Action = "clients.create"
	ActClientsUpdate      Action = "clients.update"
	ActClientsDelete      Action = "clients.delete"
	ActClientsExport      Action = "clients.export"
	// ActClientsErase is an administrator's alone: no page grants it, no list may hold it.
	ActClientsErase        Action = "clients.erase"
	ActProjectsCreate      Action = "projects.create"
	ActProjectsUpdate      Action = "projects.update"
	ActProjectsDelete      Action = "projects.delete"
	ActNotificationsUpdate Action = "notifications.update"
	ActNotificationsDelete Action = "notifications.delete"
	ActMessagesResend      Action = "messages.resend"
	ActConversationsAnswer Action = "conversations.answer"
	// ActConversationsTakeOver takes a conversation another staff member holds.
	ActConversationsTakeOver Action = "conversations.take_over"
	ActWaitlistRemove        Action = "waitlist.remove"
	ActUsersCreate           Action = "users.create"
	ActUsersUpdate           Action = "users.update"
	ActUsersDelete           Action = "users.delete"
	ActSettingsUpdate        Action = "settings.update"
)

// Actions lists every action, the values a user's permissions list may hold.
var Actions = []Action{ActAppointmentsCreate, ActAppointmentsUpdate, ActAppointmentsDelete, ActAppointmentsExport,
	ActNotesCreate, ActNotesDelete, ActClientsCreate, ActClientsUpdate, ActClientsDelete, ActClientsExport, ActProjectsCreate,
	ActProjectsUpdate, ActProjectsDelete, ActNotificationsUpdate, ActNotificationsDelete, ActMessagesResend, ActConversationsAnswer,
	ActConversationsTakeOver, ActWaitlistRemove, ActUsersCreate, ActUsersUpdate, ActUsersDelete, ActSettingsUpdate}

// rolePages is the one policy table: the pages each role may open. Admins open all.
var rolePages = map[string][]Page{
	RoleAdmin:     Pages,
	RoleModerator: {PageDashboard, PageConversations, PageAppointments, PageWaitlist, PageNewAppointment, PageClients},
	RoleEditor:    {PageConversations, PageAppointments, PageWaitlist, PageNewAppointment},
}

// pageActions are the actions that access to a page grants a non-admin without an entry
// in their permissions list: enough to triage. Deletions always need the permission.
var pageActions = map[Page][]Action{
	PageAppointments:   {ActAppointmentsUpdate, ActAppointmentsExport, ActNotesCreate},
	PageNewAppointment: {ActAppointmentsCreate},
	PageClients:        {ActClientsCreate, ActClientsUpdate, ActClientsExport},
	PageConversations:  {ActConversationsAnswer},
	PageWaitlist:       {ActWaitlistRemove},
}

// roleActions are the actions a role grants a non-admin whatever their pages: a
// moderator relieves a colleague holding a conversation.
var roleActions = map[string][]Action{
	RoleModerator: {ActConversationsTakeOver},
}

// RoleLabels are the roles as staff read them.
var RoleLabels = map[string]string{RoleAdmin: "Administrator", RoleModerator: "Moderator", RoleEditor: "Editor"}

// Need is what a route requires: a page, and optionally an action on it.
type Need struct {
	Page   Page
	Action Action
}

// PagesOf returns the pages a user may open, in menu order.
func PagesOf(u User) []Page {
	if !u.IsActive {
		return []Page{}
	}
	return append([]Page{}, rolePages[u.Role]...)
}

// MenuItem is one entry of the console's menu: a page and its label.
type MenuItem struct {
	Page  Page   `json:"page"`
	Label string `json:"label"`
}

// Menu is the user's menu in lang: the pages they may open, in menu order, with their
// labels. The console's web app builds its menu from it.
func Menu(u User, lang string) []MenuItem {
	pages := PagesOf(u)
	out := make([]MenuItem, len(pages))
	for i, p := range pages {
		out[i] = MenuItem{Page: p, Label: Text(lang, "menu_"+strings.ReplaceAll(string(p), "-", "_"))}
	}
	return out
}

// CanOpen reports whether the user may open page.
func CanOpen(u User, p Page) bool { return slices.Contains(PagesOf(u), p) }

// Can reports whether the user may do action: admins may do anything; others when their
// pages grant it or their permissions list holds it.
func Can(u User, a Action) bool {
	if !u.IsActive || rolePages[u.Role] == nil {
		return false
	}
	if u.Role == RoleAdmin {
		return true
	}
	return slices.Contains(PermissionsOf(u), a)
}

// PermissionsOf returns every action the user may do, granted by pages or by their list.
func PermissionsOf(u User) []Action {
	out := []Action{}
	if !u.IsActive || rolePages[u.Role] == nil {
		return out
	}
	if u.Role == RoleAdmin {
		return append(append(out, Actions...), ActClientsErase)
	}
	for _, a := range Actions {
		granted := slices.Contains(u.Permissions, string(a)) || slices.Contains(roleActions[u.Role], a)
		for _, p := range rolePages[u.Role] {
			granted = granted || slices.Contains(pageActions[p], a)
		}
		if granted {
			out = append(out, a)
		}
	}
	return out
}

// Authorize returns nil when the user meets need, else a *ForbiddenError.
func Authorize(u User, need Need) error {
	if need.Page != "" && !CanOpen(u, need.Page) {
		return &ForbiddenError{Need: Need{Page: need.Page}}
	}
	if need.Action != "" && !Can(u, need.Action) {
		return &ForbiddenError{Need: need}
	}
	return nil
}

// Visible reports whether the user may receive a live event of the given kind.
func Visible(u User, kind string) bool {
	switch {
	case len(kind) > 12 && kind[:12] == "appointment.":
		return CanOpen(u, PageAppointments)
	case len(kind) > 13 && kind[:13] == "notification.":
		return CanOpen(u, PageNotifications)
	case strings.HasPrefix(kind, "conversation."):
		return CanOpen(u, PageConversations)
	case strings.HasPrefix(kind, "waitlist."):
		return CanOpen(u, PageWaitlist)
	case strings.HasPrefix(kind, "backup."):
		return CanOpen(u, PageSettings)
	}
	return false
}

package api_test

import (
	"testing"
)

func TestClientsSearchAndDeleteRefusedWhileBooked(t *testing.T) {
	srv := newConsoleServer(t)
	mod := signIn(t, srv.URL, "moderator")
	if r := mod.do("POST", "/api/admin/clients?lang=fr", map[string]any{"nom": "", "prenom": "X"}); r.Status != 400 ||
		r.Body["error"].(map[string]any)["message"] != "Nom et prénom sont requis" {
		t.Fatalf("missing nom: %d %s", r.Status, r.Raw)
	}
	c := mod.do("POST", "/api/admin/clients", map[string]any{"nom": "Benali", "prenom": "Karim", "email": "",
		"nom_entreprise": "Zeta SARL", "siteweb": "https://zeta.dz"})
	cl := c.Body["client"].(map[string]any)
	if c.Status != 201 || cl["email"] != nil || c.Body["message"] != "Client créé avec succès!" {
		t.Fatalf("create: %d %s", c.Status, c.Raw)
	}
	if r := mod.do("GET", "/api/admin/clients?q=zeta%20s", nil); r.Body["total"] != float64(1) {
		t.Fatalf("search by company: %s", r.Raw)
	}
	if r := mod.do("GET", "/api/admin/clients?q=KARIM", nil); r.Body["total"] != float64(1) {
		t.Fatalf("search by prenom: %s", r.Raw)
	}
	up := mod.do("PATCH", "/api/admin/clients/"+cl["id"].(string), map[string]any{"email": "karim@zeta.dz", "siteweb": ""})
	if up.Status != 200 || up.Body["client"].(map[string]any)["email"] != "karim@zeta.dz" || up.Body["client"].(map[string]any)["siteweb"] != nil {
		t.Fatalf("update: %s", up.Raw)
	}
	booked := mod.do("POST", "/api/admin/appointments", map[string]any{"name": "Karim Benali", "phone": "0665000001",
		"client_id": cl["id"]})
	if booked.Status != 201 {
		t.Fatalf("book for the client: %s", booked.Raw)
	}
	adm := signIn(t, srv.URL, "admin")
	del := adm.do("DELETE", "/api/admin/clients/"+cl["id"].(string)+"?lang=en", nil)
	if del.Status != 409 || errorCode(del) != "conflict" || del.Body["error"].(map[string]any)["message"] !=
		"Cannot delete client with existing appointments. Please reassign or delete appointments first" {
		t.Fatalf("delete a booked client: %d %s", del.Status, del.Raw)
	}
	free := mod.do("POST", "/api/admin/clients", map[string]any{"nom": "Libre", "prenom": "Client"})
	if r := adm.do("DELETE", "/api/admin/clients/"+free.Body["client"].(map[string]any)["id"].(string), nil); r.Status != 200 {
		t.Fatalf("delete a free client: %s", r.Raw)
	}
}

func TestUsersAndTheLastAdmin(t *testing.T) {
	srv := newConsoleServer(t)
	// Only this test's admins exist while it runs its last-admin checks.
	if _, err := pool.Exec(t.Context(), `UPDATE admin_users SET is_active = false WHERE role = 'admin'`); err != nil {
		t.Fatal(err)
	}
	adm := signIn(t, srv.URL, "admin")
	lang := "?lang=en"
	if r := adm.do("POST", "/api/admin/users"+lang, map[string]any{"email": "new@staff.test"}); r.Status != 400 ||
		r.Body["error"].(map[string]any)["message"] != "Please enter a password for the new user" {
		t.Fatalf("no password: %s", r.Raw)
	}
	if r := adm.do("POST", "/api/admin/users"+lang, map[string]any{"email": "new@staff.test", "password": "short"}); r.Status != 400 ||
		r.Body["error"].(map[string]any)["message"] != "Password must be at least 8 characters long" {
		t.Fatalf("short password: %s", r.Raw)
	}
	created := adm.do("POST", "/api/admin/users", map[string]any{"email": "New@Staff.test", "password": "longenough1"})
	u := created.Body["user"].(map[string]any)
	if created.Status != 201 || u["role"] != "editor" || u["email"] != "new@staff.test" || u["is_active"] != true {
		t.Fatalf("create: %d %s", created.Status, created.Raw)
	}
	if dup := adm.do("POST", "/api/admin/users", map[string]any{"email": "new@staff.test", "password": "longenough1"}); dup.Status != 409 {
		t.Fatalf("duplicate: %d", dup.Status)
	}
	// The new user signs in with the password the admin set.
	s := anonymous(t, srv.URL)
	if r := s.do("POST", "/api/admin/login", map[string]any{"email": "new@staff.test", "password": "longenough1"}); r.Status != 200 {
		t.Fatalf("new user sign-in: %d %s", r.Status, r.Raw)
	}
	up := adm.do("PATCH", "/api/admin/users/"+u["id"].(string), map[string]any{"email": "other@staff.test", "role": "moderator"})
	if up.Status != 200 || up.Body["user"].(map[string]any)["email"] != "new@staff.test" || up.Body["user"].(map[string]any)["role"] != "moderator" {
		t.Fatalf("update: %s", up.Raw)
	}
	if r := s.do("GET", "/api/admin/me", nil); r.Status != 401 {
		t.Fatalf("a role change left the session open: %d", r.Status)
	}
	me := adm.do("GET", "/api/admin/me", nil).Body["user"].(map[string]any)["id"].(string)
	for _, change := range []map[string]any{{"role": "editor"}, {"is_active": false}} {
		if r := adm.do("PATCH", "/api/admin/users/"+me+lang, change); r.Status != 409 ||
			r.Body["error"].(map[string]any)["message"] != "You cannot remove the last active administrator" {
			t.Fatalf("demote the last admin %v: %d %s", change, r.Status, r.Raw)
		}
	}
	if r := adm.do("DELETE", "/api/admin/users/"+me, nil); r.Status != 409 {
		t.Fatalf("delete the last admin: %d", r.Status)
	}
	list := adm.do("GET", "/api/admin/users", nil)
	if list.Body["stats"].(map[string]any)["admins"].(float64) < 1 {
		t.Fatalf("users: %s", list.Raw)
	}
	if r := adm.do("DELETE", "/api/admin/users/"+u["id"].(string), nil); r.Status != 200 || r.Body["message"] != "Utilisateur supprimé avec succès" {
		t.Fatalf("delete: %s", r.Raw)
	}
}

func TestProjectsValidationAndPublishing(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	if r := adm.do("POST", "/api/admin/projects", map[string]any{"title": " "}); r.Status != 400 {
		t.Fatalf("no title: %d", r.Status)
	}
	if r := adm.do("POST", "/api/admin/projects", map[string]any{"title": "Vidéo", "youtube_video": "https://youtu.be/short"}); r.Status != 400 {
		t.Fatalf("bad YouTube link: %d", r.Status)
	}
	c := adm.do("POST", "/api/admin/projects", map[string]any{"title": "Site Zeta", "devis": "150000.50",
		"versement": "abc", "paiement": 20000, "youtube_video": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"})
	p := c.Body["project"].(map[string]any)
	if c.Status != 201 || p["devis"] != 150000.5 || p["versement"] != float64(0) || p["paiement"] != float64(20000) ||
		p["status"] != "En cours" || p["type"] != "internal" || p["published"] != false || p["youtube_id"] != "dQw4w9WgXcQ" {
		t.Fatalf("create: %d %s", c.Status, c.Raw)
	}
	id := p["id"].(string)
	pub := adm.do("PUT", "/api/admin/projects/"+id+"/published", map[string]any{"published": true})
	if pub.Status != 200 || pub.Body["project"].(map[string]any)["published"] != true {
		t.Fatalf("publish: %s", pub.Raw)
	}
	if r := do(t, "GET", srv.URL+"/api/projects/"+id, nil); r.Status != 200 {
		t.Fatalf("published project not public: %d", r.Status)
	}
	if r := adm.do("PATCH", "/api/admin/projects/"+id, map[string]any{"status": "Nope"}); r.Status != 400 {
		t.Fatalf("bad status: %d", r.Status)
	}
	if r := adm.do("GET", "/api/admin/projects?status=En%20cours&q=zeta", nil); r.Body["total"] != float64(1) {
		t.Fatalf("list: %s", r.Raw)
	}
	if r := adm.do("DELETE", "/api/admin/projects/"+id, nil); r.Status != 200 {
		t.Fatalf("delete: %d", r.Status)
	}
}

func TestNotificationsLifecycle(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	if _, err := pool.Exec(t.Context(), `UPDATE notifications SET status = 'read'`); err != nil {
		t.Fatal(err)
	}
	book(t, srv.URL, map[string]any{"name": "Notif One", "phone": "0667000001"})
	book(t, srv.URL, map[string]any{"name": "Notif Two", "phone": "0667000002"})
	if _, err := pool.Exec(t.Context(), `INSERT INTO notifications (title, type, priority, expires_at)
		VALUES ('Expired', 'system', 'low', now() - interval '1 hour')`); err != nil {
		t.Fatal(err)
	}
	if r := adm.do("GET", "/api/admin/notifications/unread-count", nil); r.Body["count"] != float64(2) {
		t.Fatalf("unread count: %s", r.Raw)
	}
	list := adm.do("GET", "/api/admin/notifications?type=appointment&status=unread&q=notif", nil)
	items := list.Body["items"].([]any)
	if len(items) != 2 {
		t.Fatalf("list: %s", list.Raw)
	}
	if r := adm.do("GET", "/api/admin/notifications?q=Expired", nil); r.Body["total"] != float64(0) {
		t.Fatalf("an expired notification shows: %s", r.Raw)
	}
	if r := adm.do("GET", "/api/admin/notifications/recent", nil); len(r.Body["items"].([]any)) > 5 {
		t.Fatalf("recent: %s", r.Raw)
	}
	id := items[0].(map[string]any)["id"].(string)
	if r := adm.do("PATCH", "/api/admin/notifications/"+id, map[string]any{"status": "archived"}); r.Status != 200 ||
		r.Body["notification"].(map[string]any)["status"] != "archived" {
		t.Fatalf("archive: %s", r.Raw)
	}
	if r := adm.do("POST", "/api/admin/notifications/bulk?lang=en", map[string]any{"ids": []string{}, "action": "delete"}); r.Status != 400 ||
		r.Body["error"].(map[string]any)["message"] != "Please select notifications to delete" {
		t.Fatalf("empty bulk: %s", r.Raw)
	}
	all := adm.do("POST", "/api/admin/notifications/read-all?lang=en", nil)
	if all.Status != 200 || all.Body["count"] != float64(1) || all.Body["message"] != "All notifications marked as read" {
		t.Fatalf("read all: %s", all.Raw)
	}
	del := adm.do("POST", "/api/admin/notifications/bulk?lang=en", map[string]any{"ids": []string{id}, "action": "delete"})
	if del.Status != 200 || del.Body["message"] != "1 notifications deleted" {
		t.Fatalf("bulk delete: %s", del.Raw)
	}
}

func TestSettingsApplyMaintenanceAndPageSize(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	got := adm.do("GET", "/api/admin/settings", nil)
	st := got.Body["settings"].(map[string]any)
	if st["timezone"] != "Africa/Algiers" || st["items_per_page"] != float64(10) {
		t.Fatalf("defaults: %s", got.Raw)
	}
	st["items_per_page"] = 7
	if r := adm.do("PUT", "/api/admin/settings", st); r.Status != 400 || errorCode(r) != "validation" {
		t.Fatalf("bad page size: %d %s", r.Status, r.Raw)
	}
	st["items_per_page"] = 5
	st["maintenance_mode"] = true
	st["site_name"] = "Dota Agence"
	saved := adm.do("PUT", "/api/admin/settings?lang=en", st)
	if saved.Status != 200 || saved.Body["message"] != "Settings saved successfully!" {
		t.Fatalf("save: %s", saved.Raw)
	}
	t.Cleanup(func() {
		st["maintenance_mode"], st["items_per_page"], st["site_name"] = false, 10, "Dota"
		adm.do("PUT", "/api/admin/settings", st)
	})
	site := do(t, "GET", srv.URL+"/api/site", nil)
	if site.Body["maintenance_mode"] != true || site.Body["site_name"] != "Dota Agence" || len(site.Body) != 6 || site.Body["timezone"] != "Africa/Algiers" {
		t.Fatalf("site: %s", site.Raw)
	}
	for _, path := range []string{"/api/appointments", "/api/newsletter"} {
		if r := do(t, "POST", srv.URL+path, map[string]any{"name": "X Y", "phone": "0668000001", "email": "m@x.dz"}); r.Status != 503 || errorCode(r) != "unavailable" {
			t.Fatalf("%s in maintenance: %d %s", path, r.Status, r.Raw)
		}
	}
	if r := do(t, "GET", srv.URL+"/api/services", nil); r.Status != 200 {
		t.Fatalf("reading during maintenance: %d", r.Status)
	}
	if r := adm.do("GET", "/api/admin/appointments", nil); r.Body["size"] != float64(5) {
		t.Fatalf("items per page not applied: %s", r.Raw)
	}
	dash := adm.do("GET", "/api/admin/dashboard", nil)
	if dash.Status != 200 || len(dash.Body["per_day"].([]any)) != 30 || dash.Body["cards"].(map[string]any)["total"] == nil {
		t.Fatalf("dashboard: %s", dash.Raw)
	}
}

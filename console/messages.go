package console

import (
	"strings"

	"github.com/dota-agency/dota/booking"
)

// Text returns the console's message for key in lang (French by default), falling back
// to the booking catalogue.
func Text(lang, key string) string {
	m, ok := messages[key]
	if !ok {
		return booking.Text(lang, key)
	}
	if t, ok := m[booking.NormalizeLang(lang)]; ok {
		return t
	}
	return m[booking.DefaultLanguage]
}

// Textf is Text with {name} placeholders replaced by values, given as name, value pairs.
func Textf(lang, key string, pairs ...string) string {
	t := Text(lang, key)
	for i := 0; i+1 < len(pairs); i += 2 {
		t = strings.ReplaceAll(t, "{"+pairs[i]+"}", pairs[i+1])
	}
	return t
}

func tr(fr, en, ar string) map[string]string { return map[string]string{"fr": fr, "en": en, "ar": ar} }

// messages holds the spec's texts; French and English come from it where it gives them.
var messages = map[string]map[string]string{
	"login_ok":            tr("Connexion réussie !", "Login successful!", "تم تسجيل الدخول بنجاح!"),
	"logout_ok":           tr("Déconnexion réussie.", "Logged out successfully.", "تم تسجيل الخروج بنجاح."),
	"invalid_credentials": tr("Identifiants invalides. Veuillez réessayer.", "Invalid credentials. Please try again.", "بيانات الاعتماد غير صحيحة. يرجى المحاولة مرة أخرى."),
	"unauthenticated":     tr("Veuillez vous connecter.", "Please sign in.", "يرجى تسجيل الدخول."),
	"csrf":                tr("Jeton de sécurité manquant ou invalide. Rechargez la page.", "Missing or invalid security token. Reload the page.", "رمز الأمان مفقود أو غير صالح. أعد تحميل الصفحة."),
	"login_throttled":     tr("Trop de tentatives de connexion. Veuillez patienter avant de réessayer.", "Too many sign-in attempts. Please wait before trying again.", "محاولات تسجيل دخول كثيرة جدًا. يرجى الانتظار قبل المحاولة مرة أخرى."),
	"maintenance":         tr("Le site est en maintenance. Veuillez réessayer plus tard.", "The site is under maintenance. Please try again later.", "الموقع قيد الصيانة. يرجى المحاولة لاحقًا."),

	"forbidden.dashboard":       tr("Vous n'avez pas la permission de voir le tableau de bord", "You do not have permission to view the dashboard", "ليس لديك إذن لعرض لوحة التحكم"),
	"forbidden.appointments":    tr("Vous n'avez pas la permission d'accéder aux rendez-vous", "You do not have permission to access appointments", "ليس لديك إذن للوصول إلى المواعيد"),
	"forbidden.new-appointment": tr("Vous n'avez pas la permission de créer des rendez-vous", "You do not have permission to create appointments", "ليس لديك إذن لإنشاء مواعيد"),
	"forbidden.clients":         tr("Vous n'avez pas la permission d'accéder aux clients", "You do not have permission to access clients", "ليس لديك إذن للوصول إلى العملاء"),
	"forbidden.projects":        tr("Vous n'avez pas la permission d'accéder aux projets", "You do not have permission to access projects", "ليس لديك إذن للوصول إلى المشاريع"),
	"forbidden.notifications":   tr("Vous n'avez pas la permission d'accéder aux notifications", "You do not have permission to access notifications", "ليس لديك إذن للوصول إلى الإشعارات"),
	"forbidden.users":           tr("Vous n'avez pas la permission d'accéder à la gestion des utilisateurs", "You do not have permission to access user management", "ليس لديك إذن للوصول إلى إدارة المستخدمين"),
	"forbidden.settings":        tr("Vous n'avez pas la permission de gérer les paramètres", "You do not have permission to manage settings", "ليس لديك إذن لإدارة الإعدادات"),
	"forbidden.ops":             tr("Vous n'avez pas la permission de voir les opérations", "You do not have permission to view operations", "ليس لديك إذن لعرض العمليات"),
	"forbidden.":                tr("Vous n'avez pas la permission d'effectuer cette action", "You do not have permission to perform this action", "ليس لديك إذن للقيام بهذا الإجراء"),

	"forbidden.appointments.create": tr("Vous n'avez pas la permission de créer des rendez-vous", "You do not have permission to create appointments", "ليس لديك إذن لإنشاء مواعيد"),
	"forbidden.appointments.update": tr("Vous n'avez pas la permission de modifier les rendez-vous", "You do not have permission to update appointments", "ليس لديك إذن لتعديل المواعيد"),
	"forbidden.appointments.delete": tr("Vous n'avez pas la permission de supprimer des rendez-vous", "You do not have permission to delete appointments", "ليس لديك إذن لحذف المواعيد"),
	"forbidden.appointments.export": tr("Vous n'avez pas la permission d'exporter les rendez-vous", "You do not have permission to export appointments", "ليس لديك إذن لتصدير المواعيد"),
	"forbidden.notes.create":        tr("Vous n'avez pas la permission d'ajouter des notes", "You do not have permission to add notes", "ليس لديك إذن لإضافة ملاحظات"),
	"forbidden.notes.delete":        tr("Vous n'avez pas la permission de supprimer des notes", "You do not have permission to delete notes", "ليس لديك إذن لحذف الملاحظات"),
	"forbidden.clients.create":      tr("Vous n'avez pas la permission de créer des clients", "You do not have permission to create clients", "ليس لديك إذن لإنشاء عملاء"),
	"forbidden.clients.update":      tr("Vous n'avez pas la permission de modifier les clients", "You do not have permission to update clients", "ليس لديك إذن لتعديل العملاء"),
	"forbidden.clients.delete":      tr("Vous n'avez pas la permission de supprimer des clients", "You do not have permission to delete clients", "ليس لديك إذن لحذف العملاء"),
	"forbidden.users.create":        tr("Vous n'avez pas la permission de créer des utilisateurs", "You do not have permission to create users", "ليس لديك إذن لإنشاء مستخدمين"),
	"forbidden.users.update":        tr("Vous n'avez pas la permission de modifier les utilisateurs", "You do not have permission to update users", "ليس لديك إذن لتعديل المستخدمين"),
	"forbidden.users.delete":        tr("Vous n'avez pas la permission de supprimer des utilisateurs", "You do not have permission to delete users", "ليس لديك إذن لحذف المستخدمين"),

	"invalid_input":       tr("Certaines informations sont invalides.", "Some of the information is invalid.", "بعض المعلومات غير صالحة."),
	"password_required":   tr("Veuillez saisir un mot de passe pour le nouvel utilisateur", "Please enter a password for the new user", "يرجى إدخال كلمة مرور للمستخدم الجديد"),
	"password_short":      tr("Le mot de passe doit contenir au moins 8 caractères", "Password must be at least 8 characters long", "يجب أن تتكون كلمة المرور من 8 أحرف على الأقل"),
	"password_long":       tr("Le mot de passe est trop long", "The password is too long", "كلمة المرور طويلة جدًا"),
	"email_taken":         tr("Un utilisateur avec cet e-mail existe déjà", "A user with this e-mail already exists", "يوجد مستخدم بهذا البريد الإلكتروني بالفعل"),
	"last_admin":          tr("Impossible de retirer le dernier administrateur actif", "You cannot remove the last active administrator", "لا يمكن إزالة آخر مسؤول نشط"),
	"nom_prenom_required": tr("Nom et prénom sont requis", "Last name and first name are required", "الاسم واللقب مطلوبان"),
	"client_has_appointments": tr("Impossible de supprimer un client ayant des rendez-vous. Veuillez d'abord réaffecter ou supprimer les rendez-vous",
		"Cannot delete client with existing appointments. Please reassign or delete appointments first",
		"لا يمكن حذف عميل لديه مواعيد. يرجى إعادة تعيين المواعيد أو حذفها أولاً"),
	"title_required":              tr("Le titre est requis", "Title is required", "العنوان مطلوب"),
	"youtube_invalid":             tr("Lien YouTube invalide", "Invalid YouTube link", "رابط يوتيوب غير صالح"),
	"url_invalid":                 tr("Adresse web invalide", "Invalid web address", "عنوان ويب غير صالح"),
	"note_required":               tr("La note ne peut pas être vide", "The note cannot be empty", "لا يمكن أن تكون الملاحظة فارغة"),
	"select_appointments":         tr("Sélectionnez au moins un rendez-vous", "Select at least one appointment", "اختر موعدًا واحدًا على الأقل"),
	"select_status":               tr("Choisissez un statut", "Choose a status", "اختر حالة"),
	"select_notifications_update": tr("Veuillez sélectionner des notifications à mettre à jour", "Please select notifications to update", "يرجى اختيار الإشعارات المراد تحديثها"),
	"select_notifications_delete": tr("Veuillez sélectionner des notifications à supprimer", "Please select notifications to delete", "يرجى اختيار الإشعارات المراد حذفها"),
	"too_many_ids":                tr("Trop d'éléments sélectionnés", "Too many items selected", "تم اختيار عناصر كثيرة جدًا"),
	"month_invalid":               tr("Mois invalide (AAAA-MM)", "Invalid month (YYYY-MM)", "شهر غير صالح (YYYY-MM)"),

	"appointment_updated":   tr("Rendez-vous mis à jour avec succès!", "Appointment updated successfully!", "تم تحديث الموعد بنجاح!"),
	"appointment_created":   tr("Rendez-vous créé avec succès!", "Appointment created successfully!", "تم إنشاء الموعد بنجاح!"),
	"appointment_deleted":   tr("Rendez-vous supprimé avec succès!", "Appointment deleted successfully!", "تم حذف الموعد بنجاح!"),
	"bulk_status_ok":        tr("{n} rendez-vous mis à jour vers {status}!", "{n} appointments updated to {status}!", "تم تحديث {n} موعد إلى {status}!"),
	"bulk_delete_ok":        tr("{n} rendez-vous supprimés avec succès!", "{n} appointments deleted successfully!", "تم حذف {n} موعد بنجاح!"),
	"note_added":            tr("Note ajoutée avec succès!", "Note added successfully!", "تمت إضافة الملاحظة بنجاح!"),
	"note_deleted":          tr("Note supprimée avec succès!", "Note deleted successfully!", "تم حذف الملاحظة بنجاح!"),
	"client_created":        tr("Client créé avec succès!", "Client created successfully!", "تم إنشاء العميل بنجاح!"),
	"client_updated":        tr("Client mis à jour avec succès", "Client updated successfully", "تم تحديث العميل بنجاح"),
	"menu_dashboard":        tr("Tableau de bord", "Dashboard", "لوحة القيادة"),
	"menu_conversations":    tr("Conversations", "Conversations", "المحادثات"),
	"menu_appointments":     tr("Rendez-vous", "Appointments", "المواعيد"),
	"menu_new_appointment":  tr("Nouveau RDV", "New appointment", "موعد جديد"),
	"menu_clients":          tr("Clients", "Clients", "العملاء"),
	"menu_projects":         tr("Projets", "Projects", "المشاريع"),
	"menu_notifications":    tr("Notifications", "Notifications", "الإشعارات"),
	"menu_users":            tr("Utilisateurs", "Users", "المستخدمون"),
	"menu_settings":         tr("Paramètres", "Settings", "الإعدادات"),
	"menu_ops":              tr("Opérations", "Operations", "العمليات"),
	"menu_messages":         tr("Messages", "Messages", "الرسائل"),
	"menu_waitlist":         tr("Liste d'attente", "Waitlist", "قائمة الانتظار"),
	"client_deleted":        tr("Client supprimé avec succès", "Client deleted successfully", "تم حذف العميل بنجاح"),
	"client_erased":         tr("Données personnelles effacées", "Personal data erased", "تم محو البيانات الشخصية"),
	"project_created":       tr("Projet créé avec succès", "Project created successfully", "تم إنشاء المشروع بنجاح"),
	"project_updated":       tr("Projet mis à jour avec succès", "Project updated successfully", "تم تحديث المشروع بنجاح"),
	"project_deleted":       tr("Projet supprimé avec succès", "Project deleted successfully", "تم حذف المشروع بنجاح"),
	"project_published":     tr("Projet publié avec succès", "Project published successfully", "تم نشر المشروع بنجاح"),
	"project_unpublished":   tr("Projet dépublié avec succès", "Project unpublished successfully", "تم إلغاء نشر المشروع بنجاح"),
	"user_created":          tr("Utilisateur créé !", "User created!", "تم إنشاء المستخدم!"),
	"user_updated":          tr("Utilisateur mis à jour avec succès", "User updated successfully", "تم تحديث المستخدم بنجاح"),
	"user_deleted":          tr("Utilisateur supprimé avec succès", "User deleted successfully", "تم حذف المستخدم بنجاح"),
	"settings_saved":        tr("Paramètres enregistrés avec succès !", "Settings saved successfully!", "تم حفظ الإعدادات بنجاح!"),
	"notifications_updated": tr("{n} notifications mises à jour", "{n} notifications updated", "تم تحديث {n} إشعار"),
	"notifications_deleted": tr("{n} notifications supprimées", "{n} notifications deleted", "تم حذف {n} إشعار"),
	"notification_updated":  tr("Statut de la notification mis à jour", "Notification status updated", "تم تحديث حالة الإشعار"),
	"notification_deleted":  tr("Notification supprimée", "Notification deleted", "تم حذف الإشعار"),
	"all_read":              tr("Toutes les notifications ont été marquées comme lues", "All notifications marked as read", "تم تعليم كل الإشعارات كمقروءة"),
}

// statusLabels are the appointment statuses as staff read them.
var statusLabels = map[string]map[string]string{
	"pending":          tr("En Attente", "Pending", "قيد الانتظار"),
	"confirmed":        tr("Confirmer", "Confirmed", "مؤكد"),
	"completed":        tr("Terminer", "Completed", "مكتمل"),
	"cancelled":        tr("Annuler", "Cancelled", "ملغى"),
	"not_responding_1": tr("Ne répond pas 1", "Not responding 1", "لا يرد 1"),
	"not_responding_2": tr("Ne répond pas 2", "Not responding 2", "لا يرد 2"),
	"unreachable":      tr("Injoignable", "Unreachable", "لا يمكن الوصول إليه"),
	"updating":         tr("En mis à jour", "Updating", "قيد التحديث"),
}

// StatusLabel returns the label of an appointment status in lang; unknown values read
// as pending.
func StatusLabel(lang, status string) string {
	m, ok := statusLabels[status]
	if !ok {
		m = statusLabels["pending"]
	}
	if t, ok := m[booking.NormalizeLang(lang)]; ok {
		return t
	}
	return m[booking.DefaultLanguage]
}

package booking

import "strings"

// Languages Dota speaks; the first is the default.
var Languages = []string{"fr", "en", "ar"}

// DefaultLanguage is used when a request names none or an unknown one.
const DefaultLanguage = "fr"

// NormalizeLang returns lang when Dota speaks it (a region such as "en-GB" counts), else "".
func NormalizeLang(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if i := strings.IndexAny(lang, "-_"); i > 0 {
		lang = lang[:i]
	}
	for _, l := range Languages {
		if l == lang {
			return l
		}
	}
	return ""
}

// Text returns the message for code in lang, falling back to French, then to the code.
func Text(lang, code string) string {
	m, ok := messages[code]
	if !ok {
		return code
	}
	if t, ok := m[NormalizeLang(lang)]; ok {
		return t
	}
	return m[DefaultLanguage]
}

// messages is the catalogue of texts the booking core may return to a person.
var messages = map[string]map[string]string{
	"invalid_input": {
		"fr": "Certaines informations sont invalides.",
		"en": "Some of the information is invalid.",
		"ar": "بعض المعلومات غير صالحة.",
	},
	"required_fields": {
		"fr": "Le nom et le numéro de téléphone sont requis.",
		"en": "Name and phone number are required.",
		"ar": "الاسم ورقم الهاتف مطلوبان.",
	},
	"required": {
		"fr": "Ce champ est requis.",
		"en": "This field is required.",
		"ar": "هذا الحقل مطلوب.",
	},
	"name_length": {
		"fr": "Le nom doit contenir entre 2 et 100 caractères",
		"en": "The name must be between 2 and 100 characters",
		"ar": "يجب أن يحتوي الاسم على ما بين 2 و100 حرف",
	},
	"name_chars": {
		"fr": "Le nom ne peut contenir que des lettres, espaces, tirets et apostrophes",
		"en": "The name may only contain letters, spaces, hyphens and apostrophes",
		"ar": "يمكن أن يحتوي الاسم على الحروف والمسافات والشرطات والفواصل العليا فقط",
	},
	"email_invalid": {
		"fr": "Format d'email invalide",
		"en": "Invalid email format",
		"ar": "صيغة البريد الإلكتروني غير صالحة",
	},
	"phone_length": {
		"fr": "Numéro de téléphone invalide (10-15 chiffres)",
		"en": "Invalid phone number (10-15 digits)",
		"ar": "رقم الهاتف غير صالح (10-15 رقمًا)",
	},
	"phone_chars": {
		"fr": "Format de téléphone invalide",
		"en": "Invalid phone format",
		"ar": "صيغة رقم الهاتف غير صالحة",
	},
	"company_invalid": {
		"fr": "Nom d'entreprise invalide",
		"en": "Invalid company name",
		"ar": "اسم الشركة غير صالح",
	},
	"too_long": {
		"fr": "Ce texte est trop long.",
		"en": "This text is too long.",
		"ar": "هذا النص طويل جدًا.",
	},
	"text_invalid": {
		"fr": "Ce texte contient des caractères non autorisés.",
		"en": "This text contains characters that are not allowed.",
		"ar": "يحتوي هذا النص على أحرف غير مسموح بها.",
	},
	"date_invalid": {
		"fr": "Date invalide (format attendu AAAA-MM-JJ).",
		"en": "Invalid date (expected YYYY-MM-DD).",
		"ar": "تاريخ غير صالح (الصيغة المطلوبة YYYY-MM-DD).",
	},
	"date_past": {
		"fr": "La date ne peut pas être dans le passé.",
		"en": "The date cannot be in the past.",
		"ar": "لا يمكن أن يكون التاريخ في الماضي.",
	},
	"time_invalid": {
		"fr": "Choisissez l'un des créneaux proposés.",
		"en": "Choose one of the offered time slots.",
		"ar": "اختر أحد المواعيد المقترحة.",
	},
	"date_time_pair": {
		"fr": "Choisissez une date et une heure.",
		"en": "Choose both a date and a time.",
		"ar": "اختر التاريخ والوقت معًا.",
	},
	"idempotency_key_invalid": {
		"fr": "Clé d'idempotence invalide.",
		"en": "Invalid idempotency key.",
		"ar": "مفتاح التكرار غير صالح.",
	},
	"idempotency_key_reused": {
		"fr": "Cette clé d'idempotence a déjà servi à une autre demande de rendez-vous. Envoyez la vôtre avec une nouvelle clé.",
		"en": "This idempotency key was already used for another booking request. Send yours with a new key.",
		"ar": "سبق استخدام مفتاح التكرار هذا لطلب موعد آخر. أرسل طلبك بمفتاح جديد.",
	},
	"newsletter_email_required": {
		"fr": "Veuillez saisir une adresse e-mail",
		"en": "Please enter an email address",
		"ar": "يرجى إدخال عنوان بريد إلكتروني",
	},
	"already_subscribed": {
		"fr": "Cet e-mail est déjà inscrit",
		"en": "This email is already subscribed",
		"ar": "هذا البريد الإلكتروني مشترك بالفعل",
	},
	"slot_taken": {
		"fr": "Ce créneau vient d'être réservé. Voici les créneaux libres les plus proches.",
		"en": "This time slot has just been booked. Here are the nearest free slots.",
		"ar": "تم حجز هذا الموعد للتو. إليك أقرب المواعيد المتاحة.",
	},
	"slot_closed_closed_day": {
		"fr": "Nous sommes fermés ce jour-là (ouvert du dimanche au jeudi, 9h-17h).",
		"en": "We are closed that day (open Sunday to Thursday, 9:00-17:00).",
		"ar": "نحن مغلقون في ذلك اليوم (نعمل من الأحد إلى الخميس، 9:00-17:00).",
	},
	"slot_closed_past": {
		"fr": "Ce créneau est déjà passé.",
		"en": "This time slot has already passed.",
		"ar": "لقد مضى هذا الموعد بالفعل.",
	},
	"slot_closed_not_a_slot": {
		"fr": "Cette heure ne fait pas partie de nos créneaux (9h-12h et 14h-17h).",
		"en": "This time is not one of our slots (9:00-12:00 and 14:00-17:00).",
		"ar": "هذا الوقت ليس من مواعيدنا (9:00-12:00 و14:00-17:00).",
	},
	"slots_refused": {
		"fr": "Aucun rendez-vous n'a été modifié : certains ne peuvent pas reprendre leur créneau (complet, fermé ou passé).",
		"en": "No appointment was changed: some cannot take their slot back (full, closed or past).",
		"ar": "لم يتم تعديل أي موعد: بعض المواعيد لا يمكنها استعادة وقتها (ممتلئ أو مغلق أو منقضٍ).",
	},
	"slot_closed_beyond_horizon": {
		"fr": "Nous prenons les rendez-vous jusqu'à {days} jours à l'avance seulement. Choisissez une date plus proche.",
		"en": "We take bookings only up to {days} days ahead. Please choose an earlier date.",
		"ar": "نقبل الحجوزات حتى {days} يومًا مقدمًا فقط. يرجى اختيار تاريخ أقرب.",
	},
	"horizon_invalid": {
		"fr": "Indiquez un nombre de jours entre 1 et 730.",
		"en": "Enter a number of days between 1 and 730.",
		"ar": "أدخل عدد أيام بين 1 و730.",
	},
	"appointment": {
		"fr": "Rendez-vous",
		"en": "Appointment",
		"ar": "موعد",
	},
	"too_late": {
		"fr": "Ce rendez-vous est trop proche pour être modifié en ligne ({hours} h avant au plus tard). Appelez-nous au {phone} ou écrivez à {email}.",
		"en": "This appointment is too close to be changed online (at the latest {hours} h before). Call us on {phone} or write to {email}.",
		"ar": "هذا الموعد قريب جدًا ولا يمكن تعديله عبر الإنترنت (قبل {hours} ساعة على الأقل). اتصلوا بنا على {phone} أو راسلونا على {email}.",
	},
	"already_cancelled": {
		"fr": "Ce rendez-vous est déjà annulé.",
		"en": "This appointment is already cancelled.",
		"ar": "هذا الموعد ملغى بالفعل.",
	},
	"minutes_invalid": {
		"fr": "Indiquez un nombre de minutes entre 0 et 10080 (une semaine).",
		"en": "Enter a number of minutes between 0 and 10080 (one week).",
		"ar": "أدخل عدد دقائق بين 0 و10080 (أسبوع واحد).",
	},
	"seconds_invalid": {
		"fr": "Indiquez un nombre de secondes entre 10 et 3600 (une heure).",
		"en": "Enter a number of seconds between 10 and 3600 (one hour).",
		"ar": "أدخل عدد ثوانٍ بين 10 و3600 (ساعة واحدة).",
	},
	"hold_invalid": {
		"fr": "Indiquez un nombre de minutes entre 5 et 1440 (un jour).",
		"en": "Enter a number of minutes between 5 and 1440 (one day).",
		"ar": "أدخل عدد دقائق بين 5 و1440 (يوم واحد).",
	},
	"retention_invalid": {
		"fr": "Indiquez un nombre de jours entre 7 et 3650.",
		"en": "Enter a number of days between 7 and 3650.",
		"ar": "أدخل عدد أيام بين 7 و3650.",
	},
	"erase_confirm": {
		"fr": "Pour confirmer, saisissez le nom de la personne tel qu'il est affiché.",
		"en": "To confirm, type the person's name as it is shown.",
		"ar": "للتأكيد، اكتب اسم الشخص كما هو معروض.",
	},
	"erase_upcoming": {
		"fr": "Cette personne a encore des rendez-vous à venir : annulez-les dans la même action pour effacer ses données.",
		"en": "This person still has appointments ahead: cancel them in the same action to erase their data.",
		"ar": "لدى هذا الشخص مواعيد قادمة: ألغها في الإجراء نفسه لمحو بياناته.",
	},
	"slot_free": {
		"fr": "Ce créneau est libre : réservez-le directement.",
		"en": "This slot is free: book it directly.",
		"ar": "هذا الموعد متاح: احجزوه مباشرة.",
	},
	"offer_gone": {
		"fr": "Cette proposition n'est plus valable : le délai est passé ou le créneau a été pris.",
		"en": "This offer is no longer open: its time ran out or the slot was taken.",
		"ar": "هذا العرض لم يعد متاحًا: انتهت مهلته أو حُجز الموعد.",
	},
	"invalid_option": {
		"fr": "Cette valeur ne fait pas partie des choix proposés.",
		"en": "This value is not one of the offered choices.",
		"ar": "هذه القيمة ليست من الخيارات المتاحة.",
	},
	"not_found": {
		"fr": "Introuvable.",
		"en": "Not found.",
		"ar": "غير موجود.",
	},
	"unknown_service": {
		"fr": "Service description not available.",
		"en": "Service description not available.",
		"ar": "Service description not available.",
	},
}

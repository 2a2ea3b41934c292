package api

import "github.com/dota-agency/dota/booking"

// text returns an HTTP-level message in lang, falling back to the booking catalogue.
func text(lang, key string) string {
	if m, ok := messages[key]; ok {
		if t, ok := m[lang]; ok {
			return t
		}
		return m[booking.DefaultLanguage]
	}
	return booking.Text(lang, key)
}

var messages = map[string]map[string]string{
	"internal": {
		"fr": "Une erreur interne est survenue. Veuillez réessayer.",
		"en": "An internal error occurred. Please try again.",
		"ar": "حدث خطأ داخلي. يرجى المحاولة مرة أخرى.",
	},
	"unavailable": {
		"fr": "Le service est momentanément indisponible. Veuillez réessayer dans un instant.",
		"en": "The service is temporarily unavailable. Please try again in a moment.",
		"ar": "الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل.",
	},
	"maintenance": {
		"fr": "Le site est en maintenance. Veuillez réessayer plus tard.",
		"en": "The site is under maintenance. Please try again later.",
		"ar": "الموقع قيد الصيانة. يرجى المحاولة لاحقًا.",
	},
	"too_large": {
		"fr": "La requête est trop volumineuse.",
		"en": "The request is too large.",
		"ar": "الطلب كبير جدًا.",
	},
	"rate_limited": {
		"fr": "Trop de requêtes. Veuillez patienter avant de réessayer.",
		"en": "Too many requests. Please wait before trying again.",
		"ar": "طلبات كثيرة جدًا. يرجى الانتظار قبل المحاولة مرة أخرى.",
	},
	"form_rate_limited": {
		"fr": "Trop de demandes ont été envoyées depuis votre connexion ou pour ces coordonnées. Veuillez réessayer dans {minutes} min.",
		"en": "Too many requests were sent from your connection or for these contact details. Please try again in {minutes} min.",
		"ar": "تم إرسال طلبات كثيرة جدًا من اتصالك أو لبيانات الاتصال هذه. يرجى المحاولة مرة أخرى بعد {minutes} دقيقة.",
	},
	"challenge_required": {
		"fr": "Une courte vérification anti-robot est nécessaire : votre navigateur la fait, puis renvoie le formulaire.",
		"en": "A short anti-robot check is needed: your browser runs it, then sends the form again.",
		"ar": "يلزم تحقق قصير ضد الروبوتات: يقوم به متصفحك ثم يعيد إرسال النموذج.",
	},
	"form_refused": {
		"fr": "Votre demande n'a pas pu être envoyée. Veuillez nous appeler ou écrire à Dota.",
		"en": "Your request could not be sent. Please call us or write to Dota.",
		"ar": "تعذر إرسال طلبك. يرجى الاتصال بنا أو الكتابة إلى دوتا.",
	},
	"not_found": {
		"fr": "Ressource introuvable.",
		"en": "Resource not found.",
		"ar": "المورد غير موجود.",
	},
	"conflict": {
		"fr": "Cette action est en conflit avec l'état actuel.",
		"en": "This action conflicts with the current state.",
		"ar": "هذا الإجراء يتعارض مع الحالة الحالية.",
	},
	"chat_busy": {
		"fr": "Dota répond encore à votre message précédent. Veuillez patienter un instant.",
		"en": "Dota is still answering your previous message. Please wait a moment.",
		"ar": "لا يزال دوتا يرد على رسالتك السابقة. يرجى الانتظار قليلًا.",
	},
	"bad_json": {
		"fr": "Le corps de la requête n'est pas un JSON valide.",
		"en": "The request body is not valid JSON.",
		"ar": "محتوى الطلب ليس JSON صالحًا.",
	},
	"not_json": {
		"fr": "Le corps de la requête doit être envoyé en JSON (Content-Type: application/json).",
		"en": "The request body must be sent as JSON (Content-Type: application/json).",
		"ar": "يجب إرسال محتوى الطلب بصيغة JSON (Content-Type: application/json).",
	},
	"body_timeout": {
		"fr": "Le corps de la requête est arrivé trop lentement.",
		"en": "The request body arrived too slowly.",
		"ar": "وصل محتوى الطلب ببطء شديد.",
	},
	"bad_type": {
		"fr": "Type de valeur invalide.",
		"en": "Invalid value type.",
		"ar": "نوع القيمة غير صالح.",
	},
	"bad_query": {
		"fr": "Paramètre invalide.",
		"en": "Invalid parameter.",
		"ar": "معلمة غير صالحة.",
	},
}

package chatbot

import (
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
)

// text returns Dota's message code in lang with its {placeholders} filled from pairs of
// name and value. Validation messages come from the booking catalogue, as the form's do.
func text(lang, code string, args ...string) string {
	var s string
	if m, ok := catalogue[code]; ok {
		if s, ok = m[lang]; !ok {
			s = m[booking.DefaultLanguage]
		}
	} else {
		s = booking.Text(lang, code)
	}
	return fill(s, args)
}

// fill replaces each {name} of s by its value: args, pairs of name and value, then the
// agency's contact placeholders ({email} is the visitor's address where args give one). Unknown names stay as they are; values are not scanned again. It
// replaces a strings.Replacer built on every call, which was a fifth of a chat turn's
// allocations.
func fill(s string, args []string) string {
	if strings.IndexByte(s, '{') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 32)
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		name := s[i+1 : i+j]
		if v, ok := placeholder(name, args); ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

func placeholder(name string, args []string) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1], true
		}
	}
	switch name {
	case "email":
		return ContactEmail, true
	case "phone":
		return ContactPhone1, true
	case "phone2":
		return ContactPhone2, true
	case "form":
		return FormPath, true
	}
	return "", false
}

var weekdays = map[string][7]string{
	"fr": {"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
	"en": {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
	"ar": {"الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"},
}

var months = map[string][12]string{
	"fr": {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"ar": {"يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"},
}

// formatDay writes a YYYY-MM-DD date in words: "dimanche 29 novembre 2026".
func formatDay(lang, date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return weekdays[lang][d.Weekday()] + " " + strconv.Itoa(d.Day()) + " " + months[lang][d.Month()-1] + " " + strconv.Itoa(d.Year())
}

// shortDay writes a date for a quick reply: "dim. 29/11".
func shortDay(lang, date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	name := []rune(weekdays[lang][d.Weekday()])
	if lang != "ar" {
		name = append(name[:3], '.')
	}
	return string(name) + " " + d.Format("02/01")
}

// formatWhen writes a slot in words.
func formatWhen(lang, date, hhmm string) string {
	return text(lang, "when", "day", formatDay(lang, date), "time", hhmm)
}

// catalogue holds every text Dota says, in French, English and Arabic.
var catalogue = map[string]map[string]string{
	"greeting": {
		"fr": "Bonjour ! Je suis Dota, l'assistant de l'agence. Je peux vous présenter nos services, nos tarifs, nos délais et nos réalisations, ou vous aider à prendre rendez-vous. Souhaitez-vous prendre rendez-vous ?",
		"en": "Hello! I'm Dota, the agency's assistant. I can tell you about our services, prices, timelines and past work, or help you book an appointment. Would you like to book an appointment?",
		"ar": "مرحبًا! أنا دوتا، مساعد الوكالة. يمكنني أن أعرّفك بخدماتنا وأسعارنا ومدة الإنجاز وأعمالنا، أو أساعدك في حجز موعد. هل تريد حجز موعد؟",
	},
	"default_prompt": {
		"fr": "Je n'ai pas reçu de message. Posez-moi une question sur nos services, ou écrivez « rendez-vous » pour réserver un créneau.",
		"en": "I didn't receive a message. Ask me about our services, or type \"appointment\" to book a slot.",
		"ar": "لم أتلقَّ أي رسالة. اسألني عن خدماتنا، أو اكتب «موعد» لحجز موعد.",
	},
	"offer": {
		"fr": "Souhaitez-vous prendre rendez-vous avec notre équipe ?",
		"en": "Would you like to book an appointment with our team?",
		"ar": "هل تريد حجز موعد مع فريقنا؟",
	},
	"start_flow": {
		"fr": "Parfait, prenons rendez-vous ! Quelques informations d'abord. Quel est votre nom complet ?",
		"en": "Great, let's book an appointment! A few details first. What is your full name?",
		"ar": "ممتاز، لنحجز موعدًا! بعض المعلومات أولًا. ما اسمك الكامل؟",
	},
	"ask_name": {
		"fr": "Quel est votre nom complet ?",
		"en": "What is your full name?",
		"ar": "ما اسمك الكامل؟",
	},
	"ask_email": {
		"fr": "Quelle est votre adresse e-mail ?",
		"en": "What is your email address?",
		"ar": "ما هو بريدك الإلكتروني؟",
	},
	"nice_to_meet": {
		"fr": "Enchanté, {name} !",
		"en": "Nice to meet you, {name}!",
		"ar": "تشرفنا، {name}!",
	},
	"corrected": {
		"fr": "C'est corrigé.",
		"en": "Updated.",
		"ar": "تم التصحيح.",
	},
	"ask_phone": {
		"fr": "Quel est votre numéro de téléphone ?",
		"en": "What is your phone number?",
		"ar": "ما هو رقم هاتفك؟",
	},
	"ask_company": {
		"fr": "Quel est le nom de votre entreprise ? (facultatif, répondez « passer » si vous n'en avez pas)",
		"en": "What is your company's name? (optional, reply \"skip\" if you have none)",
		"ar": "ما اسم شركتك؟ (اختياري، اكتب «تخطي» إن لم تكن لديك شركة)",
	},
	"ask_service": {
		"fr": "Quel service vous intéresse ? {list}",
		"en": "Which service are you interested in? {list}",
		"ar": "ما الخدمة التي تهمك؟ {list}",
	},
	"ask_date": {
		"fr": "Quel jour vous conviendrait ? Nous recevons du dimanche au jeudi (par exemple : demain, lundi prochain, 25/12/2026).",
		"en": "Which day suits you? We meet Sunday to Thursday (for example: tomorrow, next Monday, 25/12/2026).",
		"ar": "أي يوم يناسبك؟ نستقبل من الأحد إلى الخميس (مثلًا: غدًا، الاثنين القادم، 25/12/2026).",
	},
	"ask_time": {
		"fr": "À quelle heure le {day} ? Créneaux libres : {slots}.",
		"en": "At what time on {day}? Free slots: {slots}.",
		"ar": "في أي ساعة يوم {day}؟ المواعيد المتاحة: {slots}.",
	},
	"when": {
		"fr": "{day} à {time}",
		"en": "{day} at {time}",
		"ar": "{day} على الساعة {time}",
	},
	"summary": {
		"fr": "Voici le récapitulatif :\nNom : {name}\nE-mail : {email_value}\nTéléphone : {phone_value}\nEntreprise : {company}\nService : {service}\nRendez-vous : {when}\nJe confirme ce rendez-vous ?",
		"en": "Here is the summary:\nName: {name}\nEmail: {email_value}\nPhone: {phone_value}\nCompany: {company}\nService: {service}\nAppointment: {when}\nShall I confirm this appointment?",
		"ar": "إليك الملخص:\nالاسم: {name}\nالبريد الإلكتروني: {email_value}\nالهاتف: {phone_value}\nالشركة: {company}\nالخدمة: {service}\nالموعد: {when}\nهل أؤكد هذا الموعد؟",
	},
	"none": {"fr": "—", "en": "—", "ar": "—"},
	"booked": {
		"fr": "C'est noté ! Votre demande de rendez-vous pour le {when} est enregistrée et en attente de confirmation par notre équipe. Avez-vous une autre question ?",
		"en": "Done! Your appointment request for {when} is saved and awaiting confirmation by our team. Anything else I can help with?",
		"ar": "تم! طلب موعدك يوم {when} مسجَّل وفي انتظار تأكيد فريقنا. هل لديك سؤال آخر؟",
	},
	"booked_mail": {
		"fr": "C'est noté ! Votre demande de rendez-vous pour le {when} est enregistrée et en attente de confirmation par notre équipe. Un e-mail de confirmation part à l'instant vers {email}, avec un lien pour déplacer ou annuler le rendez-vous. Avez-vous une autre question ?",
		"en": "Done! Your appointment request for {when} is saved and awaiting confirmation by our team. A confirmation email is on its way to {email}, with a link to move or cancel the appointment. Anything else I can help with?",
		"ar": "تم! طلب موعدك يوم {when} مسجَّل وفي انتظار تأكيد فريقنا. رسالة تأكيد في طريقها الآن إلى {email}، مع رابط لتغيير الموعد أو إلغائه. هل لديك سؤال آخر؟",
	},
	"book_failed": {
		"fr": "Désolé, je n'ai pas pu enregistrer votre rendez-vous : rien n'a été réservé. Vous pouvez réessayer (répondez « oui »), utiliser le formulaire {form} ou nous appeler au {phone}.",
		"en": "Sorry, I could not save your appointment: nothing has been booked. You can try again (reply \"yes\"), use the form at {form} or call us on {phone}.",
		"ar": "عذرًا، لم أتمكن من تسجيل موعدك: لم يتم حجز أي شيء. يمكنك إعادة المحاولة (أجب «نعم»)، أو استخدام النموذج {form}، أو الاتصال بنا على {phone}.",
	},
	"book_unknown": {
		"fr": "Désolé, je n'arrive pas à confirmer si votre rendez-vous a été enregistré. Répondez « oui » dans un instant pour vérifier : s'il l'a été, il ne sera pas réservé deux fois. Vous pouvez aussi nous appeler au {phone}.",
		"en": "Sorry, I cannot confirm whether your appointment was saved. Reply \"yes\" in a moment to check: if it was, it will not be booked twice. You can also call us on {phone}.",
		"ar": "عذرًا، لا أستطيع التأكد مما إذا كان موعدك قد سُجّل. أجب «نعم» بعد لحظة للتحقق: إن كان قد سُجّل فلن يُحجز مرتين. يمكنك أيضًا الاتصال بنا على {phone}.",
	},
	"what_change": {
		"fr": "D'accord. Que souhaitez-vous modifier ?",
		"en": "All right. What would you like to change?",
		"ar": "حسنًا. ما الذي تريد تعديله؟",
	},
	"what_change_unknown": {
		"fr": "Je n'ai pas reconnu ce que vous souhaitez modifier. Que souhaitez-vous modifier ? Choisissez ci-dessous, ou répondez « rien » pour revenir au récapitulatif.",
		"en": "I didn't recognise what you'd like to change. What would you like to change? Pick below, or reply \"nothing\" to go back to the summary.",
		"ar": "لم أتعرّف على ما تريد تعديله. ما الذي تريد تعديله؟ اختر من الأسفل، أو أجب «لا شيء» للعودة إلى الملخص.",
	},
	"confirm_again": {
		"fr": "Répondez « oui » pour confirmer, « non » pour modifier, ou « annuler ».",
		"en": "Reply \"yes\" to confirm, \"no\" to change something, or \"cancel\".",
		"ar": "أجب «نعم» للتأكيد، أو «لا» للتعديل، أو «إلغاء».",
	},
	"too_many_failures": {
		"fr": "Je n'arrive pas à valider cette information. Voulez-vous parler à un membre de l'équipe ? Vous pouvez aussi utiliser notre formulaire de rendez-vous ({form}), nous appeler au {phone} (9h-17h, du dimanche au jeudi) ou réessayer ici.",
		"en": "I can't seem to validate this information. Would you like to talk to a member of the team? You can also use our appointment form ({form}), call us on {phone} (9:00-17:00, Sunday to Thursday) or try again here.",
		"ar": "لم أتمكن من التحقق من هذه المعلومة. هل تريد التحدث مع أحد أعضاء الفريق؟ يمكنك أيضًا استخدام نموذج حجز المواعيد ({form})، أو الاتصال بنا على {phone} (9:00-17:00، من الأحد إلى الخميس)، أو المحاولة مجددًا هنا.",
	},
	"cancelled": {
		"fr": "D'accord, j'ai annulé la prise de rendez-vous. Je reste disponible pour vos questions.",
		"en": "All right, I've cancelled the booking. I'm still here for your questions.",
		"ar": "حسنًا، ألغيت حجز الموعد. أنا هنا للإجابة عن أسئلتك.",
	},
	"restarted": {
		"fr": "On recommence depuis le début. Quel est votre nom complet ?",
		"en": "Let's start over. What is your full name?",
		"ar": "لنبدأ من جديد. ما اسمك الكامل؟",
	},
	"declined": {
		"fr": "Pas de problème ! Posez-moi vos questions sur nos services, nos tarifs ou nos délais.",
		"en": "No problem! Ask me anything about our services, prices or timelines.",
		"ar": "لا مشكلة! اسألني عن خدماتنا أو أسعارنا أو مدة الإنجاز.",
	},
	"welcome": {
		"fr": "Avec plaisir ! Puis-je vous aider pour autre chose ?",
		"en": "You're welcome! Can I help with anything else?",
		"ar": "على الرحب والسعة! هل يمكنني مساعدتك في شيء آخر؟",
	},
	"listening": {
		"fr": "Je vous écoute ! Posez-moi votre question, ou choisissez un sujet ci-dessous.",
		"en": "I'm listening! Ask me your question, or pick a topic below.",
		"ar": "أنا أستمع إليك! اطرح سؤالك، أو اختر موضوعًا أدناه.",
	},
	"goodbye": {
		"fr": "Merci de votre visite, à bientôt ! Je reste là si vous avez besoin de moi.",
		"en": "Thank you for visiting, see you soon! I'm here if you need me.",
		"ar": "شكرًا لزيارتك، إلى اللقاء! أنا هنا إن احتجت إليّ.",
	},
	"hello": {
		"fr": "Bonjour ! Comment puis-je vous aider ? Je peux vous renseigner sur nos services ou vous aider à prendre rendez-vous.",
		"en": "Hello! How can I help? I can tell you about our services or help you book an appointment.",
		"ar": "مرحبًا! كيف يمكنني مساعدتك؟ يمكنني إخبارك عن خدماتنا أو مساعدتك في حجز موعد.",
	},
	"service_unknown": {
		"fr": "Service non reconnu. Choisissez parmi : {list}.",
		"en": "Service not recognised. Choose from: {list}.",
		"ar": "الخدمة غير معروفة. اختر من بين: {list}.",
	},
	"date_unknown": {
		"fr": "Je n'ai pas compris la date. Vous pouvez écrire par exemple : demain, lundi prochain, 25/12/2026.",
		"en": "I didn't understand the date. You can write for example: tomorrow, next Monday, 25/12/2026.",
		"ar": "لم أفهم التاريخ. يمكنك الكتابة مثلًا: غدًا، الاثنين القادم، 25/12/2026.",
	},
	"time_unknown": {
		"fr": "Je n'ai pas compris l'heure. Nos créneaux : 9h-12h et 14h-17h.",
		"en": "I didn't understand the time. Our slots: 9:00-12:00 and 14:00-17:00.",
		"ar": "لم أفهم الوقت. مواعيدنا: 9:00-12:00 و14:00-17:00.",
	},
	"day_full": {
		"fr": "Il n'y a plus de créneau libre le {day}.",
		"en": "There are no free slots left on {day}.",
		"ar": "لم يعد هناك موعد متاح يوم {day}.",
	},
	"nearest": {
		"fr": "Voici les créneaux libres les plus proches : {slots}.",
		"en": "Here are the nearest free slots: {slots}.",
		"ar": "إليك أقرب المواعيد المتاحة: {slots}.",
	},
	"no_slots": {
		"fr": "Je ne trouve aucun créneau libre dans les trois prochaines semaines. Appelez-nous au {phone} pour convenir d'un rendez-vous.",
		"en": "I can't find any free slot in the next three weeks. Call us on {phone} to arrange a meeting.",
		"ar": "لا أجد أي موعد متاح خلال الأسابيع الثلاثة القادمة. اتصل بنا على {phone} لتحديد موعد.",
	},
	"answer_services": {
		"fr": "Nous proposons : {list}. Lequel vous intéresse ?",
		"en": "We offer: {list}. Which one interests you?",
		"ar": "نقدّم: {list}. أيها يهمك؟",
	},
	"answer_service": {
		"fr": "{name} : {description}",
		"en": "{name}: {description}",
		"ar": "{name}: {description}",
	},
	"answer_prices": {
		"fr": "Nos prix vont de 5 000 à 50 000 DZD selon le projet. Décrivez-nous votre besoin et nous vous envoyons un devis sous 24 h.",
		"en": "Our prices range from 5,000 to 50,000 DZD depending on the project. Tell us what you need and we'll send you a quote within 24 hours.",
		"ar": "تتراوح أسعارنا بين 5000 و50000 دينار جزائري حسب المشروع. أخبرنا بحاجتك وسنرسل لك عرض سعر خلال 24 ساعة.",
	},
	"answer_contact": {
		"fr": "Vous pouvez nous écrire à {email} (réponse sous 24 h) ou nous appeler au {phone} ou au {phone2} (9h-17h, du dimanche au jeudi).",
		"en": "You can email us at {email} (answered within 24 hours) or call {phone} or {phone2} (9:00-17:00, Sunday to Thursday).",
		"ar": "يمكنك مراسلتنا على {email} (نرد خلال 24 ساعة) أو الاتصال على {phone} أو {phone2} (9:00-17:00، من الأحد إلى الخميس).",
	},
	"answer_address": {
		"fr": "Notre bureau se trouve à Alger. Nous vous recevons sur rendez-vous, du dimanche au jeudi de 9h à 17h.",
		"en": "Our office is in Algiers. We welcome you by appointment, Sunday to Thursday from 9:00 to 17:00.",
		"ar": "مكتبنا في الجزائر العاصمة. نستقبلك بموعد مسبق، من الأحد إلى الخميس من 9:00 إلى 17:00.",
	},
	"own_cancel": {
		"fr": "Pour annuler votre rendez-vous, ouvrez le lien « Gérer mon rendez-vous » de l'e-mail de confirmation : l'annulation y est immédiate. Pas d'e-mail ? Appelez-nous au {phone} (du dimanche au jeudi, 9h-17h) ou écrivez à {email}.",
		"en": "To cancel your appointment, open the \"Manage my appointment\" link in your confirmation email: the cancellation is immediate. No email? Call us on {phone} (Sunday to Thursday, 9:00-17:00) or write to {email}.",
		"ar": "لإلغاء موعدك، افتح رابط «إدارة موعدي» في رسالة التأكيد: يتم الإلغاء فورًا. لم تصلك رسالة؟ اتصل بنا على {phone} (من الأحد إلى الخميس، 9:00-17:00) أو راسلنا على {email}.",
	},
	"own_move": {
		"fr": "Pour déplacer votre rendez-vous, ouvrez le lien « Gérer mon rendez-vous » de l'e-mail de confirmation et choisissez un autre créneau libre. Pas d'e-mail ? Appelez-nous au {phone} (du dimanche au jeudi, 9h-17h) ou écrivez à {email}.",
		"en": "To move your appointment, open the \"Manage my appointment\" link in your confirmation email and pick another free slot. No email? Call us on {phone} (Sunday to Thursday, 9:00-17:00) or write to {email}.",
		"ar": "لتغيير موعدك، افتح رابط «إدارة موعدي» في رسالة التأكيد واختر موعدًا آخر متاحًا. لم تصلك رسالة؟ اتصل بنا على {phone} (من الأحد إلى الخميس، 9:00-17:00) أو راسلنا على {email}.",
	},
	"handoff_waiting": {
		"fr": "Je vous mets en relation avec un membre de l'équipe : il vous répondra ici même, d'habitude en moins de {wait}. Vous pouvez déjà lui écrire votre question.",
		"en": "I'm putting you through to a member of the team: they will answer right here, usually within {wait}. You can already write your question.",
		"ar": "سأحوّلك إلى أحد أعضاء الفريق: سيجيبك هنا مباشرة، عادةً في أقل من {wait}. يمكنك كتابة سؤالك الآن.",
	},
	"handoff_closed": {
		"fr": "Notre équipe est absente pour le moment : elle sera de retour {when}. Laissez-moi vos coordonnées et elle vous recontactera, ou prenez rendez-vous dès maintenant.",
		"en": "Our team is away right now: they will be back {when}. Leave me your contact details and they will get back to you, or book an appointment now.",
		"ar": "فريقنا غير متاح حاليًا: سيعود {when}. اترك لي بياناتك وسيتواصل معك، أو احجز موعدًا الآن.",
	},
	"handoff_joined": {
		"fr": "{agent}, de l'équipe, a rejoint la conversation.",
		"en": "{agent} from the team has joined the conversation.",
		"ar": "انضم {agent} من الفريق إلى المحادثة.",
	},
	"handoff_timeout": {
		"fr": "Désolé, personne de l'équipe n'est disponible pour le moment. Je reprends la conversation : posez-moi votre question, ou écrivez-nous à {email} ou appelez le {phone}.",
		"en": "Sorry, nobody from the team is free right now. I'm taking the conversation back: ask me your question, or write to {email} or call {phone}.",
		"ar": "عذرًا، لا أحد من الفريق متاح حاليًا. سأواصل المحادثة: اطرح عليّ سؤالك، أو راسلنا على {email} أو اتصل على {phone}.",
	},
	"waitlist_ask": {
		"fr": "Ce créneau du {when} est complet. Voulez-vous rejoindre sa liste d'attente ? S'il se libère, je vous le réserve un moment et vous préviens ici et par e-mail ({address}).",
		"en": "The slot on {when} is full. Would you like to join its waitlist? If it frees up, I'll hold it for you for a while and let you know here and by email ({address}).",
		"ar": "موعد {when} محجوز بالكامل. هل تريد الانضمام إلى قائمة انتظاره؟ إن أصبح متاحًا سأحجزه لك لفترة وأُعلمك هنا وعبر البريد الإلكتروني ({address}).",
	},
	"waitlist_joined": {
		"fr": "C'est fait : vous êtes n° {position} sur la liste d'attente du {when}. S'il se libère, vous recevrez l'offre à {address}.",
		"en": "Done: you are number {position} on the waitlist for {when}. If it frees up, the offer will reach you at {address}.",
		"ar": "تم: أنت رقم {position} في قائمة انتظار موعد {when}. إن أصبح متاحًا سيصلك العرض على {address}.",
	},
	"waitlist_not_joined": {
		"fr": "Entendu, pas de liste d'attente.",
		"en": "All right, no waitlist.",
		"ar": "حسنًا، بدون قائمة انتظار.",
	},
	"waitlist_free_now": {
		"fr": "Bonne nouvelle : une place vient de se libérer sur ce créneau, il est à vous.",
		"en": "Good news: a place just freed up in that slot, it's yours to book.",
		"ar": "خبر سار: أصبح هذا الموعد متاحًا الآن، يمكنك حجزه.",
	},
	"waitlist_offer": {
		"fr": "Bonne nouvelle : le créneau du {when} s'est libéré. Je vous le garde jusqu'à {until}. Le prenez-vous ?",
		"en": "Good news: the slot on {when} has freed up. I'm holding it for you until {until}. Will you take it?",
		"ar": "خبر سار: أصبح موعد {when} متاحًا. سأحتفظ به لك حتى الساعة {until}. هل تريده؟",
	},
	"waitlist_declined": {
		"fr": "Entendu, je le propose à la personne suivante. Puis-je vous aider pour autre chose ?",
		"en": "All right, I'll offer it to the next person. Can I help you with anything else?",
		"ar": "حسنًا، سأعرضه على الشخص التالي. هل يمكنني مساعدتك في شيء آخر؟",
	},
	"handoff_released": {
		"fr": "C'est de nouveau Dota. Puis-je vous aider pour autre chose ?",
		"en": "Dota here again. Can I help you with anything else?",
		"ar": "معك دوتا من جديد. هل يمكنني مساعدتك في شيء آخر؟",
	},
	"callback_start": {
		"fr": "Très bien, l'équipe vous recontactera.",
		"en": "Very well, the team will get back to you.",
		"ar": "حسنًا، سيتواصل معك الفريق.",
	},
	"callback_done": {
		"fr": "Merci {name}, c'est noté : l'équipe vous recontactera dès son retour, {when}. Puis-je vous aider pour autre chose ?",
		"en": "Thank you {name}, noted: the team will get back to you as soon as they are back, {when}. Can I help you with anything else?",
		"ar": "شكرًا {name}، تم التسجيل: سيتواصل معك الفريق فور عودته، {when}. هل يمكنني مساعدتك في شيء آخر؟",
	},
	"minutes":       {"fr": "{n} min", "en": "{n} min", "ar": "{n} دقيقة"},
	"soon":          {"fr": "le prochain jour ouvré", "en": "on the next working day", "ar": "في يوم العمل القادم"},
	"back_today":    {"fr": "aujourd'hui à {time}", "en": "today at {time}", "ar": "اليوم على الساعة {time}"},
	"back_tomorrow": {"fr": "demain à {time}", "en": "tomorrow at {time}", "ar": "غدًا على الساعة {time}"},
	"back_on":       {"fr": "le {when}", "en": "on {when}", "ar": "يوم {when}"},
	"staff_held": {
		"fr": "{agent} s'occupe déjà de cette conversation.",
		"en": "{agent} is already handling this conversation.",
		"ar": "{agent} يتولى هذه المحادثة بالفعل.",
	},
	"staff_take_first": {
		"fr": "Prenez d'abord la conversation en charge.",
		"en": "Take the conversation first.",
		"ar": "تولَّ المحادثة أولًا.",
	},
	"staff_visitor_gone": {
		"fr": "Le visiteur a quitté la conversation : recontactez-le par e-mail ou par téléphone.",
		"en": "The visitor has left the conversation: contact them by email or phone.",
		"ar": "غادر الزائر المحادثة: تواصل معه عبر البريد الإلكتروني أو الهاتف.",
	},
	"bot": {
		"fr": "Oui, je suis Dota, l'assistant automatique de l'agence. Pour parler à une personne, appelez le {phone} ou écrivez à {email}.",
		"en": "Yes, I'm Dota, the agency's automated assistant. To talk to a person, call {phone} or write to {email}.",
		"ar": "نعم، أنا دوتا، المساعد الآلي للوكالة. للتحدث مع شخص، اتصل على {phone} أو راسلنا على {email}.",
	},
	"bye": {
		"fr": "Au revoir et à bientôt !",
		"en": "Goodbye, see you soon!",
		"ar": "مع السلامة، إلى اللقاء!",
	},
	"day_open": {
		"fr": "Oui, nous travaillons le {day}, de 9h à 12h et de 14h à 17h.",
		"en": "Yes, we work on {day}, from 9:00 to 12:00 and 14:00 to 17:00.",
		"ar": "نعم، نعمل يوم {day}، من 9:00 إلى 12:00 ومن 14:00 إلى 17:00.",
	},
	"day_closed": {
		"fr": "Non, nous sommes fermés le {day}. Nous travaillons du dimanche au jeudi, de 9h à 17h.",
		"en": "No, we are closed on {day}. We work Sunday to Thursday, 9:00 to 17:00.",
		"ar": "لا، نحن مغلقون يوم {day}. نعمل من الأحد إلى الخميس، من 9:00 إلى 17:00.",
	},
	"closing_time": {
		"fr": "Nous fermons à 17h, du dimanche au jeudi (fermé le vendredi et le samedi).",
		"en": "We close at 17:00, Sunday to Thursday (closed on Friday and Saturday).",
		"ar": "نغلق في الساعة 17:00، من الأحد إلى الخميس (مغلق يومي الجمعة والسبت).",
	},
	"understood": {
		"fr": "C'est noté : {list}.",
		"en": "Noted: {list}.",
		"ar": "تم التسجيل: {list}.",
	},
	"manage_start_move": {
		"fr": "Je peux déplacer votre rendez-vous.",
		"en": "I can move your appointment.",
		"ar": "يمكنني تغيير موعدك.",
	},
	"manage_start_cancel": {
		"fr": "Je peux annuler votre rendez-vous.",
		"en": "I can cancel your appointment.",
		"ar": "يمكنني إلغاء موعدك.",
	},
	"manage_ask_email": {
		"fr": "Pour le retrouver, quelle adresse e-mail avez-vous donnée en réservant ? Je vous y enverrai un code.",
		"en": "To find it, which email address did you give when booking? I'll send a code there.",
		"ar": "للعثور عليه، ما هو البريد الإلكتروني الذي قدمته عند الحجز؟ سأرسل إليه رمزًا.",
	},
	"manage_code_sent": {
		"fr": "Si {address} a un rendez-vous à venir chez nous, un code à 6 chiffres vient d'y partir (valable 10 minutes).",
		"en": "If {address} has an appointment ahead with us, a 6-digit code is on its way there (valid for 10 minutes).",
		"ar": "إذا كان لدى {address} موعد قادم معنا، فقد أُرسل إليه رمز من 6 أرقام (صالح لمدة 10 دقائق).",
	},
	"manage_ask_code": {
		"fr": "Quel est le code reçu par e-mail ?",
		"en": "What is the code you received by email?",
		"ar": "ما هو الرمز الذي وصلك عبر البريد الإلكتروني؟",
	},
	"manage_code_shape": {
		"fr": "Le code a 6 chiffres.",
		"en": "The code has 6 digits.",
		"ar": "الرمز مكوّن من 6 أرقام.",
	},
	"manage_code_wrong": {
		"fr": "Ce code ne correspond pas.",
		"en": "That code does not match.",
		"ar": "هذا الرمز غير صحيح.",
	},
	"manage_code_expired": {
		"fr": "Ce code n'est plus valable. Redonnez-moi votre adresse e-mail et je vous en envoie un autre.",
		"en": "That code is no longer valid. Give me your email address again and I'll send another.",
		"ar": "هذا الرمز لم يعد صالحًا. أعطني بريدك الإلكتروني مرة أخرى وسأرسل رمزًا آخر.",
	},
	"manage_too_many": {
		"fr": "Trop de codes ont été demandés pour cette adresse. Réessayez dans une heure, ou appelez-nous au {phone}.",
		"en": "Too many codes were asked for this address. Try again in an hour, or call us on {phone}.",
		"ar": "طُلبت رموز كثيرة لهذا العنوان. حاول بعد ساعة، أو اتصل بنا على {phone}.",
	},
	"manage_none": {
		"fr": "Je ne trouve aucun rendez-vous à venir pour cette adresse. Pour toute question, appelez-nous au {phone}.",
		"en": "I can't find any appointment ahead for this address. For any question, call us on {phone}.",
		"ar": "لا أجد أي موعد قادم لهذا العنوان. لأي استفسار، اتصل بنا على {phone}.",
	},
	"manage_no_slot": {
		"fr": "date à convenir",
		"en": "time to be agreed",
		"ar": "موعد يُتفق عليه",
	},
	"manage_pick": {
		"fr": "Voici vos rendez-vous à venir :\n{list}\nLequel ?",
		"en": "Here are your appointments ahead:\n{list}\nWhich one?",
		"ar": "هذه مواعيدك القادمة:\n{list}\nأيّها؟",
	},
	"manage_pick_unknown": {
		"fr": "Je n'ai pas reconnu lequel. Répondez par son numéro.",
		"en": "I didn't recognise which one. Reply with its number.",
		"ar": "لم أتعرف على الموعد المقصود. أجب برقمه.",
	},
	"manage_confirm_cancel": {
		"fr": "J'annule votre rendez-vous du {appointment} ?",
		"en": "Shall I cancel your appointment on {appointment}?",
		"ar": "هل ألغي موعدك يوم {appointment}؟",
	},
	"manage_cancelled": {
		"fr": "C'est fait : votre rendez-vous du {appointment} est annulé. Un e-mail vous le confirme.",
		"en": "Done: your appointment on {appointment} is cancelled. An email confirms it.",
		"ar": "تم: أُلغي موعدك يوم {appointment}. ستصلك رسالة تأكيد.",
	},
	"manage_kept": {
		"fr": "Très bien, votre rendez-vous est maintenu.",
		"en": "All right, your appointment stays as it is.",
		"ar": "حسنًا، موعدك باقٍ كما هو.",
	},
	"manage_ask_when": {
		"fr": "Votre rendez-vous du {appointment} : à quel jour et quelle heure le déplacer ?",
		"en": "Your appointment on {appointment}: to which day and hour shall I move it?",
		"ar": "موعدك يوم {appointment}: إلى أي يوم وساعة تريد نقله؟",
	},
	"manage_moved": {
		"fr": "C'est fait : votre rendez-vous est déplacé au {appointment}. Un e-mail vous le confirme.",
		"en": "Done: your appointment is moved to {appointment}. An email confirms it.",
		"ar": "تم: نُقل موعدك إلى {appointment}. ستصلك رسالة تأكيد.",
	},
	"answer_hours": {
		"fr": "Nous sommes ouverts du dimanche au jeudi, de 9h à 17h (créneaux 9h-12h et 14h-17h). Fermé le vendredi et le samedi.",
		"en": "We are open Sunday to Thursday, 9:00 to 17:00 (slots 9:00-12:00 and 14:00-17:00). Closed on Friday and Saturday.",
		"ar": "نعمل من الأحد إلى الخميس، من 9:00 إلى 17:00 (المواعيد 9:00-12:00 و14:00-17:00). مغلق يومي الجمعة والسبت.",
	},
	"answer_portfolio": {
		"fr": "Nous avons réalisé plus de 100 projets pour plus de 70 clients, par exemple : {list}. Découvrez-les dans la section Projets du site.",
		"en": "We have delivered more than 100 projects for more than 70 clients, for example: {list}. See them in the Projects section of the site.",
		"ar": "أنجزنا أكثر من 100 مشروع لأكثر من 70 عميلًا، مثل: {list}. اكتشفها في قسم المشاريع على الموقع.",
	},
	"answer_portfolio_empty": {
		"fr": "Nous avons réalisé plus de 100 projets pour plus de 70 clients. Découvrez-les dans la section Projets du site.",
		"en": "We have delivered more than 100 projects for more than 70 clients. See them in the Projects section of the site.",
		"ar": "أنجزنا أكثر من 100 مشروع لأكثر من 70 عميلًا. اكتشفها في قسم المشاريع على الموقع.",
	},
	"answer_delays": {
		"fr": "Un petit projet prend en général 2 à 4 semaines ; un projet plus important, plusieurs mois. Nous répondons à chaque demande en moins de 2 h.",
		"en": "A small project usually takes 2 to 4 weeks; a larger one, several months. We answer every request in under 2 hours.",
		"ar": "يستغرق المشروع الصغير عادةً من أسبوعين إلى 4 أسابيع، والمشروع الأكبر عدة أشهر. نرد على كل طلب في أقل من ساعتين.",
	},
	"answer_about": {
		"fr": "Nous sommes une agence digitale basée à Alger, avec plus de {years} ans d'expérience, plus de 100 projets et plus de 70 clients.",
		"en": "We are a digital agency based in Algiers, with {years}+ years of experience, 100+ projects and 70+ clients.",
		"ar": "نحن وكالة رقمية مقرها الجزائر العاصمة، بخبرة تزيد عن {years} سنوات، وأكثر من 100 مشروع و70 عميلًا.",
	},
	"answer_fallback": {
		"fr": "Je n'ai pas de réponse précise à cette question. Je peux vous renseigner sur nos services, tarifs, délais, horaires et réalisations, ou vous mettre en contact avec l'équipe : {email}, {phone}.",
		"en": "I don't have a precise answer to that. I can tell you about our services, prices, timelines, opening hours and past work, or put you in touch with the team: {email}, {phone}.",
		"ar": "ليست لدي إجابة دقيقة عن هذا السؤال. يمكنني إخبارك عن خدماتنا وأسعارنا ومدة الإنجاز وساعات العمل وأعمالنا، أو وضعك على تواصل مع الفريق: {email}، {phone}.",
	},
	"error": {
		"fr": "Désolé, une erreur s'est produite. Veuillez réessayer.",
		"en": "Sorry, I encountered an error. Please try again.",
		"ar": "عذرًا، حدث خطأ. يرجى المحاولة مرة أخرى.",
	},
	"qr_book":       {"fr": "Prendre rendez-vous", "en": "Book an appointment", "ar": "حجز موعد"},
	"qr_services":   {"fr": "Nos services", "en": "Our services", "ar": "خدماتنا"},
	"qr_prices":     {"fr": "Tarifs", "en": "Prices", "ar": "الأسعار"},
	"qr_contact":    {"fr": "Contact", "en": "Contact", "ar": "التواصل"},
	"qr_accept":     {"fr": "Je le prends", "en": "I'll take it", "ar": "أقبل الموعد"},
	"qr_decline":    {"fr": "Non merci", "en": "No, thanks", "ar": "لا، شكرًا"},
	"qr_yes":        {"fr": "Oui", "en": "Yes", "ar": "نعم"},
	"qr_no":         {"fr": "Non", "en": "No", "ar": "لا"},
	"qr_skip":       {"fr": "Passer", "en": "Skip", "ar": "تخطي"},
	"qr_cancel":     {"fr": "Annuler", "en": "Cancel", "ar": "إلغاء"},
	"qr_form":       {"fr": "Formulaire de rendez-vous", "en": "Appointment form", "ar": "نموذج الموعد"},
	"qr_person":     {"fr": "Parler à une personne", "en": "Talk to a person", "ar": "التحدث مع شخص"},
	"qr_callback":   {"fr": "Laisser mes coordonnées", "en": "Leave my details", "ar": "ترك بياناتي"},
	"field_name":    {"fr": "Nom", "en": "Name", "ar": "الاسم"},
	"field_email":   {"fr": "E-mail", "en": "Email", "ar": "البريد الإلكتروني"},
	"field_phone":   {"fr": "Téléphone", "en": "Phone", "ar": "الهاتف"},
	"field_company": {"fr": "Entreprise", "en": "Company", "ar": "الشركة"},
	"field_service": {"fr": "Service", "en": "Service", "ar": "الخدمة"},
	"field_date":    {"fr": "Date", "en": "Date", "ar": "التاريخ"},
	"field_time":    {"fr": "Heure", "en": "Time", "ar": "الساعة"},
	"change":        {"fr": "modifier", "en": "change", "ar": "تعديل"},
}

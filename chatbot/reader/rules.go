package reader

import (
	"strings"
	"sync"
	"sync/atomic"
)

// Words that carry the visitor's intent, in the three languages. They are matched on
// whole words after normalization, so "ai" never matches inside "training".
var (
	YesWords = NewMatcher("oui", "ouais", "ok", "okay", "oké", "oke", "okey", "d'accord", "dac", "bien sûr", "volontiers", "parfait",
		// confirmed in so many words: "Je vous confirme ces informations.", "please proceed"
		"je vous confirme", "i confirm", "please proceed", "proceed", "نأكد", "نؤكد", "n2akked", "nakked",
		"n2akkad", "nconfirmi",
		"c'est bon", "je confirme", "confirmer", "exact", "correct", "yes", "yeah", "yep", "sure", "of course",
		"please", "confirm", "go ahead", "alright", "all right", "نعم", "أكيد", "اكيد", "حسنا", "موافق", "طبعا",
		"أجل", "تمام", "أؤكد", "تأكيد", "واش", "ايه", "wah", "iyeh", "ih", "eyh", "صح",
		"c bon", "cbon", "cest bon", "confirme", "confirmé", "je valide", "exactement", "nickel", "c'est juste",
		"yess", "yup", "absolutely", "definitely", "that checks out", "checks out", "that's fine", "أكد", "اكد",
		"نعم أكد", "إيه", "sah", "sahit", "mli7", "mlih", "wakha", "safi", "iwa", "ayeh", "wah sah", "ih sah",
		"واه", "واخا", "ايه", "اييه", "إييه", "صافي", "مليح", "yep", "ouais", "c'est ça", "c est ça",
		// darija's yes in Arabic letters as in Latin ones ("sahit", "iwa"), and "that's it"
		// in both ("هكا", "haka", "هذا صحيح")
		"صحيت", "صحيتو", "ايوا", "إيوا", "هكا", "هكاك", "هكا هو", "haka", "hakka", "hakda", "هذا صحيح",
		"كل شيء صحيح",
		// a go-ahead alone: "vas-y", "allez-y"
		"vas-y", "vas y", "vasy", "allez-y", "allez y", "go for it")
	NoWords = NewMatcher("non", "nan", "nn", "pas maintenant", "non merci", "no", "nope", "not now", "no thanks",
		"لا", "ليس الآن", "لا شكرا", "كلا", "لالا", "lala", "la la", "la merci", "la shukran", "la chokran",
		"you got that wrong", "got it wrong", "that's wrong", "wrong", "incorrect", "not right", "pas correct",
		"c'est faux", "faux", "erreur", "pas du tout", "mais non", "nah", "machi hak", "machi sah", "ghalat",
		"ghalta", "غلط", "خطأ", "خطا", "ليس صحيحا", "مش صحيح", "ماشي صح",
		// and in darija's Arabic letters as in its Latin ones: "ماشي هكا", "غالط"
		"ماشي هكا", "ماشي هكاك", "machi haka", "غالط", "غالطة", "غالطين")
	BookWords = NewMatcher("nheb nji", "n7eb nji", "bghit nji", "nhab nji", "rendez-vous", "rendez vous", "rdv", "réserver", "reserver", "réservation", "reservation",
		"prendre rendez-vous", "appointment", "book", "booking", "meeting", "schedule", "meet", "se voir",
		"rencontrer", "موعد", "موعدا", "حجز", "احجز", "نحجز", "نحجزو", "مقابلة", "لقاء", "نلتقي",
		"booker", "un call", "a call", "un appel", "visio", "passer vous voir", "venir vous voir", "vous rencontrer",
		"rendre visite", "come by", "drop by", "stop by", "visit you", "set up a call", "hop on a call",
		"discovery call", "rondevou", "rendevou", "randevu", "rondivou", "رونديفو", "روندوفو", "رانديفو", "روندفو",
		"nchoufkom", "nchofkom", "نشوفكم", "نجي عندكم", "nji 3andkom", "nji ndir", "ndir rdv", "ndir rendez-vous",
		"nakhod rdv", "nakhod rendez-vous", "ndirou rdv", "موعد معاكم", "appt", "rdz", "rendezvous", "réunion",
		"reunion", "come in", "come over", "arrange a meeting", "set up a meeting", "كاين بلاصة", "kayen place",
		"kayen de la place",
		// "n9dro ntla9aw?": darija's "can we meet?"
		"ntla9aw", "netla9aw", "ntla9ou", "netla9ou", "ntlaqaw", "netlaqaw", "nitla9aw", "ntla9a", "نتلاقاو",
		"نتلاقو", "نتلاقى", "نتلاقا", "se rencontrer", "meet up")
	CancelWords = NewMatcher("annuler", "annule", "annulation", "stop", "arrête", "arreter", "cancel", "quit",
		"never mind", "إلغاء", "الغاء", "ألغ", "توقف",
		"laisse tomber", "laissez tomber", "oublie", "oubliez", "oublie ça", "on arrête", "j'arrête", "abandonner",
		"pas la peine", "forget it", "forget about it", "stop this", "stop it", "nevermind", "nvm", "no need",
		"i changed my mind", "j'ai changé d'avis", "khlas", "khalas", "safi khlas", "blach", "ensa", "nsa",
		"خلاص", "انسى", "بلاش", "لا داعي", "mab9itch", "ma bqitch")
	RestartWords = NewMatcher("recommencer", "recommence", "reprendre à zéro", "depuis le début", "restart",
		"start over", "start again", "من جديد", "ابدأ من جديد", "إعادة البدء")
	SkipWords = NewMatcher("passer", "passe", "sauter", "aucune", "aucun", "pas d'entreprise", "non", "rien",
		"particulier", "skip", "none", "no", "no company", "n/a", "na", "individual", "تخطي", "تخطى", "لا يوجد",
		"لا", "بدون", "لا شيء", "la", "lala", "walou", "makanch", "makach", "ma3andich", "ma3andi walou",
		"nope", "nop", "nah", "nan", "nn", "مكانش", "ماكانش", "ما عنديش", "والو", "pas de societe", "pas de société",
		"a titre perso", "à titre perso", "a titre personnel", "à titre personnel", "personal", "myself", "moi-même", "self-employed",
		"لا توجد", "لا يوجد", "ماعنديش", "ليست لدي شركة", "ليس لدي شركة", "لا أملك شركة", "لا املك شركة", "معنديش", "ماكاش", "ما كاش", "c'est pour moi", "pour moi",
		"c'est personnel", "à titre personnel", "particulier", "it's for me", "for me", "just me", "for myself",
		"لنفسي", "شخصي", "لروحي", "3la rouhi", "ghir ana", "غير أنا", "étudiant", "étudiante", "etudiant",
		"indépendant", "independant", "indépendante", "freelance", "freelancer", "auto-entrepreneur", "student",
		"طالب", "طالبة", "مستقل", "فريلانس", "المشروع شخصي", "personnel",
		"pas de boite", "pas de boîte", "pas de boit", "c perso", "c'est perso", "cest perso", "perso", "pour moi meme")
	// DeclineWords keep a contact detail back: "je préfère ne pas donner mon numéro", "I'd
	// rather not", "ma3andich email".
	DeclineWords = NewMatcher("brk", "mail brk", "b l mail", "email only", "mail only", "que le mail",
		"mail seulement", "email seulement", "البريد يكفي", "لا أرغب", "لا ارغب", "يكفي", "ghir l mail", "je préfère ne pas", "jpréfère pas", "jprefere pas", "j'préfère pas", "préfère pas",
		"prefere pas", "nfadel la", "ma nhebch n3tih", "je prefere ne pas", "je préfère pas", "je prefere pas",
		"pas de numéro", "pas de numero", "pas de téléphone", "pas de telephone", "pas de mail", "pas d'email",
		"pas d'e-mail", "pas de courriel", "je n'ai pas", "j'ai pas", "sans", "rather not", "prefer not",
		"i'd rather not", "no phone", "no number", "no email", "no e-mail", "don't have", "do not have",
		"dont have", "without", "not giving", "ma3andich", "ma 3andich", "ma3andich numéro", "ma3andich email",
		"ما عنديش", "ماعنديش", "معنديش", "ليس لدي", "ليس عندي", "لا أملك", "لا املك", "لا أريد", "لا اريد",
		"بدون", "ما نحبش", "ma nhebch", "manhebch", "ma n7abch", "machi daruri", "pas nécessaire", "not necessary",
		// "makach email" (there is none), "pas de tel"
		"makach", "makache", "ma kach", "ماكاش", "pas de tel", "no tel")
	HelloWords = NewMatcher("bonjour", "bonsoir", "salut", "coucou", "salam", "salam alikoum", "hello", "hi", "hey", "good morning", "السلام عليكم", "سلام", "مرحبا", "أهلا", "اهلا", "صباح الخير", "مساء الخير", "slt", "slm", "bjr",
		"bsr", "cc", "wesh", "wech", "salem", "ahlan", "marhba", "سلام عليكم", "صباح النور", "مرحبا بكم", "good evening",
		"good afternoon")
	ThanksWords = NewMatcher("merci", "saha", "thanks", "thank you", "thx", "شكرا", "شكرًا", "بارك الله فيك", "يعطيك الصحة",
		"جزاكم الله خيرا", "جزاك الله خيرا", "بارك الله فيكم", "يعطيكم الصحة", "شكرا جزيلا", "merci beaucoup", "ty",
		"je vous remercie", "je vous en remercie", "merci bien", "merci à vous", "thanks a lot", "many thanks",
		"thank you very much", "thank you so much", "شكرا لكم", "شكرا بزاف", "merci bzaf")
	// PoliteWords may go with a yes or a command without changing what it says.
	PoliteWords = NewMatcher("merci", "merci beaucoup", "جزاكم الله خيرا", "جزاك الله خيرا", "بارك الله فيكم",
		"يعطيكم الصحة", "شكرا جزيلا", "وجزاكم الله خيرا", "svp", "stp", "s'il vous plaît", "s'il vous plait",
		"s'il te plaît", "s'il te plait", "please", "thanks", "thank you", "من فضلك", "لو سمحت", "شكرا", "شكرًا",
		// thanks in a full sentence: "Oui, c'est parfait, je vous remercie."
		"je vous remercie", "je vous en remercie", "merci bien", "merci à vous", "merci a vous", "thanks a lot",
		"many thanks", "thank you very much", "thank you so much", "much appreciated", "شكرا لكم", "شكرا جزيلا لكم",
		"شكرا بزاف", "merci bzaf", "merci bezzaf", "ya3tik saha", "يعطيك الصحة")
	// assentWords may go with a yes at the summary: "oui, c'est parfait", "yes, looks good".
	assentWords = NewMatcher("c'est parfait", "c'est ça", "c'est ca", "c'est correct", "c'est tout bon", "tout est bon",
		"tout est correct", "très bien", "tres bien", "ça marche", "ca marche", "vas-y", "allez-y", "go",
		"let's go", "that's right", "that's correct", "that's it", "looks good", "sounds good", "all good",
		"perfect", "great", "fine", "good", "it", "do it", "you can", "vous pouvez", "tu peux", "je", "valider",
		"validez", "valide", "réservez", "réserve", "reservez", "reserve", "جيد", "ممتاز", "صحيح", "هذا صحيح",
		"يعطيك الصحة", "بارك الله فيك", "confirmed", "confirmé", "all good", "pour moi", "c'est bon pour moi",
		"everything", "all correct", "that is all correct", "that is correct", "correct", "kindly", "thank you kindly",
		"كل شيء صحيح", "كلشي صحيح", "كل شي صحيح", "درك", "دروك", "now", "maintenant",
		// "oui, c'est bon comme ça", "ih c'est bon, merci bezzaf", "yes, like that"
		"c'est bon", "comme ça", "comme ca", "like that", "as it is", "haka", "hakka", "هكا", "هكذا",
		"bezzaf", "bzaf", "بزاف", "ya3tik saha", "يعطيك الصحة",
		// "Oui, les informations sont exactes. Je confirme, barak Allahou fik.", "ih, kolch s7i7"
		"ces informations", "les informations", "informations", "sont exactes", "exactes", "the information",
		"s7a7", "s7i7", "kolch", "kolchi", "المعلومات", "صحيحة", "الحجز", "le rendez-vous", "le rdv", "saha",
		"barak allahou fik", "barak allah fik", "بارك الله فيك", "the booking", "the appointment",
		"the cancellation", "l'annulation", "annulation", "الإلغاء", "الالغاء", "thank you", "merci",
		// whom the booking is for, said again: "oui, c'est bon pour lui"
		"pour lui", "pour elle", "pour eux", "for him", "for her", "for them")
	// butWords hold something back: "oui mais…".
	butWords = NewMatcher("mais", "but", "sauf", "however", "cependant", "except", "لكن", "ولكن", "بس", "بصح",
		"bessah", "bsah", "besah", "walakin", "ghir")
	// ChangeWords tell of a change of mind: "finalement", "plutôt", "actually", "بدلا".
	ChangeWords = NewMatcher("finalement", "plutôt", "plutot", "je préfère", "je prefere", "en fait", "changer",
		"actually", "instead", "rather", "i prefer", "i'd prefer", "change", "switch", "بدلا", "بدل", "أفضل", "افضل",
		"في الحقيقة", "غيرت رأيي", "nfadel", "nfaddal", "khir", "ba9i", "nbedel", "nbadel", "nbaddel",
		"bedelt rayi", "beddelt rayi", "bdelt rayi", "badalt rayi", "بدلت رايي", "غيرت رايي", "j'ai changé d'avis",
		"changed my mind",
		// "make it Tuesday", "dirha l 11", "خليها نهار الثلاثاء", "اجعله الثلاثاء"
		"make it", "dirha", "dirhali", "dirhouli", "diriha", "khalliha", "khaliha", "ديرها", "خليها", "اجعله",
		"اجعلها")
	// CorrectionLeads open a correction: "non, mon email est …", "sorry typo, it's …".
	CorrectionLeads = NewMatcher("non", "nan", "no", "en fait", "plutôt", "plutot", "pardon", "désolé", "desole",
		"oups", "erreur", "correction", "actually", "sorry", "oops", "instead", "je veux", "je voudrais", "j'aimerais",
		"je souhaite", "pouvez-vous", "pouvez vous", "peux-tu", "i want to", "i'd like to", "i would like to",
		"can you", "could you", "please", "svp", "لا", "بل", "عفوا", "أريد", "اريد", "ممكن", "typo", "sma7li",
		"smahli", "سمحلي", "سماحلي", "attendez", "attends", "wait", "hold on", "استنى", "استنا", "انتظر", "stenna",
		"sber", "my bad",
		// darija's "no no" in Latin letters: "la la dirha l 11"
		"la la", "lala")
	// ChangeVerbs ask for a value to be changed: "changer l'email", "update my phone".
	ChangeVerbs = NewMatcher("changer", "change", "modifier", "modifie", "modifiez", "corriger", "corrige", "corrigez",
		"rectifier", "update", "edit", "fix", "correct", "تغيير", "غير", "تعديل", "عدل", "تصحيح", "صحح")
	// SwapWords ask, even as a question, for one thing in place of another: "can we book
	// that instead?", "pouvez-vous changer ?".
	SwapWords = NewMatcher("instead", "à la place", "a la place", "changer", "change", "switch", "plutôt", "plutot",
		"rather", "بدلا", "بدل", "عوض", "بلاصة", "blaset", "blasset", "3awed")
	// NothingWords answer "what would you like to change?" with nothing.
	NothingWords = NewMatcher("rien", "rien du tout", "nothing", "none", "لا شيء", "لاشيء")
	// commandFillers may surround a command: "je veux annuler le rendez-vous", "cancel it please".
	commandFillers = NewMatcher("non", "no", "je veux", "je voudrais", "j'aimerais", "on", "tout", "le", "la", "l",
		"بغيت", "حاب", "نحب", "bghit", "nheb", "n7eb",
		"ce", "rendez-vous", "rendez vous", "réservation", "reservation", "i want to", "i'd like to", "i would like to",
		"let's", "it", "the", "this", "booking", "appointment", "everything", "all", "أريد", "اريد", "الحجز",
		"الموعد", "كل شيء", "لا")
	// QuestionWords start a question even without a question mark.
	QuestionWords = NewMatcher("combien", "quel", "quels", "quelle", "quelles", "où", "comment", "pourquoi",
		"quand", "est-ce", "est ce", "avez-vous", "faites-vous", "proposez-vous", "how", "what", "where", "when",
		"which", "why", "do you", "can you", "are you", "is there", "كم", "ما", "ماذا", "أين", "اين", "متى",
		"هل", "كيف", "لماذا", "واش")
)

// Topics of the free questions, each with the words that name it.
var Topics = []struct {
	code  string
	Words Matcher
}{
	{"prices", NewMatcher("prix", "tarif", "tarifs", "coût", "cout", "coute", "combien", "devis", "budget", "cher",
		"ch7al", "chhal", "cha7al", "bch7al", "bach7al", "yeswa", "شحال", "بشحال", "يسوى",
		// "b 9adech site e-commerce ?": darija's "for how much" (not "9adech men wa9t", how long)
		"b9adech", "b 9adech", "be9adech", "bqadech", "b qadech", "ب قداش",
		// "قداش تديرو سيت ويب؟": how much you charge to make one
		"قداش تديرو", "قداش تديروا", "قداش تاخذو", "قداش تاخذوا", "قداش يسوى", "9adech tdirou", "9adach tdirou",
		"9adech tdiro", "9adech takhdou",
		"price", "prices", "pricing", "cost", "costs", "how much", "quote", "rates", "expensive", "fee",
		"سعر", "أسعار", "الأسعار", "تكلفة", "ثمن", "كم يكلف", "عرض سعر", "ميزانية")},
	{"delays", NewMatcher("délai", "délais", "delai", "delais", "combien de temps", "durée", "duree", "how long",
		// how much time, said with the words of "how much": "قداش تديرو وقت باش تكملو"
		"قداش تديرو وقت", "قداش من وقت", "قداش وقت", "9adech men wa9t", "9adech wa9t", "9adach men wa9t",
		"delay", "timeline", "duration", "turnaround", "deadline", "مدة", "كم من الوقت", "وقت الإنجاز", "المدة")},
	{"hours", NewMatcher("horaires", "horaire", "heures d'ouverture", "ouvert", "ouverts", "ouverte", "fermé",
		"ferme", "fermés", "opening hours", "hours", "open", "closed", "ساعات العمل", "مواعيد العمل", "مفتوح",
		"مغلق", "الدوام", "دوام", "أوقات العمل", "اوقات العمل", "أوقات عملكم", "اوقات عملكم", "تفتحون", "تفتحو")},
	{"address", NewMatcher("adresse", "où êtes", "ou etes", "vous êtes où", "vous etes ou", "t'es où", "t'es ou",
		"vous êtes situés où", "parking", "se garer", "stationner", "stationnement", "where is your office",
		"موقف", "باركينغ", "win kayen", "fin kayen", "situé", "situe", "situés", "locaux", "bureau", "bureaux",
		"address", "where are you", "located", "location", "office", "عنوان", "العنوان", "أين تقع", "أين أنتم",
		"وين", "فين", "fin rakom", "win rakom",
		// darija's "where" in French or Latin letters: "vous êtes win exactement ?"
		"vous êtes win", "vous etes win", "t'es win", "vous êtes fin", "vous etes fin", "win kaynin",
		"win kayna", "fin kaynin", "fin kayna", "win rahi", "win rahom", "win rakoum", "fin rakoum",
		"win l'agence", "l'agence win", "win el bureau", "win lbureau", "وين راكم", "وين كاينين", "فين راكم",
		"مقر", "مكتب", "مكان")},
	{"contact", NewMatcher("contact", "contacter", "téléphone", "telephone", "numéro", "numero", "e-mail", "email",
		"mail", "joindre", "appeler", "whatsapp", "phone", "call", "reach", "phone number", "اتصال", "هاتف",
		"رقم", "بريد", "ايميل", "إيميل", "تواصل", "الاتصال")},
	// "projet" alone is the visitor's own more often than the agency's work: "3andi projet
	// chatbot", "j'ai un projet de site"; the agency's are asked for in the plural. So are
	// "clients" ("un chatbot pour répondre aux clients"): the agency's are "vos clients".
	{"portfolio", NewMatcher("projets", "réalisations", "realisations", "portfolio", "références",
		"references", "travaux", "exemples", "vos clients", "your clients", "other clients", "quels clients",
		"which clients", "past clients", "clients ta3kom", "الزبائن تاعكم", "من هم عملاؤكم", "من هم زبائنكم", "projects", "your work", "examples", "past work", "مشاريع",
		"المشاريع", "أعمال", "أعمالكم", "اعمالكم", "سابقة", "إنجازات", "أمثلة", "امثلة", "واش درتو", "درتو",
		"خدمتوها", "wach dertou", "dertou")},
	{"about", NewMatcher("expérience", "experience", "qui êtes-vous", "qui etes vous", "agence", "années",
		"années d expérience", "combien d années",
		"about you", "who are you", "agency", "years", "خبرة", "الخبرة", "من أنتم", "الوكالة", "سنوات")},
	{"services", NewMatcher("services", "service", "prestations", "proposez", "offrez", "que faites", "activités",
		"offer", "what do you do", "do you do", "خدمات", "خدماتكم", "الخدمات", "تقدمون", "ماذا تقدمون",
		// the services asked for as such outweigh a service's own words: "ما هي الخدمات التي
		// تقدمونها؟ هل تصنعون تطبيقات الهاتف؟" asks for the services, not the phone
		"ما هي الخدمات", "ما هي خدماتكم", "الخدمات التي", "quels services", "quels sont vos services",
		"what services", "what exactly do you do", "qu'est-ce que vous faites")},
}

// IsCommand reports whether a message is the command m and nothing else: "annuler",
// "je veux annuler le rendez-vous", but not "Stop Pub" (a company) nor "je voudrais refaire
// mon site depuis le début" (a service).
func IsCommand(m Matcher, ws []string) bool {
	t := NewText(ws)
	return m.ScoreIn(&t) > 0 && CoversIn(&t, m, commandFillers, PoliteWords)
}

// PlainYes reports whether a message is a yes and nothing else: "oui", "ok merci", "yes,
// looks good". A yes that says more ("oui mais plutôt mardi", w its day and hour) is not one.
func PlainYes(ws []string, w When) bool {
	t := NewText(ws)
	if NoWords.ScoreIn(&t) > 0 {
		return false
	}
	yes := YesWords.ScoreIn(&t) > 0
	if yes && CoversIn(&t, YesWords, PoliteWords, assentWords, BookWords) {
		return true
	}
	// Nothing held back: not "oui mais…", "yes, the afternoon", "oui finalement jeudi".
	if butWords.ScoreIn(&t) > 0 || ChangeWords.ScoreIn(&t) > 0 || PartOfDay(ws) != "" ||
		w.Date != "" || w.Time != "" || w.Unsure != "" {
		return false
	}
	// A short yes: "yep, confirmed", "C'est bon pour moi", "نعم، كل شيء صحيح".
	if yes && len(ws) <= 5 {
		return true
	}
	// Told it is right and asked to confirm, at any length: "Yes, everything is correct.
	// Please confirm the booking.", "C'est exact, vous pouvez confirmer le rendez-vous.",
	// "صحيح، المعلومات كاملين صحاح، أكدو الموعد"; not "I can't confirm yet", "je confirmerai
	// plus tard", "can you confirm the time?".
	return (yes || rightWords.ScoreIn(&t) > 0) && confirmWords.ScoreIn(&t) > 0 && notYetWords.ScoreIn(&t) == 0 &&
		!QuestionWords.Opens(&t)
}

var (
	// rightWords say the summary is right.
	rightWords = NewMatcher("correct", "exact", "exacte", "exactes", "juste", "right", "صحيح", "صحيحة", "صحاح",
		"صحيحين", "s7i7", "s7a7", "sahih")
	// confirmWords ask to confirm.
	confirmWords = NewMatcher("confirm", "confirme", "confirmer", "confirmez", "confirme-le", "confirmez-le",
		"أكد", "اكد", "أكدو", "اكدو", "أكدوا", "اكدوا", "أكدي", "نأكد", "نؤكد", "أؤكد", "تأكيد", "nconfirmi",
		"confirmi", "confirmiw", "akked", "akkdou", "n2akked", "valider", "validez", "valide")
	// notYetWords hold a confirmation back: a negation, a later time, a question.
	notYetWords = NewMatcher("pas", "ne", "n", "not", "don't", "dont", "can't", "cant", "cannot", "won't",
		"later", "plus tard", "yet", "encore", "wait", "attendez", "before", "avant", "first", "d'abord",
		"لا", "لم", "لن", "ما", "مش", "ماشي", "بعدين", "لاحقا", "قبل", "machi", "mach", "ma", "mazal", "ba3d",
		"if", "si", "ila", "إذا", "اذا", "كان")
)

// YesToCancel reports whether a message says yes to cancelling: a plain yes, or a yes or
// a cancelling of the appointment with cancelling words ("wah, annulez-le", "نعم، ألغِه",
// "Please cancel it.").
func YesToCancel(ws []string, w When) bool {
	t := NewText(ws)
	return PlainYes(ws, w) || (YesWords.ScoreIn(&t) > 0 || CancelOwnWords.ScoreIn(&t) > 0) &&
		NoWords.ScoreIn(&t) == 0 && CoversIn(&t, YesWords, PoliteWords, CancelWords, CancelOwnWords, commandFillers)
}

// IsQuestion reports whether a message reads as a question.
func IsQuestion(raw string, ws []string) bool {
	t := NewText(ws)
	return IsQuestionIn(raw, &t)
}

// IsQuestionIn is IsQuestion over words already read.
func IsQuestionIn(raw string, t *Text) bool {
	return strings.IndexByte(raw, '?') >= 0 || strings.Contains(raw, "؟") || (QuestionWords.Opens(t) && !darijaNegation(t))
}

// darijaNegation reports whether the words open with darija's "ما …ش" ("ما عنديش", "ما
// نقدرش"): a "no", not the question word "ما".
func darijaNegation(t *Text) bool {
	return len(t.Words) > 1 && t.Words[0] == "ما" && strings.HasSuffix(t.Words[1], "ش")
}

// TopicOf names the topic a message asks about, "" when none; the longest matching
// phrase wins, so "combien de temps" is about delays rather than prices.
func TopicOf(ws []string) string {
	t := NewText(ws)
	return TopicOfIn(&t)
}

// TopicOfIn is TopicOf over words already read.
func TopicOfIn(t *Text) string {
	// Each topic's score (Matcher.ScoreIn), all read in one pass over the text.
	var scores [32]int
	for i := range t.Words {
		for _, k := range topicPhrases.starts(t.st[i], t.hs[i]) {
			if p := topicPhrases.Phrases[k]; len(p) > scores[topicOf[k]] &&
				stemmedAt(t.Words, t.st, p, topicPhrases.stems[k], i) {
				scores[topicOf[k]] = len(p)
			}
		}
	}
	best, code := 0, ""
	for i := range Topics {
		if scores[i] > best {
			best, code = scores[i], Topics[i].code
		}
	}
	return code
}

// topicPhrases are the phrases of every topic, topicOf the index of each one's topic.
var topicPhrases, topicOf = func() (Matcher, []int) {
	if len(Topics) > 32 {
		panic("reader: TopicOfIn scores at most 32 topics")
	}
	m := Matcher{first: map[string][]int{}}
	var of []int
	for i, tp := range Topics {
		for k, p := range tp.Words.Phrases {
			st := tp.Words.stems[k]
			m.first[st[0]] = append(m.first[st[0]], len(m.Phrases))
			h := wordHash(st[0]) % 512
			m.filter[h/64] |= 1 << (h % 64)
			m.Phrases = append(m.Phrases, p)
			m.stems = append(m.stems, st)
			of = append(of, i)
		}
	}
	return m, of
}()

// Service is a service of the catalogue as the reader knows it: its slug, its names in
// every language and the keywords that name it.
type Service struct {
	Slug     string
	Names    []string
	Keywords []string
}

// ServiceIn returns the catalogue's service a message names, by its keywords or its name
// in any language.
func ServiceIn(ws []string, services []Service) (Service, bool) {
	t := NewText(ws)
	return serviceInText(&t, services)
}

// serviceInText finds the service a message names: the one with the longest phrase, then
// the most phrases ("maintenance et hébergement du site" is a small job, though "site"
// is web development's); on a tie, the one whose own name is among them: "formation
// WordPress" is a training, though WordPress is a keyword of web development.
func serviceInText(t *Text, services []Service) (Service, bool) {
	return ServiceOtherThan(t, services, "")
}

// ServiceOtherThan is serviceInText leaving out the service whose slug is skip: the new
// service of "scratch that, a consulting session before any shoot".
func ServiceOtherThan(t *Text, services []Service, skip string) (Service, bool) {
	best, found := 0, Service{}
	c := serviceMatchers(services)
	if c == nil {
		return found, false
	}
	t = withoutEngagements(t)
	tie, named := false, 0
	for i := range c.matchers {
		if skip != "" && services[i].Slug == skip {
			continue
		}
		n := c.matchers[i].ScoreIn(t) * 100
		if n > 0 {
			n += c.matchers[i].HitsIn(t) * 2
		}
		if n > 0 && c.names[i].ScoreIn(t) > 0 {
			n++
		}
		if n > 0 {
			named++
		}
		switch {
		case n > best:
			best, found, tie = n, services[i], false
		case n == best && n > 0:
			tie = true
		}
	}
	// "formation f développement web", "un shooting photo pour mon site": a service
	// followed by another as its subject or purpose is the one asked for.
	if named >= 2 {
		if h, ok := headService(t, c, services, skip); ok {
			return h, true
		}
	}
	// "3andi boutique en ligne … nheb chatbot": the service wanted, not the one the visitor
	// has, when one follows a want.
	if named >= 2 {
		if w, ok := wantedService(t, c, services, skip); ok {
			return w, true
		}
		// "I need photos for our online store", "j'ai une boutique en ligne, il me faut des
		// photos", "not an app": the one not named as the visitor's own, a purpose or a
		// refusal.
		if a, ok := askedFor(t, c, services, skip); ok {
			return a, true
		}
		// "formation WordPress": the one named by its own name.
		if n, ok := namedByName(t, c, services, skip); ok {
			return n, true
		}
		// "an online store and photos": two services and nothing to tell which is wanted
		// are none: the service is asked rather than guessed.
		return Service{}, false
	}
	return found, best > 0 && !tie
}

// askedFor is the one service a message names other than as the visitor's own ("I have an
// online store", "j'ai une boutique en ligne", "صاحبة متجر إلكتروني"), as what a service
// named before it is for or on ("photos … for our online store", "qui répond … sur le
// site"), or refused ("not an app", "machi site"); ok false when none or several are.
func askedFor(t *Text, c *servicesMatchers, services []Service, skip string) (Service, bool) {
	first := len(t.Words) // where the first service is named
	for a := range c.matchers {
		for j := 0; j < first; j++ {
			if c.matchers[a].atIn(t, j) > 0 {
				first = j
			}
		}
	}
	found, n := -1, 0
	for a := range c.matchers {
		if skip != "" && services[a].Slug == skip {
			continue
		}
		for j := range t.Words {
			if c.matchers[a].atIn(t, j) > 0 && !aside(t, j, first) {
				if found != a {
					found, n = a, n+1
				}
				break
			}
		}
	}
	if n != 1 {
		return Service{}, false
	}
	return services[found], true
}

// aside reports whether the service named at word j is named in passing: after a word of
// ownLeads or refusedLeads, or of purposeLeads when a service is named before it (first),
// with up to two little words between ("j'ai une", "for our", "pas d'").
func aside(t *Text, j, first int) bool {
	for k := j - 1; k >= 0 && k >= j-3; k-- {
		if ownLeads.atIn(t, k) > 0 || refusedLeads.atIn(t, k) > 0 || (first < k && purposeLeads.atIn(t, k) > 0) {
			return true
		}
		if !subjectFillers[t.Words[k]] && !wantFillers[t.Words[k]] && !asideFillers[t.Words[k]] {
			return false
		}
	}
	return false
}

// The leads of a service named in passing: the visitor's own thing, a refusal, and what
// another service is for or on.
var (
	ownLeads = NewMatcher("jai", "i have", "we have", "i ve got", "i run", "we run", "je gere", "nous avons",
		"3andi", "3andna", "andi", "عندي", "عندنا", "لدي", "لدينا", "صاحب", "صاحبه", "owner of")
	refusedLeads = NewMatcher("not", "pas", "machi", "mechi", "ماشي", "ليس", "ليست", "sans", "without", "بدون")
	purposeLeads = NewMatcher("for", "pour", "sur", "on", "في", "علي", "3la", "fi")
)

// asideFillers may stand between an aside's lead and the service: "j'ai une petite
// boutique en ligne", "for our online store".
var asideFillers = map[string]bool{"small": true, "little": true, "petite": true, "petit": true, "own": true,
	"propre": true, "current": true, "actuel": true, "actuelle": true, "old": true, "ancien": true, "vieux": true,
	"صغير": true, "صغيره": true, "d": true, "de": true}

// namedByName is the one service of those a message names that it names by the service's
// own name; ok false when none or several are.
func namedByName(t *Text, c *servicesMatchers, services []Service, skip string) (Service, bool) {
	found, n := Service{}, 0
	for i := range c.names {
		if (skip == "" || services[i].Slug != skip) && c.names[i].ScoreIn(t) > 0 {
			found, n = services[i], n+1
		}
	}
	return found, n == 1
}

// subjectWords join a service to the subject or purpose that follows it: "formation en",
// "cours de", "training in", "دورة في", "shooting pour".
var subjectWords = map[string]bool{"en": true, "de": true, "d": true, "du": true, "des": true, "f": true,
	"fi": true, "in": true, "on": true, "sur": true, "3la": true, "ala": true, "على": true, "علي": true, "في": true,
	"about": true, "pour": true, "for": true, "ta3": true, "تاع": true, "نتاع": true, "of": true}

// subjectFillers may stand between a subject word and the service it introduces: "sur le
// développement web", "for my website".
var subjectFillers = map[string]bool{"le": true, "la": true, "les": true, "l": true, "un": true, "une": true,
	"mon": true, "ma": true, "mes": true, "notre": true, "nos": true, "the": true, "a": true, "an": true, "my": true,
	"our": true, "el": true, "lel": true}

// headService is the service named first of two joined by a subject word ("formation f
// développement web"), or in Arabic by nothing ("صيانة السيت", the site's upkeep): the
// first is asked for, the second is its subject. ok false when no two are joined so.
func headService(t *Text, c *servicesMatchers, services []Service, skip string) (Service, bool) {
	for i := 0; i < len(t.Words); i++ {
		for a := range c.matchers {
			n := c.matchers[a].atIn(t, i)
			if n == 0 || i+n >= len(t.Words) {
				continue
			}
			j := i + n
			switch {
			case subjectWords[t.Words[j]]:
				j++
			case !isArabic(t.Words[j]) || !isArabic(t.Words[i]):
				continue
			}
			j = afterSubjectFillers(t, j)
			// "un shooting pour les produits de ma boutique en ligne": the subject may be
			// one word's, of the service that follows it.
			if j+1 < len(t.Words) && subjectWords[t.Words[j+1]] && !namesService(t, c, j) {
				if k := afterSubjectFillers(t, j+2); namesService(t, c, k) {
					j = k
				}
			}
			if j >= len(t.Words) {
				continue
			}
			for b := range c.matchers {
				if b != a && c.matchers[b].atIn(t, j) > 0 {
					if skip != "" && services[a].Slug == skip {
						return Service{}, false
					}
					return services[a], true
				}
			}
		}
	}
	return Service{}, false
}

// afterSubjectFillers is the index after the few subjectFillers at j.
func afterSubjectFillers(t *Text, j int) int {
	for k := 0; k < 2 && j < len(t.Words) && subjectFillers[t.Words[j]]; k++ {
		j++
	}
	return j
}

// namesService reports whether a service's phrase starts at index j of t.
func namesService(t *Text, c *servicesMatchers, j int) bool {
	for b := range c.matchers {
		if c.matchers[b].atIn(t, j) > 0 {
			return true
		}
	}
	return false
}

// catalogueMatchers are the matchers of the services of the last catalogues read, each
// kept with its catalogue's slice. A catalogue is read-only once loaded — every turn of a
// replica shares it — so the same slice holds the same services: looking it up costs two
// comparisons where building each service's key on every message was a fifth of reading
// one.
var (
	catalogueMatchers [4]atomic.Pointer[servicesMatchers]
	nextCatalogue     atomic.Uint32
)

type servicesMatchers struct {
	services []Service
	matchers []Matcher // slug, names and keywords
	names    []Matcher // names alone
}

// serviceMatchers returns the matchers of services, in their order.
func serviceMatchers(services []Service) *servicesMatchers {
	if len(services) == 0 {
		return nil
	}
	for i := range catalogueMatchers {
		if c := catalogueMatchers[i].Load(); c != nil && len(c.services) == len(services) && &c.services[0] == &services[0] {
			return c
		}
	}
	c := &servicesMatchers{services: services, matchers: make([]Matcher, len(services)), names: make([]Matcher, len(services))}
	for i, s := range services {
		c.matchers[i] = serviceMatcher(s)
		c.names[i] = cachedMatcher(s.Names)
	}
	catalogueMatchers[nextCatalogue.Add(1)%uint32(len(catalogueMatchers))].Store(c)
	return c
}

// serviceMatcherCache holds each service's matcher, built once per wording of the
// service: building one stems every keyword.
var serviceMatcherCache sync.Map

// serviceMatcher is the matcher of a service's slug, names and keywords.
func serviceMatcher(s Service) Matcher {
	kws := append([]string{s.Slug}, s.Names...)
	return cachedMatcher(append(kws, s.Keywords...))
}

// cachedMatcher is the matcher of phrases, built once per list.
func cachedMatcher(phrases []string) Matcher {
	key := strings.Join(phrases, "\x00")
	if m, ok := serviceMatcherCache.Load(key); ok {
		return m.(Matcher)
	}
	m := NewMatcher(phrases...)
	serviceMatcherCache.Store(key, m)
	return m
}

// Questions the rules answer, as QuestionOf names them.
const (
	QuestionDay      = "day"     // whether a given weekday is open
	QuestionClosing  = "closing" // the closing time
	QuestionBot      = "bot"     // "are you a bot?"
	QuestionService  = "service" // one service of the catalogue
	QuestionBye      = "bye"
	QuestionHello    = "hello"
	QuestionThanks   = "thanks"
	QuestionServices = "services"
)

// QuestionOf names the question a message asks that the rules answer: a day or the
// closing time, "are you a bot", one service, a topic (prices, delays, hours, address,
// contact, portfolio, about, services), or a goodbye, a greeting, thanks; "" when none. ws
// are the words of msg, whose question mark makes "wait, am I talking to a bot?" a question.
func QuestionOf(msg string, ws []string, services []Service) (string, Service) {
	t := NewText(ws)
	t.asked = strings.ContainsAny(msg, "?؟")
	return QuestionOfIn(&t, services)
}

// QuestionOfIn is QuestionOf over words already read.
func QuestionOfIn(t *Text, services []Service) (string, Service) {
	if _, ok := WeekdayIn(t.Words); ok && OpenWords.ScoreIn(t) > 0 {
		return QuestionDay, Service{}
	}
	if WeekendWords.ScoreIn(t) > 0 && OpenWords.ScoreIn(t) > 0 {
		return "hours", Service{} // "do you work weekends?": the days the agency works
	}
	if ClosingWords.ScoreIn(t) > 0 && (questionShapedIn(t) || QuestionWords.ScoreIn(t) > 0) {
		return QuestionClosing, Service{}
	}
	topic := TopicOfIn(t)
	svc, named := serviceInText(t, services)
	switch {
	// "t'es un robot wla une vraie personne, dis moi franchement": a robot and a person
	// named together ask which Dota is, whatever the message's shape.
	case BotWords.ScoreIn(t) > 0 && addressedIn(t) && (questionShapedIn(t) || BotWords.HitsIn(t) >= 2):
		return QuestionBot, svc
	case named && (topic == "" || topic == QuestionServices):
		return QuestionService, svc
	case topic != "":
		return topic, svc
	case ByeWords.ScoreIn(t) > 0:
		return QuestionBye, svc
	case HelloWords.ScoreIn(t) > 0:
		return QuestionHello, svc
	case ThanksWords.ScoreIn(t) > 0:
		return QuestionThanks, svc
	}
	return "", svc
}

// engagementLeads open what the visitor has on at an hour: "I have a class at 3", "j'ai
// cours à 15h", "3andi cours m3a 3", "عندي درس على 3". A service's word there is the
// visitor's own engagement, given as a reason, not a service asked for.
var (
	engagementLeads = NewMatcher("i have a", "i have", "i've got a", "i've got", "i have got a", "i've a",
		"we have a", "j'ai", "j'ai un", "j'ai une", "on a un", "on a une", "nous avons un", "nous avons une",
		"3andi", "3endi", "andi", "عندي", "لدي", "عندنا", "3andna")
	engagementAt = NewMatcher("at", "à", "a", "vers", "m3a", "3la", "على", "مع", "الساعة", "around", "from")
)

// engagementReach is how many words may stand between a lead and its hour.
const engagementReach = 3

// withoutEngagements is t without the visitor's engagements at an hour, or t itself when
// it tells of none.
func withoutEngagements(t *Text) *Text {
	if engagementLeads.ScoreIn(t) == 0 {
		return t
	}
	var keep []string
	for i := 0; i < len(t.Words); i++ {
		if n := engagementLeads.atIn(t, i); n > 0 {
			if end := engagementEnd(t, i+n); end > 0 {
				if keep == nil {
					keep = append(make([]string, 0, len(t.Words)), t.Words[:i]...)
				}
				i = end - 1
				continue
			}
		}
		if keep != nil {
			keep = append(keep, t.Words[i])
		}
	}
	if keep == nil {
		return t
	}
	out := NewText(keep)
	out.asked = t.asked
	return &out
}

// engagementEnd is the index after an engagement's time whose thing starts at i: one to
// engagementReach words, then "at" and a number ("a class at 3"), or a part of the day or
// a day ("j'ai pas cours l'après-midi", "a class tomorrow"); 0 when the words after i are
// none, or want something ("j'ai besoin d'une formation demain").
func engagementEnd(t *Text, i int) int {
	for j := i; j <= i+engagementReach && j < len(t.Words); j++ {
		if WantWords.atIn(t, j) > 0 {
			return 0
		}
		if j == i {
			continue
		}
		if n := engagementAt.atIn(t, j); n > 0 && j+n < len(t.Words) && startsWithDigit(t.Words[j+n]) {
			return j + n + 1
		}
		if engagementWhen[t.Words[j]] {
			return j + 1
		}
	}
	return 0
}

// engagementWhen are the parts of the day and the days an engagement is told at.
var engagementWhen = map[string]bool{"apres": true, "midi": true, "matin": true, "soir": true, "morning": true,
	"afternoon": true, "evening": true, "tonight": true, "demain": true, "tomorrow": true, "today": true,
	"aujourd'hui": true, "la3chiya": true, "l3chiya": true, "3chiya": true, "sbah": true, "ghedwa": true,
	"العشيه": true, "الصباح": true, "المساء": true, "صباحا": true, "مساء": true, "غدوه": true, "غدوا": true, "غدا": true, "ghodwa": true}

func startsWithDigit(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

// wantReach is how many words may stand between a want and the service it wants ("je
// voudrais une formation", "nheb chatbot"), each an article or the like (wantFillers).
const wantReach = 3

// wantFillers may stand between a want and its service: "I need some training", "bghit
// wahed site".
var wantFillers = map[string]bool{"de": true, "d": true, "des": true, "du": true, "some": true, "new": true,
	"nouveau": true, "nouvelle": true, "wahed": true, "wa7ed": true, "واحد": true, "one": true,
	// what is to be done to it: "nheb nbeddel l'hébergement", "je veux refaire mon logo"
	"نبدل": true, "nbeddel": true, "nbadel": true, "nbedel": true, "changer": true, "change": true, "refaire": true,
	"ndir": true, "ندير": true, "نعمل": true, "n3mel": true, "faire": true, "make": true, "build": true,
	"créer": true, "creer": true, "create": true, "update": true, "renouveler": true, "renew": true,
	// "أحتاج إلى استشارة" (normalized), "I need professional photos", "help with", "de belles photos"
	"الي": true, "to": true, "get": true, "help": true, "with": true, "aide": true, "professional": true,
	"professionnel": true, "professionnelle": true, "professionnels": true, "professionnelles": true,
	"pro": true, "احترافي": true, "احترافيه": true, "quality": true, "good": true, "better": true, "nice": true,
	"real": true, "belles": true, "beaux": true, "bonnes": true, "bons": true, "vraies": true, "vrais": true,
	"more": true, "few": true, "quelques": true, "plusieurs": true, "عده": true, "بعض": true}

// wantedService is the one service named right after a want ("nheb", "je voudrais", "I
// need"); ok false when none is, or two are.
func wantedService(t *Text, c *servicesMatchers, services []Service, skip string) (Service, bool) {
	found, n := -1, 0
	for i := 0; i < len(t.Words); i++ {
		k := WantWords.atIn(t, i)
		if k == 0 {
			continue
		}
		for j := i + k; j <= i+k+wantReach && j < len(t.Words); j++ {
			if j > i+k && !subjectFillers[t.Words[j-1]] && !wantFillers[t.Words[j-1]] {
				break
			}
			hit := -1
			for a := range c.matchers {
				if c.matchers[a].atIn(t, j) > 0 && !(skip != "" && services[a].Slug == skip) {
					hit = a
					break
				}
			}
			if hit >= 0 {
				if hit != found {
					found, n = hit, n+1
				}
				break
			}
		}
		i += k - 1
	}
	if n != 1 {
		return Service{}, false
	}
	return services[found], true
}

// LittleWords carry no meaning of their own in a question.
var LittleWords = []string{"est", "les", "des", "une", "pour", "que", "qui", "quoi", "vous", "avez", "faites",
	"what", "the", "you", "your", "are", "does", "have", "can", "with", "for", "and", "هل", "ما", "ماذا", "عندكم",
	"لديكم", "في", "من", "على", "واش", "كاش", "wach", "kach"}

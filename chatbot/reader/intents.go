package reader

import (
	"slices"
	"time"
)

// Intents Dota recognises at any step, besides booking and the business topics: the
// visitor's own appointment (move or cancel it), a person to talk to, whether Dota is a
// bot, goodbyes, and the questions about a day or the closing time. Each is a list of
// phrases in fr, en and ar, Algerian usage included (darija in Latin or Arabic letters).
var (
	// AppointmentWords name an appointment.
	AppointmentWords = NewMatcher("rendez-vous", "rendez vous", "rdv", "réservation", "reservation", "appointment",
		"meeting", "booking", "موعد", "الموعد", "موعدي", "حجز", "الحجز", "حجزي", "maw3id", "lmaw3id", "el maw3id",
		"mawid", "lmawid", "rondevou", "rendevou", "randevu", "rondivou", "رونديفو", "روندوفو", "رانديفو", "روندفو",
		"rendez", "meeting", "call", "appt", "appts", "rdv ta3i")
	// bookedWords tell of an appointment the visitor already has: "j'ai réservé", "I booked".
	bookedWords = NewMatcher("j'ai réservé", "j'ai reserve", "j'avais réservé", "j'avais reserve", "javais réservé",
		"javais reserve", "j'avais pris rendez-vous", "i had booked", "i'd booked", "j'ai pris", "j'avais pris", "j'ai un rendez-vous",
		"j'ai rendez-vous", "j'ai rdv", "j'avais rdv", "on a rdv", "on a un rdv", "on a rendez-vous",
		"nous avons rendez-vous", "nous avons un rendez-vous", "we have an appointment", "عندنا موعد",
		"3andna rdv", "i booked", "i have an appointment", "i had booked", "i made an appointment",
		"i've booked", "حجزت", "عندي موعد", "كان عندي موعد", "dert rdv", "dert rendez-vous", "3andi rdv",
		"لدي موعد", "عندي رونديفو", "كان عندي رونديفو", "i have a meeting", "i booked a meeting", "j'ai un rdv",
		"3andi un rdv", "3andi rendez vous",
		"3andi rendez-vous", "andi rdv", "my slot", "my monday slot", "mon créneau", "rdv ta3i", "rendez-vous ta3i",
		"rdv dyali", "موعدي", "derna rdv", "khdit rdv", "خذيت موعد",
		// "كنت حاجزة رونديفو": darija's "I had booked", as a man or a woman says it
		"حاجز", "حاجزة", "كنت حاجز", "كنت حاجزة", "راني حاجز", "راني حاجزة", "hajez", "hajza", "7ajez", "7ajza",
		"kont dayra", "kount dayra", "kunt dayra", "kont dayer", "kount dayer", "كنت دايرة", "كنت داير",
		// for someone else: "il a un rdv", "she has an appointment", "عندها موعد"
		"il a un rdv", "il a un rendez-vous", "il a rendez-vous", "elle a un rdv", "elle a un rendez-vous",
		"elle a rendez-vous", "he has an appointment", "she has an appointment", "has an appointment",
		"عنده موعد", "عندها موعد", "لديه موعد", "لديها موعد", "3andou rdv", "3andha rdv", "kont dert",
		"kount dert", "kunt dert", "j'avais un rendez-vous", "j'avais rendez-vous", "j'avais un rdv",
		"normalement 3andi", "i have a booking", "i had an appointment", "لدي حجز", "عندي حجز",
		"mon rdv", "mon rendez-vous", "notre rdv", "notre rendez-vous", "my appointment", "our appointment",
		"my booking", "my meeting", "rdv ta3na",
		// "الموعد تاعي نهار 2 ديسمبر": darija's "my appointment", its possessive apart
		"الموعد تاعي", "موعد تاعي", "الموعد نتاعي", "الموعد ديالي", "الرونديفو تاعي", "رونديفو تاعي",
		"lmaw3id ta3i", "maw3id ta3i", "el maw3id ta3i", "rendez vous ta3i", "rdv nta3i",
		// told by its service, or for someone else: "I have a consultation with you on Sunday",
		// "elle avait pris rendez-vous pour une formation"
		"i have a consultation with you", "i have a session with you", "i have a training with you",
		"i have a shoot with you", "i have a photo shoot with you", "j'ai une consultation avec vous",
		"j'ai une formation avec vous", "j'ai un shooting avec vous", "avait pris rendez-vous",
		"a pris rendez-vous", "avait pris un rendez-vous", "a pris un rendez-vous", "avait réservé", "avait reserve")
	// WantWords want something: with a service, a booking.
	WantWords = NewMatcher("je veux", "je voudrais", "j'aimerais", "je souhaite", "besoin", "i want", "i need",
		"i'd like", "i would like", "looking for", "أرغب", "ارغب", "نرغب", "7ab", "نحتاجو", "نحتاجوا", "محتاجين", "محتاج", "أريد", "اريد", "بغيت", "نحب", "حاب", "ابغى", "أحتاج", "احتاج",
		"نحتاج", "nheb", "n7eb", "bghit", "habit", "7abit", "khasni", "lazemni", "nabghi",
		// said for a business: "we need", "nous voulons", "بغينا"
		"we need", "we want", "we'd like", "we would like", "we are looking for", "nous voulons", "nous souhaitons",
		"nous aimerions", "nous avons besoin", "on voudrait", "on veut", "on cherche", "nous voudrions",
		"nous souhaiterions", "on aimerait", "on souhaite", "on souhaiterait", "نحبو", "نحبوا", "بغينا",
		"حابين", "nhebou", "n7ebou", "bghina", "habin", "7abin",
		// "حبيت chatbot لل site تاعي": darija's "I'd like", as it is written in Arabic letters
		"حبيت", "حبينا",
		// a need said without "I": "and need advice", "my shop needs photos", "il me faut"
		"need", "needs", "il me faut", "il nous faut", "لازمني", "يلزمني", "لازمنا")
	// LearnWords are a visitor's wish to learn, after WantWords: "nheb nt3allem", "je veux
	// apprendre", "I want to learn", "أريد أن أتعلم".
	LearnWords = NewMatcher("apprendre", "me former", "nous former", "learn", "be trained", "get trained",
		"nt3allem", "nt3alem", "nta3allem", "net3allem", "nt3lm", "nat3alem", "nt3almou", "أتعلم", "اتعلم",
		"نتعلم", "نتعلمو", "التعلم", "تعلم")
	// EnrolWords sign up for a service, a training most often: "m'inscrire", "sign up",
	// "التسجيل", "nsajel".
	EnrolWords = NewMatcher("m'inscrire", "s'inscrire", "inscrire", "inscription", "nous inscrire", "sign up",
		"signup", "enrol", "enroll", "register", "registration", "التسجيل", "تسجيل", "أسجل", "اسجل", "نسجل",
		"نتسجل", "التسجل", "nsajel", "nsajjel", "nsejjel", "nsejel", "ntsajel", "tsajel", "nseyyel", "ninscrit",
		"ninscri", "ninscriw")
	// OwnWords say the appointment is the visitor's own.
	OwnWords = NewMatcher("mon", "mes", "notre", "my", "our", "موعدي", "حجزي", "ديالي", "تاعي", "dyali", "ta3i",
		"نتاعي", "ntaei")
	// CancelOwnWords cancel an appointment already booked.
	CancelOwnWords = NewMatcher("annuler", "annule", "annulation", "cancel", "cancellation", "call off", "إلغاء",
		"الغاء", "الغي", "نلغي", "نلغيه", "ألغي", "الغاء موعدي", "nalghi", "nelghi", "nlghi", "n annuler",
		"nannuli", "nanuli", "annulih", "call it off", "الغيه", "ألغيه", "ألغه", "الغه", "annuli", "annulez-le",
		"annule-le", "cancel it", "annulez", "annulez le", "supprimer", "supprimez", "supprime", "drop it", "remove it", "delete it",
		"remove my", "delete my", "nhiwah", "nahiwah",
		"nannuler", "nannulé", "nannulih", "nannuliw", "nalghih", "nalghiha", "سألغيه", "سالغيه", "سألغي", "سالغي", "سألغيها", "إلغائه", "الغائه", "إلغاؤه", "nahih", "nhih", "نحيوه", "نحيه", "احذف", "احذفه", "حذف",
		"حذفه", "أحذف", "ألغوه", "الغوه", "n7iwah", "na7ih", "7ebsouh", "7bsouh", "habsouh", "hebsouh", "حبسوه", "نلغيوه", "نلغيو", "نلغوه", "nelghiwh", "nalghiwh", "nlghiw", "nelghiw",
		"نحيد", "نحيدو", "نحيدوه", "حيدوه", "حيدو", "n7ayed", "n7aydou", "n7iydou",
		// "أود إلغاءه", "لغيوه من فضلكم": the cancelling of it, and darija's "cancel it" to several
		"إلغاءه", "الغاءه", "لغيوه", "لغيه", "لغيها", "lghiwh", "lghiweh", "lghih",
		// "annulili rdv", "لغيلي الموعد": cancel it for me
		"annulili", "annuliwli", "annulihli", "lghili", "lghiwli", "لغيلي", "الغيلي", "لغيولي",
		// "نحيلي الموعد تاعي": darija's "take it off" for me, to one or several
		"نحيلي", "نحيولي", "نحيهولي", "نحيهلي", "نحيها", "نحيوها", "حيدلي", "حيدولي", "na7ili", "nahili",
		"n7ili", "nhili", "na7iwli", "nahiwli", "n7iwli", "nhiwli", "7aydli", "hayedli", "7aydouli",
		// "من فضلكم ألغوا موعد التصوير", "ألغِ حجزي": Arabic's cancel said to several or to one
		"ألغوا", "الغوا", "ألغ", "ألغيها", "ألغوها", "الغوها", "قوموا بإلغاء",
		// "bghit nlghih", "n annuli le rdv": darija's "cancel it" as it is spelt
		"nlghih", "nlghiha", "nlghiwh", "nlghiweh", "nlghiwah", "nelghih", "nelghiha", "nalghiw", "n annuli",
		"n annulih", "n annuler", "nfesskh", "nfasskh", "nfaskh", "nfesskho", "nfasskhou", "نفسخ", "نفسخو",
		"نفسخه", "نفسخوه", "نبطل", "نبطلو", "نبطله", "نبطلوه", "nbatel", "nbattel", "nbatlo", "nbatlou",
		"nbatlouh",
		// "décommander", "call it off", "scrap it"
		"décommander", "decommander", "décommande", "decommande", "décommandez", "decommandez", "scrap it",
		"scrap my",
		// "بطلوه الله يخليكم": drop it
		"بطلوه", "بطلوها", "بطله",
		"بطلها", "batlouh", "battlouh", "batlouha", "battlouha")
	// MoveOwnWords move an appointment already booked.
	MoveOwnWords = NewMatcher("déplacer", "deplacer", "reporter", "décaler", "decaler", "changer la date",
		"changer l heure", "changer mon rendez-vous", "modifier mon rendez-vous", "changer mon rdv", "changer le rdv",
		"modifier mon rdv", "modifier le rdv", "changer le rendez-vous", "reprogrammer", "avancer",
		"reschedule", "move", "postpone", "change the date", "change the time", "change my appointment",
		"تغيير", "تأجيل", "تاجيل", "تقديم", "نبدل", "بدل", "نغير", "نأجل", "ناجل", "أأجل", "nbadel", "nbedel",
		"nbeddel", "nbdl", "nbdel", "nghayer", "nbadal", "nchangi", "nchanger", "ncangi",
		"تأجيله", "تاجيله", "نأجله", "ناجله", "نأخرو", "ناخرو", "نأخره", "ناخره", "نبدلو", "نبدله", "نقدمو",
		"push it", "push back", "move it", "reschedule it", "décaler", "ndecaliw", "decaliw", "décaliw", "ndécaler", "ndecaler", "ndécali", "ndecali", "decali", "décali",
		"nbedlo", "nbadlo", "nbadlou", "nbedlouh", "nbadlouh", "nbeddlo", "nbeddlou", "nbeddlouh", "nrodoh", "nrodou",
		"nroddou", "nroddouh", "nrodouh", "نردوه", "nhawel", "n7awel", "nhawlou", "n7awlou", "ndéplaci", "ndeplaci",
		"instead of my", "نحول", "نحولو", "بدلا من موعدي", "بدل موعدي", "عوض موعدي", "instead of my appointment",
		"au lieu de mon rendez-vous", "au lieu de mon rdv", "à la place de mon rendez-vous", "à la place de mon rdv", "نأخر", "ناخر", "نؤجل", "أؤجل", "اؤجل", "نأخرو", "نرودو", "نبدلوه", "nbeddel", "nbedel l", "nakhrouh", "n2ajlou", "نبدلوه", "nchangiw", "mettre à une autre date", "ndécaliw", "nde9aliw", "nreporter",
		"nreportiw", "nbedlou", "nbadlou", "nakhrou", "n2akhrou", "le mettre", "la mettre", "be moved",
		"moved", "nredo", "nredoha", "nredouh", "nredouha", "نقله", "ننقله", "تقديمه", "نقدمه", "تقدمو",
		"n2akhar", "nakhar", "n2akher", "nakher", "n2ajel", "n2ajjel", "najjel", "n2akharha", "n2akharo",
		// "bghit n25er rdv": "n2akher" with 5 for its kh
		"n25er", "n25ar", "n25ro", "n25rou", "n25erha", "n25rouh",
		"push my appointment back", "push back my appointment", "push my appointment", "push the appointment back",
		"push my booking back", "move my booking", "push my", "push our",
		"تأخيره", "تاخيره", "تغييره", "تغييرها", "أغيره", "اغيره", "نغيره", "نغيرو", "تعديله", "أعدله", "اعدله",
		"أؤجله", "اؤجله", "أقدمه", "اقدمه",
		// "n9der nrodo nhar letnin ?": darija's "put it back", as it is spelt
		"nrodo", "nroddo", "nrodoha", "nroddoh", "nroudou", "nroudouh", "نردو", "نرودوه",
		// "أريد نقل موعدي إلى تاريخ آخر": the moving of it, and its verb
		"نقل موعدي", "نقل الموعد", "نقل حجزي", "أنقل موعدي", "انقل موعدي", "ننقل موعدي", "أنقله", "انقله",
		// "نحب نقدم الموعد تاعي", "نأخروه للثلاثاء": darija's bring forward and put back, of it
		"نقدم", "نقدموه", "نقدموها", "نقدمها", "نأخروه", "ناخروه", "نأخروها", "ناخروها", "نأخرها", "ناخرها",
		"نأجلوه", "ناجلوه", "نأجلو", "ناجلو", "نأجلها", "نغيروه", "نحولوه", "نبدلوها",
		// Arabic's imperatives said to several: "أجلوا موعدي", "أخروه", "انقلوه"
		"أجلوا", "اجلوا", "أجلوه", "اجلوه", "أخروا", "اخروا", "أخروه", "اخروه", "قدموه", "غيروا", "غيروه",
		"انقلوا", "انقلوه", "بدلوا", "بدلوه", "عدلوا موعدي", "تعديل موعدي", "تعديل الموعد",
		// darija in Latin letters: "n2akhro", "n9admo", "nbaddel"
		"n2akhro", "n2akhrouh", "n2akhroh", "n2akhroha", "nakhro", "nakhrouh", "n2ajlo", "n2ajlouh", "n2ejjel",
		"nqadmo", "n9admo", "n9addmo", "n9adem", "n9addem", "nqadem", "nqaddem", "n9admouh", "nqadmouh",
		"nbaddel", "nbaddlo", "nbaddlou", "nbaddlouh", "nghayro", "nghayrou", "nghayrouh", "n7awlo", "n7awlouh",
		"nchangih", "nchangiwh", "nreportih", "nreportiwh", "navanci", "navanciw", "n avanci", "ndecalih",
		"ndécalih",
		// "push my appt", "bring it forward", "delay my appointment"
		"push my appt", "push my meeting", "push my call", "push our appointment", "push our meeting",
		"push the appt", "push the appointment", "push the meeting", "push the call", "bring forward",
		"bring it forward", "bring it earlier", "bring my appointment forward", "bring my appt forward",
		"bring the appointment forward", "bring my meeting forward", "delay my appointment", "delay my appt",
		"delay it", "shift my appointment", "shift it", "rearrange my appointment", "change my appt",
		"change the appointment", "change my booking", "change my meeting",
		// "repousser", "changer de date", "décalez-le"
		// (not "reporté", "décalé", "déplacez": "on a reporté l'événement", "vous vous déplacez ?")
		"repousser", "repoussez", "reportez", "décalez", "decalez", "avancez", "déplacez-le", "deplacez le",
		"changer de date", "changer de créneau",
		"changer de creneau", "changer d'heure", "modifier la date", "modifier l'heure", "modifier le rendez-vous",
		// "changer le jour et l'heure de mon rendez-vous", "change the day and time of my appointment"
		"changer le jour", "changer de jour", "changer l'heure", "changer l'horaire", "changer d'horaire",
		"changer le créneau", "changer le creneau", "modifier le jour", "modifier l'horaire", "modifier le créneau",
		"modifier le creneau", "change the day", "change the hour", "change the slot", "change my slot",
		// "on le décale au jeudi", "tbeddelouli l'après-midi", "تبدلوه": said of it, to us or for me
		"le décale", "la décale", "on décale", "décale-le", "le repousse", "la repousse", "on repousse",
		"repousse-le", "tbedlouh", "tbeddlouh", "tbadlouh", "tbeddelouh", "tbedlouli", "tbeddelouli",
		"tbeddlouli", "tbadlouli", "tbedlouha", "tbeddlouha", "تبدلوه", "تبدلولي", "بدلولي", "بدلوهولي",
		"تبدلوهولي")
	// changeItWords change "it", which moves the appointment only when the message names
	// one: "3andi rdv jeudi, je veux le changer", not "mon site est vieux, je veux le changer".
	changeItWords = NewMatcher("le changer", "la changer", "le modifier", "la modifier", "change it", "modify it",
		"change that", "le changez", "changez-le", "modifiez-le")
	// remakeWords make it at another hour or day ("الموعد تاعي نهار 2 ديسمبر على الجوج، نقدر
	// نديروه على الخمسة؟"): a move of the visitor's appointment once they tell of it, a
	// booking's slot otherwise ("nheb rdv, n9dro ndirouh 3la 10?").
	remakeWords = NewMatcher("نديروه على", "نديروه نهار", "نديروه مع", "تديروه على", "تديروه نهار", "تديروه مع",
		"نديروها على", "نديروها نهار", "نحطوه على", "نحطوه نهار", "ndirouh 3la", "ndirouh nhar", "ndirouh m3a",
		"ndiroh 3la", "ndiroh nhar", "ndiroh m3a", "tdirouh 3la", "tdirouh nhar", "tdiroh 3la", "ndirouha 3la",
		"ndirouha nhar",
		// "نقدر نديه لنفس النهار؟": darija's "take it" to another hour or day
		"نديه", "نديها", "نديوه", "نديوها", "تديه", "تديوه", "ndih", "ndiha", "ndiwh", "ndiwah", "ndiweh",
		"ndiwha", "ndiwouh")
	// cantComeWords tell that the visitor cannot come: with their appointment, a story
	// that ends in cancelling it, or moving it when another slot is asked for.
	cantComeWords = NewMatcher("je ne pourrai pas venir", "je ne pourrai pas", "je ne peux pas venir",
		"je ne peux plus venir", "pas pouvoir venir", "empêchement", "empechement", "imprévu", "imprevu",
		"i can't make", "i cannot make", "can't make it", "won't be able", "won't make it", "can't come",
		"cannot come", "something came up", "i can no longer", "ma nejemch nji", "ma nejjemch nji", "ma neqderch nji",
		"ma n9derch nji", "manajamch nji", "ma najamch nji", "ma nejemch", "ma n9derch", "ما نقدرش نجي",
		"ma nkderch", "ma nqderch", "manqderch", "mankderch", "ma n9darch", "ma nkdarch", "مانقدرش",
		"ما نقدرش", "ما نجمش", "لن أتمكن", "لن اتمكن", "لن أستطيع", "لن استطيع", "لا أستطيع الحضور",
		"لا استطيع الحضور", "لا يمكنني الحضور", "تعذر علي", "طرأ", "ظرف", "stuck", "i'm stuck", "coincé",
		"coince", "bloqué", "bloque", "je serai en déplacement", "out of town", "stuck abroad", "i'm abroad",
		"i'll be abroad", "i'm travelling", "i'm traveling", "i'll be travelling", "i'll be traveling",
		"i will be travelling", "i will be traveling", "en voyage", "je serai absent", "je serai absente", "je suis à l'étranger", "نكون مسافر", "راني مسافر",
		"خارج البلاد", "rani msafer", "nkoun msafer", "mab9itch n7taj", "ma b9itch n7taj",
		"ma3adch nheb", "ma3adch n7eb", "ma3adech nheb", "ma b9itch nheb", "mab9itch nheb", "ما عادش نحب",
		"مابقيتش نحب", "i no longer want", "je n'en veux plus", "plus envie",
		"no longer need", "don't need it anymore", "plus besoin", "n'en ai plus besoin", "ماراناش حابين",
		"مابقيتش", "لم أعد بحاجة", "لم اعد بحاجة", "mab9inach", "ma b9inach",
		// "ما نحتاجوش الرونديفو": we don't need it
		"ما نحتاجوش", "ما نحتاجش", "مانحتاجوش", "مانحتاجش", "ma n7tajouch", "man7tajouch", "ma nehtajch",
		"ma ne7tajch", "we don't need", "we no longer need",
		// "ماعادش نحتاج الموعد", "لم نعد بحاجة إلى التصوير", "no point meeting anymore"
		"ماعادش نحتاج", "ما عادش نحتاج", "ماعادش نحتاجو", "ما عادش نحتاجو", "ماعادش نستحق", "ما عادش نستحق",
		"ma3adch n7taj", "ma3adech n7taj", "ma3adch nehtaj", "ma3adch n7tajou", "ma3adch nest7a9",
		"ma3adech nest7a9", "مابقاش لازم", "ما بقاش لازم", "mab9ach lazem", "ma b9ach lazem", "لم نعد بحاجة",
		"لم نعد نحتاج", "لم أعد أحتاج", "لم اعد احتاج", "لم تعد هناك حاجة", "no point", "there's no point",
		"no longer necessary", "not needed anymore", "plus la peine", "n'est plus la peine", "ne sert plus à rien",
		"on laisse tomber", "nous laissons tomber", "we're dropping it", "we are dropping it",
		// someone else cannot come: "mon associé ne pourra pas être là", "he won't be there"
		"ne pourra pas être là", "ne pourra pas venir", "ne pourra pas assister", "ne pourrons pas venir",
		"ne pourrons pas être là", "ne pourrai pas être là", "ne sera pas là", "ne serai pas là",
		"ne serons pas là", "won't be there", "can't be there", "cannot be there", "can't attend",
		"won't be able to attend", "ma yeqderch yji", "ma y9derch yji", "ma tnajemch tji", "ma yenajemch yji",
		"ما يقدرش يجي", "ما تقدرش تجي", "لن يتمكن", "لن تتمكن", "لن يستطيع", "لن تستطيع")
	// OtherSlotWords ask for another day or hour.
	OtherSlotWords = NewMatcher("une autre date", "un autre jour", "un autre créneau", "un autre horaire",
		"une autre heure", "autre date", "autre jour", "autre créneau", "another slot", "another day",
		"another time", "another date", "a different day", "a different time", "other day", "later date",
		"موعد آخر", "موعد اخر", "يوم آخر", "يوم اخر", "وقت آخر", "وقت اخر", "nhar akhor", "nhar akhor",
		"wa9t akhor", "nhar e5er", "نهار آخر", "نهار اخر")
	// sameSlotWords keep the hour of the visitor's appointment for another day: "possible
	// jeudi, même heure ?", "could we do Thursday same time?", "الخميس فنفس الساعة".
	sameSlotWords = NewMatcher("même heure", "la même heure", "même horaire", "même créneau", "same time",
		"the same time", "same hour", "same slot", "نفس الساعة", "فنفس الساعة", "في نفس الساعة", "نفس الوقت",
		"في نفس الوقت", "فنفس الوقت", "nafs sa3a", "fnafs sa3a", "nafs l wa9t", "fnafs l wa9t", "nefs sa3a",
		"nafs lwa9t", "f nafs sa3a")
	// projectWords name the visitor's own plans, which a move word may put off without
	// touching the appointment: "les associés ont reporté le projet", "قرر الشركاء تأجيل
	// مشروع التطبيق".
	projectWords = NewMatcher("projet", "project", "مشروع", "المشروع", "مشروعنا", "مشروعي", "lancement", "launch",
		"mashrou3", "lmashrou3", "machrou3", "lmachrou3", "événement", "evenement", "l'événement", "l'evenement",
		"event", "the event", "الحدث", "الفعالية", "الحفل")
	// requestWords name a request the visitor submits, which "نقدم" and "n9adem" also say:
	// "نحب نقدم طلب موعد" asks for an appointment, it moves none.
	requestWords = NewMatcher("طلب", "الطلب", "طلبي", "demande", "une demande", "request", "a request")
	// thingWords name what the agency hosts, makes or looks after for a client, which a
	// visitor may ask to move, change or cancel: the hosting, the server, the domain, the logo.
	thingWords = NewMatcher("hosting", "host", "hébergement", "hebergement", "l'hébergement", "l'hebergement",
		"hébergeur", "hebergeur", "serveur", "server", "domain", "domain name", "domaine", "nom de domaine",
		"استضافة", "الاستضافة", "إيبرجمو", "ايبرجمو", "الإيبرجمو", "الايبرجمو", "سيرفر", "دومين", "النطاق",
		"hebergemo", "ebergemo", "l'ebergement", "lhebergement", "domaine ta3i", "serveur ta3i",
		// "نهبرجي السيت و نبدل اللوغو": to host the site and change the logo
		"نهبرجي", "nhebergi", "logo", "لوغو", "اللوغو", "شعار",
		// the hosting in Arabic letters, as darija says the French word
		"هيبرجمون", "الهيبرجمون", "هيبرجمو", "الهيبرجمو", "ايبرجمون", "الايبرجمون", "إيبرجمون", "الإيبرجمون",
		"lhebergemon", "hebergemon", "l'hebergemon")
	// SelfMoveWords are the visitor moving, not the appointment.
	SelfMoveWords = NewMatcher("me déplacer", "me deplacer", "se déplacer", "se deplacer", "nous déplacer",
		"nous deplacer", "venir", "me rendre")
	// HumanWords ask for a person.
	HumanWords = NewMatcher("humain", "un humain", "une personne", "vraie personne", "personne réelle",
		"un conseiller", "une conseillère", "conseiller", "un agent", "quelqu'un de l'équipe", "votre équipe",
		"parler à quelqu'un", "human", "real person", "a person", "someone", "somebody", "an agent", "a human",
		"talk to someone", "speak to someone", "customer service", "your team", "شخص", "شخص حقيقي", "إنسان",
		"انسان", "موظف", "بشري", "أحد الموظفين", "فريقكم", "واحد من الفريق", "wahed", "m3a wahed",
		"واحد منكم", "مع واحد منكم", "مع واحد من الفريق", "wahed menkom", "wa7ed menkom", "chi wahed menkom",
		"m3a l equipe", "bnadem", "بنادم", "customer service",
		"un membre", "membre de votre équipe", "membre de l'équipe", "quelqu'un de chez vous", "quelqu'un",
		"pas un robot", "pas un bot", "not a bot", "not a robot", "a real human", "human on the line", "staff",
		"a staff member", "one of your staff", "employee", "representative", "operator", "opérateur",
		"agent humain", "responsable", "le responsable", "gérant", "le gérant", "gerant", "la gérante", "gérante", "موظفيكم", "أحد موظفيكم", "احد موظفيكم",
		"احد من الفريق", "شخص من فريقكم", "مسؤول", "المسؤول", "مسؤولا", "مدير", "المدير", "manager", "the manager",
		"someone in charge", "person in charge", "le directeur", "directeur", "lmoudir", "moudir", "مسير", "insan", "chi wahed", "chi wa7ed", "wa7ed", "wahd men l'equipe",
		"wa7ed mn l'equipe",
		// "نحب نهدر مع واحد من الخدامين تاعكم ماشي مع روبو"
		"الخدامين", "واحد من الخدامين", "خدام", "ماشي مع روبو", "ماشي روبو", "machi robot", "machi m3a robot",
		// "نحب نهدر مع واحد من l'équipe، ماشي مع robot": the team in French inside darija
		"واحد من l'équipe", "واحد من l'equipe", "مع l'équipe", "مع l'equipe", "avec l'équipe", "avec l'equipe",
		"ماشي مع robot", "ماشي robot")
	// TalkWords go with humanWords: "parler", "talk", "نهدر", "nahder".
	TalkWords = NewMatcher("parler", "discuss", "nahki", "nehki", "nahkiw", "ndwi", "ndwi m3a", "nahdar m3a", "مناقشة", "مناقشته", "أناقش", "اناقش", "نناقش", "discuter", "joindre", "contacter", "passez moi", "mettez moi en contact",
		"talk", "speak", "chat with", "reach", "connect me", "put me through", "transfer me",
		"contact", "أتكلم", "اتكلم", "أتحدث", "اتحدث", "التحدث", "التكلم", "نهدر", "نتكلم", "nahder", "nehder",
		"nhder", "netkellem", "nhdr", "on the line", "get a human", "avoir quelqu'un", "أكلم", "اكلم", "نكلم",
		"nkalem", "nkellem", "nhadar", "nahdar", "نهضر", "نحكي", "n7ki",
		// a call asked for: "can someone call me?", "kayen chi wa7ed y3ayetli?"
		"call me", "call me back", "give me a call", "appelez-moi", "appelez moi", "rappelez-moi", "rappelez moi",
		"me rappeler", "m'appeler", "y3ayetli", "y3ayatli", "y3aytli", "ykalamni", "ykelmni", "yetasel bia",
		"يعيطلي", "عيطولي", "يتصل بي", "اتصلوا بي", "يكلمني", "يتصلبي")
	BotWords = NewMatcher("robot", "robo", "روبو", "un bot", "une ia", "intelligence artificielle", "bot", "a bot", "a robot",
		"an ai", "artificial intelligence", "chatbot", "روبوت", "آلي", "الي", "ذكاء اصطناعي", "بوت",
		"machine", "une machine", "a machine", "automated", "automatique", "آلة", "الة",
		// asked the other way round: "is this a real person?", "je parle à un humain ?"
		"humain", "un humain", "human", "a human", "real person", "a real person", "vraie personne",
		"une vraie personne", "personne réelle", "bnadem", "insan", "إنسان", "انسان", "شخص حقيقي")
	ByeWords = NewMatcher("au revoir", "à bientôt", "a bientot", "bonne journée", "bonne soirée", "bye",
		"goodbye", "good bye", "see you", "مع السلامة", "الى اللقاء", "إلى اللقاء", "بسلامة", "bslama", "beslama",
		"bye bye", "ciao")
	// botAddress makes "bot" a question to Dota: "tu es un robot ?", not "un bot IA".
	botAddress = NewMatcher("tu", "t es", "t'es", "tes", "vous", "you", "am i", "je parle", "talking", "انت", "أنت", "نتا",
		"راني", "راك", "est-ce que je", "is this", "is it", "am i talking", "talking to", "chatting with",
		"i'm talking", "j'écris à", "nta", "nti", "rak", "wach nta", "wach nti", "هل انت", "هل أنت", "هل هذا",
		"mne7ki m3a", "nahder m3a",
		// "هل أتحدث مع موظف أم مع برنامج آلي؟", "واش راني نهدر مع بنادم ولا روبو؟"
		"هل أتحدث", "هل اتحدث", "أتحدث مع", "اتحدث مع", "أتكلم مع", "اتكلم مع", "هل أكلم", "هل اكلم", "نهدر مع", "نتكلم مع",
		"rani nahder")
	// OpenWords ask whether the agency works on a day.
	OpenWords = NewMatcher("ouvert", "ouverts", "ouverte", "travaillez", "travaille", "bossez", "open",
		"work", "working", "تعملون", "تشتغلون", "مفتوح", "مفتوحين", "مفتوحون", "خدامين", "تخدمو", "تخدموا", "khdamin",
		"tekhdmou", "t5edmou", "dawam", "دوام", "t5admou", "tkhadmou", "tkhedmou", "tekhedmou", "t5edmo", "t5admo",
		"khadmin", "5admin", "تخدمو", "خدامين", "تفتحو", "tftho", "tefet7o", "ouvrez", "bossez")
	// WeekendWords name the weekend, asked about with OpenWords: "do you work weekends?".
	WeekendWords = NewMatcher("weekend", "weekends", "week-end", "week-ends", "week end", "nhayet simana",
		"نهاية الأسبوع", "نهاية الاسبوع", "الويكاند", "الويكند", "wikend", "wiikend")
	// ClosingWords ask when the agency closes.
	ClosingWords = NewMatcher("fermez", "fermeture", "ferme", "fermer", "close", "closing", "closing time",
		"تغلقون", "الإغلاق", "الاغلاق", "تسكرو", "tsakrou", "tsekrou")
)

// What a message outside a booking asks for, as readIntent names it; a question the
// rules answer is named by QuestionOf.
const (
	IntentBook   = "book"
	IntentMove   = "move"
	IntentCancel = "cancel"
	// IntentOwn is the visitor telling of their appointment without saying yet whether to
	// move or cancel it: "j'ai un rendez-vous lundi à 10h, mais on ferme pour travaux".
	IntentOwn    = "own"
	IntentPerson = "person"
	IntentYes    = "yes"
	IntentNo     = "no"
	IntentOther  = "other" // a question for Gemini, or nothing the rules read
)

// readIntent names what a message outside a booking asks for, in the order Dota weighs
// them: the visitor's own appointment, a person, a booking (asked for, accepted, or
// implied by several details given at once), a plain yes or no, a question the rules
// answer; question and topic are the message's (IsQuestionIn, TopicOfIn), offered says
// whether Dota has just offered to book.
func readIntent(t *Text, f Fields, question bool, topic string, offered bool, services []Service) string {
	if what, ok := OwnAppointmentIn(t, false, f.Names()); ok {
		return what
	}
	if WantsPersonIn(t) {
		return IntentPerson
	}
	// A yes, a no and a plain one matter only to a short message.
	short := len(t.Words) <= 4
	var yes, no, plain bool
	if short {
		yes, no = YesWords.ScoreIn(t) > 0, NoWords.ScoreIn(t) > 0
		plain = !question && CoversIn(t, YesWords, NoWords, PoliteWords)
	}
	// "vous êtes win exactement ? Nheb nji l'agence directement": to come to the agency,
	// asking where it is, asks for its address; nothing of a booking is said.
	visit := topic == "address" && question && AppointmentWords.ScoreIn(t) == 0 && !f.HasService &&
		f.When.Date == "" && f.When.Time == ""
	switch {
	case ByeWords.ScoreIn(t) > 0 && CoversIn(t, ByeWords, PoliteWords, ThanksWords):
		return QuestionBye
	case !visit && BookWords.ScoreIn(t) > 0, f.Count() >= 2, offered && short && yes && !no && !thanksOnly(t),
		// "سمير حمدي، samir@…": contact details given are a booking under way.
		f.Email != "" || f.Phone != "",
		// "Dimanche 29 à 9h, kayen de la place ?": a day asked for is a booking asked for.
		f.When.Date != "" && question && topic == "" && OpenWords.ScoreIn(t) == 0 &&
			ClosingWords.ScoreIn(t) == 0,
		// "nheb consultation", "I need a mobile app": a service wanted is a booking asked for.
		f.HasService && WantWords.ScoreIn(t) > 0 && !question,
		// "kayen formation 3la …? nheb nt3allem": to want to learn is to want a training,
		// asked about or not.
		f.HasService && WantWords.ScoreIn(t) > 0 && LearnWords.ScoreIn(t) > 0,
		// "أرغب في التسجيل في دورة", "7ab nsajel f formation": to sign up is to book.
		f.HasService && EnrolWords.ScoreIn(t) > 0,
		// "نهار الاحد 13 ديسمبر مع 3 لعشية": a day and an hour given are a slot asked for.
		f.When.Date != "" && f.When.Time != "" && topic == "" && OpenWords.ScoreIn(t) == 0 &&
			ClosingWords.ScoreIn(t) == 0:
		return IntentBook
	case offered && short && no && !question, plain && no:
		return IntentNo
	case plain && yes && !thanksOnly(t):
		return IntentYes
	}
	if q, _ := QuestionOfIn(t, services); q != "" {
		return q
	}
	return IntentOther
}

// OwnAppointment reports whether a message is about the visitor's appointment already
// booked, to cancel it ("cancel") or move it ("move"). Outside the booking flow, a cancel
// or move word with an appointment is enough ("بغيت نلغي الموعد"); inside it, cancelling
// is the booking under way's own command, and a move must name the visitor's own
// appointment ("je veux déplacer mon rendez-vous"), since "plutôt jeudi" changes the
// booking under way.
//
// Outside it, a message that names a day or a service stands for the appointment when it
// asks for no booking ("annuler le shooting du 1er décembre"), and one that tells of the
// visitor's appointment with its day is about it even before saying what to do ("I have
// an appointment on Monday at 2 pm, but I'll be travelling"): IntentOwn.
func OwnAppointment(ws []string, inFlow, names bool) (string, bool) {
	t := NewText(ws)
	return OwnAppointmentIn(&t, inFlow, names)
}

// OwnAppointmentIn is OwnAppointment over words already read.
func OwnAppointmentIn(t *Text, inFlow, names bool) (string, bool) {
	// "I booked a consultation for Sunday but something came up, I need to cancel it."
	// "My Tuesday 4pm slot clashes with…": a slot owned, its day or hour before it (story.go).
	booked := bookedWords.ScoreIn(t) > 0 || ownSlotNamedIn(t)
	// "annuler", "bonjour, annulation svp", "reschedule please": outside a booking, a
	// command alone has nothing else to be about than the visitor's appointment.
	if !inFlow {
		switch {
		case CancelOwnWords.ScoreIn(t) > 0 && CoversIn(t, CancelOwnWords, HelloWords, PoliteWords, commandFillers):
			return IntentCancel, true
		case MoveOwnWords.ScoreIn(t) > 0 && CoversIn(t, MoveOwnWords, HelloWords, PoliteWords, commandFillers):
			return IntentMove, true
		}
	}
	// "annuler le shooting du 1er": the day or service stands for the appointment. Without
	// an appointment, nothing below is about one: the lists are read only when one is.
	// "move my hosting", "نبدل الإيبرجمو": a thing the agency looks after, moved or
	// cancelled, is no appointment.
	// "mardi ma nkderch… possible jeudi, même heure ?": a visitor who cannot come and
	// offers another day moves their appointment, named or not.
	reschedules := !inFlow && cantComeWords.ScoreIn(t) > 0 && (sameSlotWords.ScoreIn(t) > 0 || otherDayOffered(t))
	// "الموعد تاع التصوير نهار 30 ما يصلحليش", "rdv ta3i m3a 9 bekri 3liya": an appointment
	// named as one already made that does not suit the visitor (wish.go).
	// So does a day or an hour said not to suit, asking for no booking: "lundi 10h ma
	// ysla7lich", "9h c'est beaucoup trop tôt pour moi" (story.go).
	unsuits := !inFlow && unsuitWords.ScoreIn(t) > 0 && (booked || theAppointmentIn(t) ||
		slotJudgedIn(t) && WantWords.ScoreIn(t) == 0 && bookVerbs.ScoreIn(t) == 0)
	// "lundi à 9h rani 3andi un examen", "les travaux mazal ma kmlouch": a slot told with
	// what stands in the way, asking for nothing (story.go).
	told := !inFlow && !booked && slotToldIn(t)
	// "نقدر نديه لنفس النهار على الحداش؟", "le décaler à 11h le même jour": the same day at
	// another hour, asked with a verb that takes or moves it, is the visitor's appointment
	// moved.
	sameDay := sameDayWords.ScoreIn(t) > 0
	remade := remakeWords.ScoreIn(t) > 0
	movedSameDay := sameDay && (remade || lastMoveIn(t) >= 0)
	if !booked && !reschedules && !movedSameDay && !unsuits && !told && AppointmentWords.ScoreIn(t) == 0 &&
		!(names && BookWords.ScoreIn(t) == 0 && thingWords.ScoreIn(t) == 0) {
		return "", false
	}
	cancels := lastAskedIn(&CancelOwnWords, t) >= 0
	moves := movesIn(t) || ((booked || sameDay) && remade) || movedSameDay
	if !inFlow && cancels && moves {
		return ManageActionIn(t), true
	}
	// Inside the booking flow, a move must name the visitor's own appointment.
	if (!inFlow || OwnWords.ScoreIn(t) > 0) && moves {
		return IntentMove, true
	}
	switch {
	case inFlow:
	case reschedules && !cancels:
		return IntentMove, true
	case unsuits && !cancels && slotOfferedFrom(t, phraseEnd(&unsuitWords, t)):
		// "… bekri 3liya, momkin nfs nhar m3a 11?": another slot offered moves it.
		return IntentMove, true
	case cancels || cantComeWords.ScoreIn(t) > 0:
		return IntentCancel, true
	case unsuits, told:
		return IntentOwn, true
	case names && booked && (sameDayWords.ScoreIn(t) > 0 || sameSlotWords.ScoreIn(t) > 0):
		// "rdv ta3i dimanche m3a 9, momkin nfs nhar m3a 11?": its day at another hour, or
		// its hour on another day.
		return IntentMove, true
	case names && booked && WantWords.ScoreIn(t) == 0:
		// It tells of the visitor's appointment with its day.
		return IntentOwn, true
	}
	return "", false
}

// ManageActionIn is what a message says to do with the visitor's appointment: IntentMove,
// IntentCancel, IntentOwn when it offers both as a choice ("can I cancel it, or is it
// better to move it?"), "" when it says neither. Said one after the other, the last word
// decides ("on le reporte… non, annulez-le").
func ManageActionIn(t *Text) string {
	m := -1
	if SelfMoveWords.ScoreIn(t) == 0 || CancelOwnWords.ScoreIn(t) == 0 {
		m = max(lastMoveIn(t), lastAskedIn(&OtherSlotWords, t))
	}
	c := lastAskedIn(&CancelOwnWords, t)
	switch {
	case m < 0 && c < 0:
		return ""
	case m >= 0 && c >= 0 && orBetween(t, min(m, c), max(m, c)):
		return IntentOwn
	case c > m:
		return IntentCancel
	}
	return IntentMove
}

// orWords offer a choice: "annuler ou reporter ?".
var orWords = NewMatcher("ou", "or", "ou bien", "أم", "ام", "أو", "او", "ولا", "wela", "wla", "walla", "wella")

// orBetween reports whether an or-word stands between the words at i and j.
func orBetween(t *Text, i, j int) bool {
	for k := i + 1; k < j; k++ {
		if orWords.atIn(t, k) > 0 {
			return true
		}
	}
	return false
}

// movesIn reports whether a message asks to move something or for another slot; not "je
// ne pourrai pas me déplacer, je préfère annuler", where the visitor, not the
// appointment, would move.
func movesIn(t *Text) bool {
	return (lastMoveIn(t) >= 0 && !(SelfMoveWords.ScoreIn(t) > 0 && CancelOwnWords.ScoreIn(t) > 0)) ||
		lastAskedIn(&OtherSlotWords, t) >= 0
}

// deniedWords deny the action that follows them: "أريد إلغاءه، وليس تأجيله", "pas le
// reporter", "not reschedule", "لا أريد تغيير الموعد", "ce n'est pas pour un rendez-vous".
var deniedWords = NewMatcher("pas", "not", "ليس", "وليس", "machi", "mashi", "ماشي", "مش", "لا أريد", "لا اريد",
	"لا أود", "لا اود", "لا أرغب في", "لا ارغب في", "don't want to", "do not want to", "rather than", "plutôt que",
	"plutot que", "ne veux pas", "ma nhebch", "manhebch", "ما نحبش", "مانحبش", "ma bghitch", "ما بغيتش")

// deniedFillers may stand between a denial and what it denies: "pas pour un nouveau
// rendez-vous", "not to move it", "ماشي على الموعد".
var deniedFillers = map[string]bool{"le": true, "la": true, "l": true, "les": true, "un": true, "une": true,
	"pour": true, "nouveau": true, "nouvel": true, "nouvelle": true, "de": true, "d": true, "to": true, "it": true,
	"the": true, "a": true, "an": true, "for": true, "new": true, "my": true, "mon": true, "ma": true, "على": true,
	"3la": true, "في": true, "about": true}

// lastAskedIn is the index of the last word a phrase of m starts at that the visitor asks
// for: not one denied ("وليس تأجيله"), nor a move of the visitor's own ("on peut se
// déplacer", SelfMoveWords); -1 when none is.
func lastAskedIn(m *Matcher, t *Text) int {
	for i := len(t.Words) - 1; i >= 0; i-- {
		if m.atIn(t, i) > 0 && askedAt(t, i) {
			return i
		}
	}
	return -1
}

// askedAt reports whether the phrase at i is asked for: not denied, nor part of the
// visitor's moving themselves.
func askedAt(t *Text, i int) bool { return !deniedAt(t, i) && !selfMoveAt(t, i) }

// deniedAt reports whether a denial ends right before the word at i, or a few fillers
// before it.
func deniedAt(t *Text, i int) bool {
	j := i
	for k := 0; k < 3 && j > 0 && deniedFillers[t.Words[j-1]]; k++ {
		j--
	}
	for k := max(0, j-4); k < j; k++ {
		if n := deniedWords.atIn(t, k); n > 0 && k+n == j {
			return true
		}
	}
	return false
}

// selfMoveAt reports whether the word at i is part of the visitor's moving themselves.
func selfMoveAt(t *Text, i int) bool {
	for k := max(0, i-2); k <= i; k++ {
		if n := SelfMoveWords.atIn(t, k); n > 0 && k+n > i {
			return true
		}
	}
	return false
}

// lastMoveIn is the index of the last move word the visitor asks for (askedAt), -1
// when none, leaving out those that move the visitor's project or a thing the agency
// looks after rather than the appointment: "إلغاء موعدي… قرر الشركاء تأجيل مشروع التطبيق" cancels.
func lastMoveIn(t *Text) int {
	named := AppointmentWords.ScoreIn(t) > 0
	for i := len(t.Words) - 1; i >= 0; i-- {
		n := MoveOwnWords.atIn(t, i)
		if n == 0 && named {
			n = changeItWords.atIn(t, i)
		}
		if n > 0 && askedAt(t, i) && !movesOther(t, i+n) {
			return i
		}
	}
	return -1
}

// movesOther reports whether the words from i name a project or a thing, after at most
// two articles or possessives ("le projet", "notre lancement", "the hosting"), and not
// the appointment about it ("my hosting appointment"), or a request submitted ("طلب موعد").
func movesOther(t *Text, i int) bool {
	for k := 0; k < 2 && i < len(t.Words) && subjectFillers[t.Words[i]]; k++ {
		i++
	}
	if requestWords.atIn(t, i) > 0 {
		return true
	}
	n := max(projectWords.atIn(t, i), thingWords.atIn(t, i))
	return n > 0 && AppointmentWords.atIn(t, i+n) == 0
}

// otherDayOffered reports whether a message that tells the visitor cannot come names two
// days or more, one of them after the words that say so: the day refused and the one
// offered instead ("I can't make Tuesday anymore, could we do Thursday?").
func otherDayOffered(t *Text) bool {
	from := cantComeWords.LastIn(t)
	var days [4]string
	seen, after := days[:0], false
	for i := range t.Words {
		day := dayNamedAt(t.Words, i)
		if day == "" {
			continue
		}
		after = after || i > from
		if !slices.Contains(seen, day) && len(seen) < cap(days) {
			seen = append(seen, day)
		}
	}
	return after && len(seen) >= 2
}

// dayNamedAt names the day a word names, "" when none: its weekday ("mardi", "الخميس",
// "nhar el had"), a day of the month before a month's name ("3 décembre"; not the one a
// weekday just named), or a day from today ("demain", "ghodwa").
func dayNamedAt(ws []string, i int) string {
	if wd, ok := weekdayAt(ws, i); ok {
		return wd.String()
	}
	if i+1 < len(ws) && monthNames[ws[i+1]] != 0 && startsWithDigit(ws[i]) {
		if _, ok := weekdayAt(ws, max(i-1, 0)); ok && i > 0 {
			return ""
		}
		return ws[i] + " " + ws[i+1]
	}
	for k, r := range relativeWords {
		if len(r) == 1 && ws[i] == r[0] {
			return relativeDays[k].phrase
		}
	}
	return ""
}

// WantsPerson reports whether a message asks to talk to a person.
func WantsPerson(ws []string) bool {
	t := NewText(ws)
	return WantsPersonIn(&t)
}

// WantsPersonIn is WantsPerson over words already read.
func WantsPersonIn(t *Text) bool {
	// "yes, a real person please" answers an offer to put the visitor in touch.
	if HumanWords.ScoreIn(t) == 0 || !(TalkWords.ScoreIn(t) > 0 || CoversIn(t, HumanWords, commandFillers, PoliteWords, YesWords)) {
		return false
	}
	if asksWhichIn(t) {
		return false
	}
	// "arrange a meeting with one of your team": a booking, unless a person is asked for
	// as opposed to Dota ("a real person", "pas un robot"), or the booking is denied ("ce
	// n'est pas pour un nouveau rendez-vous").
	return lastAskedIn(&BookWords, t) < 0 || liveWords.ScoreIn(t) > 0
}

// asksWhichIn reports whether a message asks Dota whether it is a person or a machine,
// the two named with an or-word between them, with or without a question mark: "هل أتحدث
// مع موظف حقيقي أم مع برنامج آلي؟", "wach rani nahder m3a bnadem wela robot". The question
// is answered; no person is asked for.
func asksWhichIn(t *Text) bool {
	if !addressedIn(t) {
		return false
	}
	human, machine := -1, -1
	for i := range t.Words {
		switch {
		case HumanWords.atIn(t, i) > 0:
			human = i
		case BotWords.atIn(t, i) > 0:
			machine = i
		default:
			continue
		}
		if human >= 0 && machine >= 0 && orBetween(t, min(human, machine), max(human, machine)) {
			return true
		}
	}
	return false
}

// addressedIn reports whether a message speaks to Dota (botAddress), not counting the
// "vous" of "rendez-vous": "je peux avoir un rendez-vous ?" asks nothing of Dota itself.
func addressedIn(t *Text) bool {
	for i := range t.Words {
		if botAddress.atIn(t, i) > 0 && !(t.Words[i] == "vous" && i > 0 && t.Words[i-1] == "rendez") {
			return true
		}
	}
	return false
}

// liveWords ask for a person rather than Dota.
var liveWords = NewMatcher("humain", "un humain", "human", "a human", "real person", "vraie personne",
	"personne réelle", "pas un robot", "pas un bot", "not a bot", "not a robot", "ماشي مع روبو", "ماشي روبو", "machi robot", "bnadem", "insan", "إنسان",
	"انسان", "شخص حقيقي", "agent", "operator", "opérateur", "customer service", "service client", "now",
	"maintenant", "right now", "tout de suite", "دابا", "درك", "daba", "dork")

// WeekdayIn names the weekday a message asks about, if any.
func WeekdayIn(ws []string) (time.Weekday, bool) {
	for _, w := range ws {
		if d, ok := WeekdayNames[w]; ok {
			return d, true
		}
		// "do you work on Sundays?", "vous travaillez les dimanches ?"
		if n := len(w); n > 4 && w[n-1] == 's' {
			if d, ok := WeekdayNames[w[:n-1]]; ok {
				return d, true
			}
		}
	}
	return 0, false
}

// questionShapedIn reports whether a message reads as a question: a question mark, a
// question word first, or few words.
func questionShapedIn(t *Text) bool {
	return t.asked || QuestionWords.Opens(t) || len(t.Words) <= 6
}

// thankWords thank, and in darija also say yes: "sahit", "saha", "ya3tik saha".
var thankWords = NewMatcher("merci", "merci beaucoup", "thanks", "thank you", "thx", "ty", "saha", "sahit",
	"sahitou", "ya3tik saha", "y3atik saha", "شكرا", "شكرًا", "شكرا جزيلا", "صحيت", "صحيتو", "يعطيك الصحة",
	"بارك الله فيك", "بارك الله فيكم", "barak allahou fik")

// acceptWords say yes in so many words, not only "ok" nor "thanks": "oui", "yes", "نعم".
var acceptWords = NewMatcher("oui", "yes", "yeah", "yep", "sure", "of course", "bien sûr", "volontiers",
	"absolutely", "نعم", "أجل", "طبعا", "ih", "iyeh", "ايه", "إيه", "wah", "واه", "ايوا", "iwa", "go ahead",
	"let's go", "allons-y", "rendez-vous", "rdv", "book", "موعد")

// thanksOnly reports whether a short message thanks without saying yes in so many words:
// "ah ok merci", "sahit", "شكرا" after an answer take no booking offered.
func thanksOnly(t *Text) bool {
	return thankWords.ScoreIn(t) > 0 && acceptWords.ScoreIn(t) == 0
}

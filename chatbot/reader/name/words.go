package name

import "strings"

// The words of names, folded (see fold): lower case, no accents, Arabic letters unified.

// strong lead-ins introduce a name whatever follows: "je m'appelle", "my name is", "اسمي".
var strong = phrases(
	"je m'appelle", "je me nomme", "mon nom est", "mon nom c'est", "mon nom", "mon prenom est", "mon nom complet est",
	"moi c'est", "je m appelle", "j m appelle",
	// "moi c Abdelkader Zerrouki": "c'est" as it is texted
	"moi c", "moi cest", "mon nom c", "mon nom cest",
	// as it is typed in a hurry: "je mapel", "jmapelle", "je m'apelle"
	"je mapel", "je mapelle", "je mappel", "je mappelle", "je m'apelle", "je m'appel", "je m apelle", "jmapel",
	"jmapelle", "jmappelle", "jm'appelle", "jm'apelle", "j'mappelle", "j'm'appelle", "mon nom c est", "moi c est", "my name is", "my name's", "my full name is", "name is", "i am called", "call me",
	"اسمي هو", "اسمي", "سميتي", "انا اسمي", "ana ismi", "ana esmi", "ana smiti", "ismi", "esmi", "smiti", "smitek",
	"ana smiyti", "smiyti", "nom", "prenom", "name", "الاسم", "الاسم هو", "الاسم الكامل", "الاسم الكامل هو",
	// someone else's name, given for them: "il s'appelle", "her name is", "smitha", "اسم ابني"
	// (not a business's: "3andi restaurant smitou Dar Yemma", "شركة اسمها نور للتجارة", see
	// business)
	"il s'appelle", "elle s'appelle", "son nom est", "son nom c'est", "his name is", "her name is", "his name's",
	"her name's", "name's", "smitou", "smitha", "ismou", "ismha", "esmou", "esmha", "اسمه", "اسمها", "اسمه هو",
	"اسمها هي", "اسم ابني", "اسم ابنتي", "اسم بنتي", "اسم زوجي", "اسم زوجتي", "سميتو", "سميتها",
)

// someoneElse are the strong lead-ins of another's name, which may be a business's too.
var someoneElse = phrases("il s'appelle", "elle s'appelle", "son nom est", "son nom c'est", "his name is",
	"her name is", "his name's", "her name's", "name's", "smitou", "smitha", "ismou", "ismha", "esmou", "esmha",
	"اسمه", "اسمها", "اسمه هو", "اسمها هي", "سميتو", "سميتها", "its name is", "called", "named", "qui s'appelle",
	"nommee", "nomme", "appelee", "appele")

// business words name a business, whose name follows "smitou", "اسمها", "called".
var business = set("restaurant", "startup", "start-up", "societe", "entreprise", "boutique", "magasin", "shop",
	"store", "company", "agence", "agency", "garage", "cabinet", "clinique", "clinic", "ecole", "school", "pharmacie",
	"pharmacy", "marque", "brand", "business", "projet", "project", "page", "cafe", "hotel", "salon", "atelier",
	"شركه", "شركتي", "مطعم", "محل", "مكتبه", "ستارتاب", "مؤسسه", "وكاله", "عياده", "مدرسه", "صيدليه", "مشروع",
	"ماركه", "حانوت", "مقهى", "فندق", "ورشه", "صفحه", "sharika", "charika", "7anout", "hanout", "mahal", "ma7al")

// weak lead-ins introduce a name only when what follows looks like one: "je suis Amine"
// (not "je suis intéressé"), "I'm Lina", "ana Mehdi", "أنا نور الهدى".
var weak = phrases("je suis", "c'est", "ici", "i'm", "i am", "this is", "it's", "here is", "ana", "انا", "معك", "m3ak")

// cues are the first words of the lead-ins: Introduced looks for a lead-in only there.
var cues = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range append(append([][]string{}, strong...), weak...) {
		m[p[0]] = true
	}
	return m
}()

// labels are a field's name before a colon: "Name: Lina Hamdi".
var labels = set("nom", "name", "prenom", "nom complet", "full name", "your name", "الاسم", "اسم", "الاسم الكامل", "smiya", "esm")

// fillers open an answer without being part of it.
var fillers = set("ok", "okay", "oki", "okey", "d'accord", "dac", "daccord", "oui", "ouais", "bien", "bon", "alors",
	"voila", "voici", "parfait", "super", "sure", "yes", "yeah", "yep", "alright", "right", "well", "so", "great",
	"perfect", "fine", "of", "course", "certainly", "bien-sur", "sur", "evidemment", "avec", "plaisir",
	"حسنا", "طيب", "نعم", "اكيد", "بالتاكيد", "تمام", "اوكي", "حاضر", "ايوه", "اه", "wah", "ih", "iyeh", "eyh",
	"واخا", "واه", "ايه", "اييه", "صافي", "مليح", "ماشي",
	"sahit", "saha", "sa7a", "mlih", "wakha", "d'acc", "euh", "hmm", "um", "uh", "hum", "ah", "oh", "top",
	"اذن", "اذا", "ماشي", "صح", "safi", "oui,", "merci", "thanks", "thank", "you", "شكرا", "choukran", "chokran", "sahit",
	// blessings and thanks, which name nobody: "بارك الله فيكم", "يعطيك الصحة", "inchallah"
	"بارك", "يبارك", "جزاك", "جزاكم", "يعطيك", "يعطيكم", "فيكم", "فيك", "يحفظكم", "يحفظك", "الحمد", "انشالله",
	"نشالله", "barak", "ybarek", "ya3tik", "y3tik", "hamdoullah", "hamdoulah", "hamdullah", "inchallah", "nchallah")

// assents say yes or that all is well, after "c'est", "it's", "ana": "moi c'est bon",
// "for me it's good", "ana sahit", "كلشي مليح".
var assents = set("bon", "bonne", "ok", "okay", "oki", "good", "correct", "correcte", "sahit", "sahi", "s7it",
	"parfait", "parfaite", "nickel", "bien", "fine", "exact", "exacte", "juste", "cool", "nice", "mli7", "mlih",
	"mliha", "mli7a", "s7i7", "s7i7a", "sah", "sahih", "sa7", "mzyan", "mzian", "labas", "impeccable", "super",
	"top", "great", "perfect", "right", "alright", "okey", "d'accord", "daccord", "valide", "confirme",
	"مليح", "مليحه", "صحيح", "صح", "تمام", "مزيان", "لاباس", "ممتاز", "جيد", "بخير", "موافق", "صحيت")

var fillerPhrases = phrases("bien sur", "of course", "avec plaisir", "pas de probleme", "no problem", "thank you",
	"salam alaykoum", "salam alikoum", "salam aleykoum", "السلام عليكم", "بكل سرور", "بارك الله فيكم",
	"بارك الله فيك", "الله يبارك فيك", "الله يبارك فيكم", "جزاك الله خيرا", "جزاكم الله خيرا", "الله يعطيك الصحة",
	"الله يحفظك", "الله يحفظكم", "الحمد لله", "ان شاء الله", "barak allah fik", "barak allahou fik",
	"allah ybarek fik", "ya3tik saha", "ya3tik sa7a")

// greetings open a message.
var greetings = set("bonjour", "bonsoir", "salut", "coucou", "hello", "hi", "hey", "salam", "slm", "saha", "ahlan",
	"marhaba", "مرحبا", "اهلا", "السلام", "سلام", "صباح", "مساء", "الخير", "النور", "good", "morning", "evening",
	"afternoon", "cc", "bjr", "bsr")

// stops start the rest of a sentence after a name: "Yacine Amrani et je voudrais…".
var stops = set("et", "and", "je", "j'ai", "j'aimerais", "i", "i'd", "i'm", "mon", "ma", "mes", "my", "de", "from",
	"du", "la", "le", "les", "pour", "for", "with", "avec", "chez", "at", "of", "the", "a", "an", "un", "une",
	"tel", "email", "mail", "e-mail", "telephone", "phone", "numero", "number", "voudrais", "would", "want", "veux",
	"need", "besoin", "souhaite", "souhaiterais", "like", "interested", "interesse", "interessee", "here", "ici",
	"merci", "thanks", "svp", "please", "stp", "je", "suis", "am", "is", "est", "qui", "who", "that",
	"و", "من", "في", "مع", "الى", "عن", "اريد", "ابغي", "ابي", "بغيت", "نحب", "حاب", "حابه", "نبغي", "عندي",
	"مهتم", "مهتمه", "اود", "ارغب", "احتاج", "الهاتف", "هاتف", "البريد", "الايميل", "ايميل", "رقم", "الرقم", "نحتاج", "اتمنى", "رقمي", "بريدي", "هاتفي", "ايميلي", "شكرا", "لو", "سمحت", "ممكن", "نريد",
	"w", "wa", "ou", "bghit", "nheb", "n7eb", "habit", "7abit", "nabghi", "3andi", "andi", "ndir", "numero",
	"num", "rakom", "rani", "ana", "انا", "m3a", "mta3", "ta3", "dyal", "lil", "f", "fi", "b", "bach", "باش",
	"can", "could", "reach", "contact", "joindre", "write",
	// French as texted: "c pr mon projet" (c'est pour), "jsuis", "jveux"
	"c", "pr", "c'est", "cest", "jsuis", "jveux", "jvoudrais", "dsl")

// common are words that open a sentence capitalised but name nobody: "Bonsoir, Je
// voudrais…", "Hi, Web Development please".
var common = set("je", "j'ai", "nous", "on", "il", "elle", "vous", "i", "we", "you", "it", "this", "that", "there",
	"web", "site", "mobile", "app", "application", "formation", "consultation", "photo", "video", "bot", "bots",
	"logo", "rendez-vous", "rdv", "appointment", "meeting", "booking", "موعد", "الموعد", "الرونديفو", "حجز", "الحجز",
	// "مليح، نديرو رونديفو": the appointment as darija spells it, in both scripts
	"رونديفو", "روندوفو", "رانديفو", "روندفو", "rondevou", "rendevou", "randevu", "rondivou", "rendezvous",
	// "in his name": "الموعد باسمو هو"
	"باسم", "باسمو", "باسمه", "باسمها", "باسمي", "lundi", "mardi", "mercredi", "jeudi",
	"vendredi", "samedi", "dimanche", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
	"demain", "tomorrow", "today", "aujourd'hui", "merci", "thanks", "ok", "oui", "non", "yes", "no", "svp",
	"please", "madame", "monsieur", "mr", "mme", "mrs", "ms", "sir", "dear", "cher", "chere", "besoin", "need",
	"interesse", "interested", "intéressé", "content", "ravi", "happy", "glad", "ready", "pret", "disponible",
	"available", "sure", "not", "pas", "looking", "calling", "writing", "contacting", "bghit", "nheb", "rani",
	"rana", "habit", "khasni", "يريد", "مهتم", "بحاجه", "ابحث", "اريد", "بغيت", "حاب", "نحب", "هنا", "من", "في",
	// roles, which name nobody: "je suis la secrétaire du Dr …", "أنا مدير مطعم …"
	"secretaire", "secretary", "assistant", "assistante", "manager", "gerant", "gerante", "directeur", "directrice",
	"director", "responsable", "proprietaire", "owner", "founder", "fondateur", "fondatrice", "etudiant",
	"etudiante", "student", "patron", "patronne", "boss", "ceo", "mere", "pere", "mother", "father",
	"مدير", "مديره", "سكرتيره", "سكرتير", "السكريتار", "سكريتار", "السكرتيره", "طالب", "طالبه", "صاحب", "صاحبه",
	"مسؤول", "مسؤوله", "مالك", "مالكه", "مؤسس", "استاذ", "استاذه", "طبيب", "طبيبه", "الدكتور", "الدكتوره",
	"دكتور", "مساعد", "مساعده", "موظف", "موظفه",
	// a person described, not named: "أنا راجل كبير شوية", "ana mra retraitée", "je suis
	// commerçant" (not the trades that are also surnames: فلاح, خياط, تاجر)
	"راجل", "رجل", "امراه", "مرا", "شاب", "شابه", "شيباني", "شيبانيه", "عجوز", "متقاعد", "متقاعده", "rajel", "ragel", "rajl", "mra", "chibani", "chibania", "homme", "femme", "man",
	"woman", "retraite", "retraitee", "retired", "commercant", "commercante", "merchant", "trader")

// titles open a name without being part of it: "Maître Nadir Hamidi", "Dr Sofia Mahdjoub",
// "السيد رضا بوطالب", "الدكتورة سميرة بوعلام".
var titles = set("dr", "docteur", "doctor", "pr", "professeur", "professor", "maitre", "me", "mr", "mrs", "ms",
	"miss", "mme", "mlle", "madame", "mademoiselle", "monsieur", "m", "sir", "madam", "cheikh", "hadj", "el-hadj",
	"السيد", "السيده", "الدكتور", "الدكتوره", "الاستاذ", "الاستاذه", "الحاج", "الحاجه", "الشيخ", "سي", "لالة")

// trailing end a name's words without being part of it: "Yacine Amrani merci".
var trailing = set("merci", "thanks", "svp", "please", "stp", "شكرا", "choukran", "sahit", "ici", "here", "la")

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[fold(w)] = true
	}
	return m
}

func phrases(ps ...string) [][]string {
	out := make([][]string, 0, len(ps))
	for _, p := range ps {
		var ws []string
		for _, w := range strings.Fields(p) {
			ws = append(ws, fold(w))
		}
		out = append(out, ws)
	}
	// Longest first, so "my name is" wins over "name".
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && len(out[j]) > len(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

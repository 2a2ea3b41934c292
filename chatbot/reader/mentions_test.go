package reader

import "testing"

// kindServices is a catalogue where services name one another: a training in web
// development, the upkeep of a site, a class the visitor has.
var kindServices = []Service{
	{Slug: "developpement-web", Names: []string{"Développement web", "Web development"}, Keywords: []string{"site web", "développement web", "site", "سيت", "موقع", "online store", "boutique en ligne", "متجر إلكتروني"}},
	{Slug: "developpement-mobile", Names: []string{"Développement mobile", "Mobile development"}, Keywords: []string{"mobile app", "app", "تطبيق"}},
	{Slug: "shooting-photo-video", Names: []string{"Shooting photo", "Photo shoot"}, Keywords: []string{"shooting photo", "photo", "photos"}},
	{Slug: "formation", Names: []string{"Formation", "Training"}, Keywords: []string{"formation", "cours", "class", "nt3allem", "تعليم"}},
	{Slug: "consultation", Names: []string{"Consultation"}, Keywords: []string{"conseil", "audit", "استشارة", "advice", "stratégie"}},
	{Slug: "bots-ia", Names: []string{"Bots IA", "AI bots"}, Keywords: []string{"chatbot", "ai", "répond automatiquement"}},
	{Slug: "mini-services", Names: []string{"Mini services"}, Keywords: []string{"maintenance", "hosting", "صيانة"}},
}

// A service named in passing is not the one asked for: the subject of another, or the
// visitor's own engagement at an hour.
func TestServiceMentioned(t *testing.T) {
	for text, want := range map[string]string{
		"3andkom formation f développement web? n7eb nt3allem": "formation",
		"un shooting photo pour mon site web":                  "shooting-photo-video",
		// the subject's own subject: "for the products of my online shop"
		"je voudrais un shooting photo pour les produits de mon site web, lundi à 9h": "shooting-photo-video",
		"a photo shoot for the products of my site":                                   "shooting-photo-video",
		"une formation pour les employés de mon site web":                             "formation",
		// the one wanted, with darija's "I'd like" in Arabic letters
		"سلام، حبيت cours لل site تاعي":                  "formation",
		"حاب نحجز موعد على صيانة السيت":                  "mini-services",
		"a mobile app. make it 2pm, I have a class at 3": "developpement-mobile",
		"I have a class at 3":                            "",
		"je voudrais des cours":                          "formation",
		"maintenance de mon site":                        "mini-services",
		"j'ai un site web, il est lent":                  "developpement-web",
	} {
		tx := NewText(Words(text))
		s, ok := ServiceOtherThan(&tx, kindServices, "")
		if !ok {
			s.Slug = ""
		}
		if s.Slug != want {
			t.Errorf("%q names %q, want %q", text, s.Slug, want)
		}
	}
}

// A thing the agency looks after, moved, is no appointment moved; an appointment's service
// still stands for it.
func TestThingMoved(t *testing.T) {
	for text, want := range map[string]string{
		"my site's hosting expires soon, I need someone to move it": "",
		"حاب نبدل الإيبرجمو تاعو":                                   "",
		"je veux déplacer le shooting du 1er décembre":              IntentMove,
		"I need to move my hosting appointment":                     IntentMove,
	} {
		got, _ := OwnAppointment(Words(text), false, true)
		if got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

// A wish to learn, asked as a question, asks for a training; an address corrected inside
// its message is the corrected one.
func TestWishAndCorrection(t *testing.T) {
	ctx := Context{Now: sundayMorning, Services: kindServices, Lang: "fr"}
	if r := Read("kayen formation 3la community management? nheb nt3allem", ctx); r.Intent != IntentBook || r.Fields.Service.Slug != "formation" {
		t.Errorf("a wish to learn read as %q, %q", r.Intent, r.Fields.Service.Slug)
	}
	if r := Read("kayen formation 3la community management?", ctx); r.Intent == IntentBook {
		t.Errorf("a question alone read as a booking")
	}
	for text, want := range map[string]string{
		"mehdi@gmial.com — oops, typo, it's mehdi@gmail.com": "mehdi@gmail.com",
		"mehdi@gmail.com et le pro: mehdi@atlas.dz":          "mehdi@gmail.com",
	} {
		if r := Read(text, ctx); r.Fields.Email != want {
			t.Errorf("%q: e-mail %q, want %q", text, r.Fields.Email, want)
		}
	}
}

// Questions asked as visitors ask them find their topic; thanks after an answer take no
// booking offered.
func TestQuestionsAsked(t *testing.T) {
	for text, want := range map[string]string{
		"b 9adech site e-commerce 3andkom ? w site vitrine ?":                           "prices",
		"salam, vous etes ou exactement a Alger ? kayen un parking pres de chez vous ?": "address",
		"ما هي الخدمات التي تقدمونها بالضبط؟ هل تصنعون تطبيقات الهاتف أيضا؟":            QuestionServices,
	} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr"}).Topic; got != want {
			t.Errorf("%q: topic %q, want %q", text, got, want)
		}
	}
	// to come to the agency, asking where it is, asks for its address
	if r := Read("Salam, vous êtes win exactement ? Nheb nji l'agence directement.", Context{Now: sundayMorning, Lang: "fr"}); r.Intent != "address" {
		t.Errorf("where the agency is, to come: %q", r.Intent)
	}
	if q, _ := QuestionOf("", Words("t'es un robot wla une vraie personne ? dis moi franchement"), nil); q != QuestionBot {
		t.Errorf("a robot or a person: %q", q)
	}
	// Its question mark makes a long message a question: the bot asked about, not the service.
	bots := []Service{{Slug: "bots-ia", Names: []string{"AI bots"}, Keywords: []string{"bot", "chatbot"}}}
	for _, text := range []string{"wait, am I talking to a bot?", "sorry, am I chatting with a bot right now?"} {
		if q, _ := QuestionOf(text, Words(text), bots); q != QuestionBot {
			t.Errorf("%q: %q, want the bot question", text, q)
		}
	}
	// The "vous" of "rendez-vous" speaks to nobody: a chatbot wanted is no bot question.
	text := "Bonjour, nous voudrions un chatbot pour répondre aux clients sur notre site. Je peux avoir un rendez-vous le jeudi 3 décembre à 11h ?"
	if q, _ := QuestionOf(text, Words(text), bots); q == QuestionBot {
		t.Errorf("%q: the bot question", text)
	}
	// A project or clients the visitor has are no question about the agency's; a meeting
	// asked for is a booking. The agency's clients are asked for as theirs.
	for text, want := range map[string]string{"Quels sont vos clients ?": "portfolio", "من هم عملاؤكم؟": "portfolio",
		"صباح الخير، عندنا شركة نقل وحابين application للزبائن يتبعو الكاميوات": ""} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr"}).Topic; got != want {
			t.Errorf("%q: topic %q, want %q", text, got, want)
		}
	}
	for _, text := range []string{"salam 3likoum, 3andi projet chatbot, n9dro ntla9aw?", "j'ai un projet de site, on peut se rencontrer ?", text} {
		if r := Read(text, Context{Now: sundayMorning, Lang: "fr"}); r.Intent != IntentBook || r.Topic != "" {
			t.Errorf("%q: intent %q, topic %q, want a booking", text, r.Intent, r.Topic)
		}
	}
	// the days the agency works, asked with a weekday in the plural or the weekend
	for text, want := range map[string]string{"Do you work on Sundays by the way?": QuestionDay,
		"vous travaillez les samedis ?": QuestionDay, "do you work weekends?": "hours",
		"تخدمو في الويكاند؟": "hours"} {
		if q, _ := QuestionOf(text, Words(text), nil); q != want {
			t.Errorf("%q: %q, want %q", text, q, want)
		}
	}
	for text, want := range map[string]string{"sahit, merci": QuestionThanks, "ah ok merci": QuestionThanks,
		"oui merci": IntentBook, "ok": IntentBook} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr", Offered: true}).Intent; got != want {
			t.Errorf("%q after an offer: %q, want %q", text, got, want)
		}
	}
	ctx := Context{Now: sundayMorning, Services: kindServices, Lang: "fr"}
	for _, text := range []string{"7ab nsajel f formation ta3 developpement web", "je voudrais m'inscrire à une formation"} {
		if r := Read(text, ctx); r.Intent != IntentBook || r.Fields.Service.Slug != "formation" {
			t.Errorf("%q: %q, %q", text, r.Intent, r.Fields.Service.Slug)
		}
	}
	// A company's name names no service, and leaves the visitor's name to be read.
	ctx.Step = FieldName
	if r := Read("Lydia Meziane, societe Numidia Conseil, lydia@numidia-conseil.com", ctx); r.Fields.HasService || r.Fields.Name != "Lydia Meziane" {
		t.Errorf("a company's name: %+v", r.Fields)
	}
	// The name ends where the sentence goes on: what is wanted after it is a booking.
	ctx.Step = ""
	for text, want := range map[string]string{
		"We're a logistics company and we want an AI chatbot to answer customer questions on WhatsApp.": "bots-ia",
		"nous sommes une société de transport et nous voulons un chatbot pour nos clients":              "bots-ia",
		"3andna sharika ta3 transport w nhebou chatbot y3awen les clients":                              "bots-ia",
		"عندنا شركة نقل ونحتاج chatbot يجاوب الزبائن":                                                   "bots-ia",
		"my company is Digital Site Studio":                                                             "",
	} {
		r := Read(text, ctx)
		if r.Fields.Service.Slug != want && (want != "" || r.Fields.HasService) {
			t.Errorf("%q names %q, want %q", text, r.Fields.Service.Slug, want)
		}
		if want != "" && r.Intent != IntentBook {
			t.Errorf("%q: intent %q, want a booking", text, r.Intent)
		}
	}
}

// What the visitor has, or has on, is not what they ask for.
func TestServiceWanted(t *testing.T) {
	for text, want := range map[string]string{
		"slm, 3andi site web, w les messages bezaf. nheb formation": "formation",
		"Demain si possible, j'ai pas cours l'après-midi":           "",
		"j'ai besoin d'une formation demain":                        "formation",
		// the object of a want, past the words between them, over the visitor's business
		"Hey, I have a small modest fashion brand and I need professional photos of the new collection for our online store.": "shooting-photo-video",
		"صاحبة متجر إلكتروني لمستحضرات التجميل. مبيعاتنا تراجعت كثيرا وأحتاج إلى استشارة في الاستراتيجية الرقمية":             "consultation",
		"I run an online store and need advice on digital strategy": "consultation",
		"j'ai une boutique en ligne, il me faut des photos pro":     "shooting-photo-video",
		"I do photo shoots and I need a site":                       "developpement-web",
		// named as the visitor's own, as what another is for, or refused
		"3andi une agence, w nheb quelque chose qui répond automatiquement aux clients sur le site":      "bots-ia",
		"wait, change it to an AI chatbot for WhatsApp instead, not an app":                              "bots-ia",
		"En fait non, j'en ai parlé avec ma sœur, le logo on l'a. Il nous faut plutôt un shooting photo": "shooting-photo-video",
		// and when it cannot be told, none: the service is asked
		"online store and photos": "",
		"un site web, une app":    "",
		// the app wanted, said with its accusative's alef; the lessons are its subject
		"أملك مدرسة لتعليم السياقة، وأريد تطبيقًا على الهاتف يتيح للمتعلمين حجز الحصص ومراجعة دروس قانون المرور": "developpement-mobile",
	} {
		tx := NewText(Words(text))
		s, ok := ServiceOtherThan(&tx, kindServices, "")
		if !ok {
			s.Slug = ""
		}
		if s.Slug != want {
			t.Errorf("%q names %q, want %q", text, s.Slug, want)
		}
	}
}

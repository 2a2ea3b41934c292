package reader

import (
	"strings"
	"testing"
)

// testServices is a catalogue of two services.
var testServices = []Service{
	{Slug: "developpement-web", Names: []string{"Développement web", "Web development", "تطوير المواقع"}, Keywords: []string{"site web", "website", "موقع ويب"}},
	{Slug: "shooting-photo-video", Names: []string{"Shooting photo & vidéo", "Photo & video shoot"}, Keywords: []string{"photo", "vidéo"}},
	{Slug: "bots-ia", Names: []string{"Bots IA", "AI bots"}, Keywords: []string{"IA", "AI", "chatbot"}},
}

// A message is read once for everything the conversation may ask of it.
func TestRead(t *testing.T) {
	services := testServices
	// The booking's rules, as chatbot gives them: no digit in a name.
	check := func(field, v string) (string, bool) {
		return strings.ToLower(v), field != FieldName || !strings.ContainsAny(v, "0123456789")
	}
	tests := []struct {
		name, text string
		ctx        Context
		want       Reading
	}{
		{"everything at once", "Bonjour, je suis Amine Belkacem, je voudrais un rendez-vous jeudi prochain à 10h pour un site web, mon mail Amine@belk.dz, tel 0555123499",
			Context{Lang: "en"},
			Reading{Lang: "fr", Intent: IntentBook, Fields: Fields{Name: "amine belkacem", Email: "amine@belk.dz", Phone: "0555123499",
				Service: services[0], HasService: true, When: When{Date: "2026-11-26", Time: "10:00"}}, Topic: "contact"}},
		{"a question", "Quels sont vos prix ?", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: "prices", Question: true, Topic: "prices"}},
		{"a yes to the offer", "oui", Context{Lang: "fr", Offered: true}, Reading{Lang: "fr", Intent: IntentBook}},
		{"a yes to nothing", "oui", Context{Lang: "fr"}, Reading{Lang: "fr", Intent: IntentYes}},
		{"the name alone at the name step", "D'accord. Yacine Amrani", Context{Lang: "fr", Step: FieldName},
			Reading{Lang: "fr", Intent: IntentOther, Fields: Fields{Name: "yacine amrani"}}},
		{"no name elsewhere", "D'accord. Yacine Amrani", Context{Lang: "fr"}, Reading{Lang: "fr", Intent: IntentOther}},
		{"an hour half understood", "mardi 3h et demie ou quart", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: IntentOther, Fields: Fields{When: When{Date: "2026-11-24", Unsure: "15:30"}}}},
		{"an appointment told of", "j'ai un rendez-vous lundi à 10h, mais on ferme pour travaux", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: IntentOwn, Fields: Fields{When: When{Date: "2026-11-23", Time: "10:00"}}, Topic: "hours"}},
		{"a day for the appointment", "annuler le shooting du 1er décembre", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: IntentCancel, Fields: Fields{When: When{Date: "2026-12-01"}}}},
		{"arabic", "السلام عليكم، أريد موعدا", Context{Lang: "fr"}, Reading{Lang: "ar", Intent: IntentBook}},
		{"j'ai is no AI", "j'ai une boutique et je voudrais une séance photo", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: IntentBook, Fields: Fields{Service: services[1], HasService: true}}},
		{"n'ai is no AI", "je n'ai pas de boutique, je voudrais un rendez-vous", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: IntentBook}},
		{"l'IA is", "j'aimerais utiliser l'IA", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: IntentBook, Fields: Fields{Service: services[2], HasService: true}}},
		{"a slot given", "نهار الاحد 13 ديسمبر مع 3 لعشية", Context{Lang: "ar"},
			Reading{Lang: "ar", Intent: IntentBook, Fields: Fields{When: When{Date: "2026-12-13", Time: "15:00"}}}},
		{"a service wanted by a business", "We need someone to audit our website", Context{Lang: "en"},
			Reading{Lang: "en", Intent: IntentBook, Fields: Fields{Service: services[0], HasService: true}}},
		// booked for someone else: the writer's name is not the appointment's, the name step asks it
		{"for a father", "Moi c'est Sofiane Haddad, je voudrais un rendez-vous pour mon père", Context{Lang: "fr"},
			Reading{Lang: "fr", Intent: IntentBook}},
		{"on behalf of a boss", "This is Sabrina Amara, I'm booking an appointment on behalf of my boss", Context{Lang: "en"},
			Reading{Lang: "en", Intent: IntentBook}},
		{"for a mother", "أنا بنتها سهام، نحب ندير موعد لماما", Context{Lang: "ar"},
			Reading{Lang: "ar", Intent: IntentBook}},
	}
	for _, tt := range tests {
		tt.ctx.Now, tt.ctx.Services, tt.ctx.Check = sundayMorning, services, check
		got := Read(tt.text, tt.ctx)
		if got.Lang != tt.want.Lang || got.Intent != tt.want.Intent || got.Question != tt.want.Question ||
			got.Topic != tt.want.Topic || !sameFields(got.Fields, tt.want.Fields) {
			t.Errorf("%s: %q read as %+v, want %+v", tt.name, tt.text, got, tt.want)
		}
		if strings.Join(got.Words, " ") != strings.Join(Words(tt.text), " ") {
			t.Errorf("%s: words %q", tt.name, got.Words)
		}
	}
}

// Another service named with a change of mind is found beside the one chosen.
func TestServiceOtherThan(t *testing.T) {
	tx := NewText(Words("finalement une séance photo plutôt que le site web"))
	if s, ok := ServiceOtherThan(&tx, testServices, "developpement-web"); !ok || s.Slug != "shooting-photo-video" {
		t.Errorf("ServiceOtherThan = %q, %v", s.Slug, ok)
	}
	if s, ok := ServiceOtherThan(&tx, testServices, "shooting-photo-video"); !ok || s.Slug != "developpement-web" {
		t.Errorf("ServiceOtherThan = %q, %v", s.Slug, ok)
	}
}

func sameFields(a, b Fields) bool {
	return a.Name == b.Name && a.Email == b.Email && a.Phone == b.Phone && a.HasService == b.HasService &&
		a.Service.Slug == b.Service.Slug && a.When == b.When
}

// BenchmarkRead is one message read, in each language, without the booking's rules.
func BenchmarkRead(b *testing.B) {
	ctx := Context{Step: "greeting", Now: sundayMorning, Services: testServices, Lang: "fr"}
	for lang, msg := range map[string]string{
		"fr": "Bonjour, je suis Amine Belkacem, je voudrais un rendez-vous jeudi prochain à 10h pour un site web, mon mail amine@belk.dz, tel 0555123499",
		"en": "Hello, my name is Amine Belkacem, I'd like an appointment next Thursday at 10am for a website, my email amine@belk.dz, phone 0555123499",
		"ar": "السلام عليكم، اسمي أمين بلقاسم، أريد موعدا يوم الخميس القادم الساعة 10 لموقع ويب، بريدي amine@belk.dz، هاتفي 0555123499",
	} {
		b.Run(lang, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if Read(msg, ctx).Intent != IntentBook {
					b.Fatal("not read as a booking")
				}
			}
		})
	}
}

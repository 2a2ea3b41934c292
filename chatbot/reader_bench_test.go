package chatbot

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/migrations/testdb"
)

// BenchmarkReadMessage is one message through the whole reading — its words, the fields it
// carries (name, e-mail, phone, service, day and hour) and its intent — in each language.
func BenchmarkReadMessage(b *testing.B) {
	// The settings are cached, as they are in production.
	rdb, prefix := testdb.Redis(b)
	clock := func() time.Time { return sundayMorning }
	core := booking.New(pool, booking.WithClock(clock), booking.WithSettingsTTL(time.Hour))
	e := New(core, pool, rdb, Config{RedisPrefix: prefix}, WithClock(clock), WithLogger(quiet))
	for lang, msg := range map[string]string{
		"fr": "Bonjour, je suis Amine Belkacem, je voudrais un rendez-vous jeudi prochain à 10h pour un site web, mon mail amine@belk.dz, tel 0555123499",
		"en": "Hello, my name is Amine Belkacem, I'd like an appointment next Thursday at 10am for a website, my email amine@belk.dz, phone 0555123499",
		"ar": "السلام عليكم، اسمي أمين بلقاسم، أريد موعدا يوم الخميس القادم الساعة 10 لموقع ويب، بريدي amine@belk.dz، هاتفي 0555123499",
	} {
		b.Run(lang, func(b *testing.B) {
			t := e.turn(context.Background(), &session{Lang: lang})
			b.ReportAllocs()
			for b.Loop() {
				if t.readText(msg, StepGreeting).Intent != reader.IntentBook {
					b.Fatal("not read as a booking")
				}
			}
		})
	}
}

package name

import "testing"

func TestAnswer(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Yacine Amrani", "Yacine Amrani"},
		{"D'accord. Yacine Amrani", "Yacine Amrani"},
		{"OK. My name is Lina Hamdi", "Lina Hamdi"},
		{"حسنا، اسمي سارة", "سارة"},
		{"je m'appelle Amine Belkacem", "Amine Belkacem"},
		{"Oui bien sûr, c'est Karim", "Karim"},
		{"ana Mehdi Saadi", "Mehdi Saadi"},
		{"smiti Nassim", "Nassim"},
		{"Name: Lina Hamdi", "Lina Hamdi"},
		{"Amine Belkacem et je voudrais un site", "Amine Belkacem"},
		{"Yacine Amrani merci", "Yacine Amrani"},
		{"wah, ana Rym", "Rym"},
		{"Au nom du docteur : Mourad Belkacem", "Mourad Belkacem"},
		{"3la smit khouya, Redouane Ferhat", "Redouane Ferhat"},
		{"The appointment should be under his name: Nabil Ferroukhi", "Nabil Ferroukhi"},
		{"كريم زروقي، الموعد باسمو هو", "كريم زروقي"},
		{"You can reach me at", ""},
		{"Maître Nadir Hamidi", "Nadir Hamidi"},
		{"Dr. Sofia Mahdjoub", "Sofia Mahdjoub"},
		{"الدكتورة سميرة بوعلام", "سميرة بوعلام"},
		{"السيد عبد الرحمن بن عيسى", "عبد الرحمن بن عيسى"},
		{"moi c Abdelkader Zerrouki, 0555 12 40 87", "Abdelkader Zerrouki"}, // "moi c'est" as it is texted
		{"moi cest Lina Hamdi", "Lina Hamdi"},
		{"je ne sais pas", ""},
		// a yes or "all is well" introduces nobody
		{"moi c'est bon", ""},
		{"moi c'est correct", ""},
		{"ana sahit", ""},
		{"it's fine", ""},
		{"أنا بخير", ""},
		{"ok", ""},
		{"mardi à 10h", ""},
		{"c pr mon projet de fin d'études, jsuis pressé dsl", ""}, // "c'est pour", as texted
		// a blessing is no name
		{"بارك الله فيكم. جمال عيساوي", "جمال عيساوي"},
		{"بارك الله فيكم", ""},
	} {
		if got := Answer(tc.text); got != tc.want {
			t.Errorf("Answer(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestIntroduced(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"slm, 3andi restaurant f Bejaia smitou Dar Yemma, w nheb site", ""},
		{"نحن شركة صغيرة للاستيراد والتصدير اسمها نور للتجارة", ""},
		{"السلام عليكم، أنا مدير مطعم الأصالة في قسنطينة", ""},
		{"Bonjour, je suis la secrétaire du Dr Mourad Belkacem", ""},
		{"Good morning, I'm the secretary of Dr. Nabil Ferroukhi", ""},
		{"il s'appelle Karim Haddad", "Karim Haddad"},
		{"pour moi c'est bon", ""},
		{"oui, moi c'est parfait, merci", ""},
		{"Bonsoir, Farid Kaci. Je voudrais un rendez-vous", "Farid Kaci"},
		{"ana Mehdi Saadi, bghit rendez-vous", "Mehdi Saadi"},
		{"أنا نور الهدى وأريد موعدا", "نور الهدى"},
		{"Name: Lina Hamdi", "Lina Hamdi"},
		{"Bonjour, je m'appelle Sonia Haddad et je veux un site", "Sonia Haddad"},
		{"Hi, I'm Lina, I need an app", "Lina"},
		{"اسمي سارة بن علي", "سارة بن علي"},
		{"Salam, smiti Nassim, bghit formation", "Nassim"},
		// no introduction; a visitor who describes themselves names nobody, but a surname
		// that is also a word ("كبير", Kebir) stays a name's
		{"السلام عليكم يا وليدي، الله يحفظكم. أنا راجل كبير شوية وما نفهمش بزاف فالأنترنت", ""},
		{"أنا امرأة متقاعدة وحابة نتعلم الفيسبوك", ""},
		{"salam, ana mra retraitée w nheb nt3allem", ""},
		{"Bonjour, je suis Commerçant à Alger", ""},
		{"أنا رشيد كبير وأريد موعدا", "رشيد كبير"},
		{"أنا محمد فلاح وأريد موعدا", "محمد فلاح"},
		{"je suis intéressé par un site web", ""},
		{"Bonjour, je voudrais un rendez-vous", ""},
		{"Bonjour, Web Development svp", ""},
		{"ana bghit rendez-vous", ""},
		{"أنا مهتم بتطوير موقع", ""},
		{"c'est pour un site", ""},
		{"Hello, I'm looking for a web developer", ""},
	} {
		if got := Introduced(tc.text); got != tc.want {
			t.Errorf("Introduced(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	// a blessing in a phrase of its own is no name
	for _, tc := range []struct{ text, want string }{
		{"بارك الله فيكم. حاب نحجز موعد على صيانة السيت.", ""},
		{"Le rdv au nom de mon père, Ahmed Toumi", "Ahmed Toumi"},
	} {
		if got := Alone(tc.text); got != tc.want {
			t.Errorf("Alone(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

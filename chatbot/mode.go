package chatbot

import (
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/reader"
)

// The meeting mode's step: how the visitor would like to meet, asked after the service
// when it offers more than one way (catalogue.Service.Modes), skipped otherwise. The mode
// chosen holds for the service it was chosen for (session.ModeService): another service
// asks again.

// modeWords are the words that name each mode, in the three languages.
var modeWords = map[string]reader.Matcher{
	catalogue.ModeOffice: reader.NewMatcher("bureau", "agence", "sur place", "présentiel", "presentiel", "en personne",
		"office", "in person", "on site", "agency", "مكتب", "المكتب", "مكتبكم", "مكتبنا", "الوكالة", "حضوري", "حضوريا"),
	catalogue.ModePhone: reader.NewMatcher("téléphone", "telephone", "tel", "appel téléphonique", "appelez-moi", "phone",
		"phone call", "by phone", "هاتف", "الهاتف", "بالهاتف", "مكالمة هاتفية", "تلفون"),
	catalogue.ModeVideo: reader.NewMatcher("vidéo", "video", "visio", "visioconférence", "visioconference", "en ligne",
		"zoom", "meet", "jitsi", "online", "video call", "فيديو", "بالفيديو", "مكالمة فيديو", "عن بعد"),
}

// serviceModes are the modes the chosen service offers and its default; one mode (the
// office) when no service is chosen or the catalogue does not say.
func (t *turn) serviceModes() ([]string, string) {
	for _, s := range t.catalogue().Services {
		if s.Slug == t.s.ServiceSlug && t.s.ServiceSlug != "" && len(s.Modes) > 0 {
			return s.Modes, s.DefaultMode
		}
	}
	return catalogue.DefaultModes, catalogue.ModeOffice
}

// modeMissing reports whether the mode is still to be asked: the service offers several,
// and none was chosen for it.
func modeMissing(s *session, modes []string) bool {
	return len(modes) > 1 && (s.Mode == "" || s.ModeService != s.ServiceSlug)
}

// chosenMode is the mode to book: the one chosen for the service, else "" (its default).
func (t *turn) chosenMode() string {
	if t.s.ModeService == t.s.ServiceSlug {
		return t.s.Mode
	}
	return ""
}

func askMode(t *turn) (string, []QuickReply, bool) {
	l := t.lang()
	modes, _ := t.serviceModes()
	qr := []QuickReply{}
	for _, m := range modes {
		label := text(l, "mode_"+m)
		qr = append(qr, QuickReply{Label: label, Value: label})
	}
	return text(l, "ask_mode", "service", t.s.Collected.Service), qr, true
}

// modeIn is the one mode of the service's that ws name; "" for none or several.
func (t *turn) modeIn(ws []string) string {
	modes, _ := t.serviceModes()
	return modeNamed(modes, ws)
}

// modeNamed is the one mode of modes that ws name; "" for none or several.
func modeNamed(modes, ws []string) string {
	found := ""
	for _, m := range modes {
		w := modeWords[m]
		if w.Score(ws) > 0 {
			if found != "" {
				return ""
			}
			found = m
		}
	}
	return found
}

// readMode takes the one mode of the service the answer names; an answer naming none or
// several, or one the service does not offer, asks again with the choices.
func readMode(t *turn, msg string, ws []string) {
	found := t.modeIn(ws)
	if found == "" {
		if reader.IsQuestion(msg, ws) && reader.TopicOf(ws) != "" {
			t.answerThenAsk(msg, ws)
			return
		}
		if w := t.when(msg, false); w.Date != "" || w.Time != "" {
			// The visitor goes on to the day without saying how: the service's default,
			// and the day is read at its own step.
			_, def := t.serviceModes()
			t.s.Mode, t.s.ModeService = def, t.s.ServiceSlug
			t.moveTo(t.nextStep())
			steps[t.s.Step].read(t, msg, ws)
			return
		}
		t.fail(text(t.lang(), "mode_unknown"))
		return
	}
	t.s.Mode, t.s.ModeService = found, t.s.ServiceSlug
	t.advance()
}

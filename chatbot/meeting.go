package chatbot

import (
	"slices"

	"github.com/dota-agency/dota/booking"
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

// A visitor may ask for a consultant by name ("avec Yacine", "m3a Yacine"): when the
// agency has consultants, the slots offered are then that consultant's and the booking
// asks for them; otherwise booking assigns one.

// slotsFor is what the turn's slot lookups are for: the chosen service and, once the
// visitor named one, its consultant.
func (t *turn) slotsFor() booking.SlotsFor {
	return booking.SlotsFor{Service: t.s.ServiceSlug, Consultant: t.s.ConsultantID}
}

// consultantNamed is the consultant taking the chosen service (any, before one is chosen)
// whom the message names by a word of their name of three letters or more, outside the
// visitor's own name (own); false when it names none, or more than one.
func (t *turn) consultantNamed(own string) (booking.PublicConsultant, bool) {
	if t.m == nil || len(t.m.ws) == 0 {
		return booking.PublicConsultant{}, false
	}
	list, err := t.e.core.PublicConsultants(t.ctx, t.s.ServiceSlug)
	if err != nil || len(list) == 0 {
		return booking.PublicConsultant{}, false
	}
	said := make(map[string]bool, len(t.m.ws))
	for _, w := range t.m.ws {
		said[w] = true
	}
	for _, w := range reader.Words(own) {
		delete(said, w)
	}
	var named []booking.PublicConsultant
	for _, c := range list {
		for _, w := range reader.Words(c.Name) {
			if len([]rune(w)) >= 3 && said[w] {
				named = append(named, c)
				break
			}
		}
	}
	if len(named) != 1 {
		return booking.PublicConsultant{}, false
	}
	return named[0], true
}

// forgetConsultant drops the consultant the visitor asked for.
func (t *turn) forgetConsultant() { t.s.ConsultantID, t.s.ConsultantName = "", "" }

// keepConsultantFor keeps the consultant asked for when they take service (a slug), and
// forgets them otherwise.
func (t *turn) keepConsultantFor(service string) {
	if t.s.ConsultantID == "" {
		return
	}
	list, err := t.e.core.PublicConsultants(t.ctx, service)
	if err == nil && slices.ContainsFunc(list, func(c booking.PublicConsultant) bool { return c.ID == t.s.ConsultantID }) {
		return
	}
	t.forgetConsultant()
}

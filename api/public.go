package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

// public serves the catalogue, the calendar, the form and the newsletter to visitors.
type public struct {
	booking   *booking.Core
	catalogue *catalogue.Store
	traffic   *attribution.Store
	guard     *formGuard
}

type items[T any] struct {
	Items []T `json:"items"`
}

func (p *public) services(c *gin.Context) error {
	order := catalogue.ServiceOrder(c.DefaultQuery("order", string(catalogue.OrderRecent)))
	if order != catalogue.OrderRecent && order != catalogue.OrderName {
		return errValidation("bad_query", map[string]string{"order": text(langOf(c), "bad_query")})
	}
	limit := 0
	if l := c.Query("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			return errValidation("bad_query", map[string]string{"limit": text(langOf(c), "bad_query")})
		}
		limit = n
	}
	list, err := p.catalogue.Services(c, order, langOf(c), limit)
	if err != nil {
		return err
	}
	if c.Query("raw") == "1" {
		for i := range list {
			list[i] = list[i].ForBrowser()
		}
		c.JSON(http.StatusOK, items[catalogue.Service]{Items: list})
		return nil
	}
	out := make([]catalogue.ServiceView, len(list))
	for i, s := range list {
		out[i] = s.In(langOf(c))
	}
	c.JSON(http.StatusOK, items[catalogue.ServiceView]{Items: out})
	return nil
}

func (p *public) service(c *gin.Context) error {
	svc, err := p.catalogue.ServiceBySlug(c, c.Param("slug"))
	if err != nil {
		return err
	}
	if c.Query("raw") == "1" {
		c.JSON(http.StatusOK, svc.ForBrowser())
		return nil
	}
	c.JSON(http.StatusOK, svc.In(langOf(c)))
	return nil
}

func (p *public) serviceProjects(c *gin.Context) error {
	svc, err := p.catalogue.ServiceBySlug(c, c.Param("slug"))
	if err != nil {
		return err
	}
	list, err := p.catalogue.ServiceProjects(c, svc)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, publicProjects(list, langOf(c)))
	return nil
}

func (p *public) projects(c *gin.Context) error {
	list, err := p.catalogue.PublishedProjects(c, c.Query("category"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, publicProjects(list, langOf(c)))
	return nil
}

func publicProjects(list []catalogue.Project, lang string) items[catalogue.PublicProject] {
	out := make([]catalogue.PublicProject, len(list))
	for i, p := range list {
		out[i] = p.Public(lang)
	}
	return items[catalogue.PublicProject]{Items: out}
}

func (p *public) project(c *gin.Context) error {
	pr, err := p.catalogue.PublishedProject(c, c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, pr.Public(langOf(c)))
	return nil
}

func (p *public) slots(c *gin.Context) error {
	day, err := p.booking.Day(c, c.Query("date"), langOf(c),
		booking.SlotsFor{Service: c.Query("service"), Consultant: c.Query("consultant")})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, day)
	return nil
}

func (p *public) book(c *gin.Context) error {
	var form bookForm
	if err := p.guard.read(c, "book", &form); err != nil {
		return err
	}
	req := form.Request
	req.ClientID = "" // visitors cannot book for an existing client by id
	req.Source = booking.SourceForm
	req.Language = langOf(c)
	req.IdempotencyKey = c.GetHeader("Idempotency-Key")
	res, err := p.booking.Book(c, req)
	if err != nil {
		return err
	}
	if res.Replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	c.JSON(http.StatusCreated, booked{Appointment: res.Appointment, ConfirmationEmail: res.ConfirmationEmail,
		ManageToken: res.ManageToken})
	return nil
}

// bookForm is the booking form's body.
type bookForm struct {
	booking.Request
	formExtras
}

func (f *bookForm) contacts() (string, string) { return f.Email, f.Phone }

// newsletterForm is the newsletter form's body.
type newsletterForm struct {
	Email string `json:"email"`
	// Attribution is where the visit came from (catalogue.Subscribe cleans it).
	Attribution *attribution.Visit `json:"attribution"`
	formExtras
}

func (f *newsletterForm) contacts() (string, string) { return f.Email, "" }

// booked is a booking as the form hears of it: the appointment, and whether a
// confirmation e-mail is on its way (an e-mail was given and mail is configured).
type booked struct {
	booking.Appointment
	ConfirmationEmail bool `json:"confirmation_email"`
	// ManageToken opens the booking's manage link and its calendar file, for the
	// confirmation page.
	ManageToken string `json:"manage_token,omitempty"`
}

func (p *public) subscribe(c *gin.Context) error {
	var req newsletterForm
	if err := p.guard.read(c, "newsletter", &req); err != nil {
		return err
	}
	if err := p.catalogue.Subscribe(c, req.Email, langOf(c), req.Attribution); err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"email": catalogue.NormalizeEmail(req.Email)})
	return nil
}

// analyticsNames are the first-party events the public site may send.
var analyticsNames = map[string]bool{attribution.KindVisit: true, "service_inquiry": true, "contact_form_submit": true,
	"appointment_booking_start": true, "project_view": true, "social_media_click": true, "file_download": true}

func (p *public) event(c *gin.Context) error {
	var req struct {
		Name  string         `json:"name"`
		Props map[string]any `json:"props"`
		// Attribution comes with a visit: counted by its source and campaign.
		Attribution *attribution.Visit `json:"attribution"`
	}
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if !analyticsNames[req.Name] {
		return errValidation("bad_query", map[string]string{"name": text(langOf(c), "bad_query")})
	}
	analyticsEvents.WithLabelValues(req.Name).Inc()
	// A visit is counted within the address's budget of the forms: beyond it, a flood
	// of visits from one address changes no count.
	if req.Name == attribution.KindVisit {
		if _, retry := p.guard.tally(c, c.ClientIP(), attribution.KindVisit, nil); retry == 0 {
			if err := p.traffic.Record(c, attribution.KindVisit, req.Attribution); err != nil {
				return err
			}
		}
	}
	c.Status(http.StatusNoContent)
	return nil
}

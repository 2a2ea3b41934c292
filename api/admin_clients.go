package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/privacy"
)

// clientCore is what the clients screen asks the booking core, which owns the clients; a
// person's requests about their data go to privacy.
type clientCore interface {
	Clients(ctx context.Context, q string, p booking.Paging) (booking.ClientPage, error)
	CreateClient(ctx context.Context, in booking.ClientInput) (booking.ClientRecord, error)
	UpdateClient(ctx context.Context, id string, in booking.ClientInput) (booking.ClientRecord, error)
	DeleteClient(ctx context.Context, id string) error
}

func (a *admin) mountClients(h route) {
	h("GET", "/clients", need(console.PageClients, ""), a.clients)
	h("POST", "/clients", need(console.PageClients, console.ActClientsCreate), a.createClient)
	h("PATCH", "/clients/:id", need(console.PageClients, console.ActClientsUpdate), a.updateClient)
	h("DELETE", "/clients/:id", need(console.PageClients, console.ActClientsDelete), a.deleteClient)
	h("GET", "/clients/:id/export", need(console.PageClients, console.ActClientsExport), a.exportClient)
	h("POST", "/clients/:id/erase", need(console.PageClients, console.ActClientsErase), a.eraseClient)
}

// exportClient answers a person's request for their data: everything held on them, as
// one JSON document to download.
func (a *admin) exportClient(c *gin.Context) error {
	doc, err := a.privacy.Export(c, c.Param("id"))
	if err != nil {
		return err
	}
	c.Header("Content-Disposition", `attachment; filename="client-`+doc.ClientID+`.json"`)
	c.JSON(http.StatusOK, doc)
	return nil
}

// eraseClient answers a person's request to have their data erased.
func (a *admin) eraseClient(c *gin.Context) error {
	var req privacy.Request
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	req.By = userOf(c).Email
	erased, err := a.privacy.Erase(c, c.Param("id"), req)
	if err != nil {
		return err
	}
	done(c, "client_erased", gin.H{"erased": erased})
	return nil
}

func (a *admin) clients(c *gin.Context) error {
	p, err := paging(c)
	if err != nil {
		return err
	}
	page, err := a.core.Clients(c, c.Query("q"), p)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, page)
	return nil
}

func (a *admin) createClient(c *gin.Context) error {
	var in booking.ClientInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cl, err := a.core.CreateClient(c, in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"client": cl, "message": console.Text(langOf(c), "client_created")})
	return nil
}

func (a *admin) updateClient(c *gin.Context) error {
	var in booking.ClientInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cl, err := a.core.UpdateClient(c, c.Param("id"), in)
	if err != nil {
		return err
	}
	done(c, "client_updated", gin.H{"client": cl})
	return nil
}

func (a *admin) deleteClient(c *gin.Context) error {
	if err := a.core.DeleteClient(c, c.Param("id")); err != nil {
		return err
	}
	done(c, "client_deleted", nil)
	return nil
}

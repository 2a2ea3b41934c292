package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/privacy"
)

func (a *admin) mountClients(h handle) {
	h("GET", "/clients", need(console.PageClients, ""), a.clients)
	h("POST", "/clients", need(console.PageClients, console.ActClientsCreate), a.createClient)
	h("PATCH", "/clients/:id", need(console.PageClients, console.ActClientsUpdate), a.updateClient)
	h("DELETE", "/clients/:id", need(console.PageClients, console.ActClientsDelete), a.deleteClient)
	h("GET", "/clients/:id/export", need(console.PageClients, console.ActClientsExport), a.exportClient)
	h("POST", "/clients/:id/erase", need(console.PageClients, console.ActClientsErase), a.eraseClient)
}

// exportClient answers a person's request for their data: everything held on them, as
// one JSON document to download.
func (a *admin) exportClient(c *gin.Context) {
	doc, err := a.privacy.Export(c, c.Param("id"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="client-`+doc.ClientID+`.json"`)
	c.JSON(http.StatusOK, doc)
}

// eraseClient answers a person's request to have their data erased.
func (a *admin) eraseClient(c *gin.Context) {
	var req privacy.Request
	if err := decodeJSON(c, &req); err != nil {
		_ = c.Error(err)
		return
	}
	req.By = userOf(c).Email
	erased, err := a.privacy.Erase(c, c.Param("id"), req)
	if err != nil {
		_ = c.Error(err)
		return
	}
	done(c, "client_erased", gin.H{"erased": erased})
}

func (a *admin) clients(c *gin.Context) {
	p, err := paging(c)
	if err != nil {
		_ = c.Error(err)
		return
	}
	page, err := a.console.Clients(c, c.Query("q"), p)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, page)
}

func (a *admin) createClient(c *gin.Context) {
	var in console.ClientInput
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	cl, err := a.console.CreateClient(c, in)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"client": cl, "message": console.Text(langOf(c), "client_created")})
}

func (a *admin) updateClient(c *gin.Context) {
	var in console.ClientInput
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	cl, err := a.console.UpdateClient(c, c.Param("id"), in)
	if err != nil {
		_ = c.Error(err)
		return
	}
	done(c, "client_updated", gin.H{"client": cl})
}

func (a *admin) deleteClient(c *gin.Context) {
	if err := a.console.DeleteClient(c, c.Param("id")); err != nil {
		_ = c.Error(err)
		return
	}
	done(c, "client_deleted", nil)
}

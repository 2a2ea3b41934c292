package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/console"
)

func (a *admin) mountClients(h handle) {
	h("GET", "/clients", need(console.PageClients, ""), a.clients)
	h("POST", "/clients", need(console.PageClients, console.ActClientsCreate), a.createClient)
	h("PATCH", "/clients/:id", need(console.PageClients, console.ActClientsUpdate), a.updateClient)
	h("DELETE", "/clients/:id", need(console.PageClients, console.ActClientsDelete), a.deleteClient)
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

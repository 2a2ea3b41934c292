package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/console"
)

// Canned replies: administrators keep them on their page; staff who answer conversations
// list them and insert one, filled from the conversation, from the reply box.
func (a *admin) mountCannedReplies(h route) {
	page := console.PageCannedReplies
	h("GET", "/canned-replies", need(console.PageConversations, ""), a.cannedReplies)
	h("POST", "/canned-replies", need(page, ""), a.createCannedReply)
	h("PATCH", "/canned-replies/:id", need(page, ""), a.updateCannedReply)
	h("DELETE", "/canned-replies/:id", need(page, ""), a.deleteCannedReply)
	if a.chat != nil {
		h("POST", "/conversations/:id/canned-replies/:reply", need(console.PageConversations, console.ActConversationsAnswer),
			a.fillCannedReply)
	}
}

func (a *admin) cannedReplies(c *gin.Context) error {
	list, err := a.console.CannedReplies(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"items": list, "variables": console.CannedVariables})
	return nil
}

func (a *admin) createCannedReply(c *gin.Context) error {
	var in console.CannedInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, err := a.console.CreateCannedReply(c, userOf(c), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, r)
	return nil
}

func (a *admin) updateCannedReply(c *gin.Context) error {
	var in console.CannedInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, err := a.console.UpdateCannedReply(c, c.Param("id"), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, r)
	return nil
}

func (a *admin) deleteCannedReply(c *gin.Context) error {
	if err := a.console.DeleteCannedReply(c, c.Param("id")); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// fillCannedReply answers a canned reply filled from the conversation, in its language,
// for staff to read over in the reply box; a manage link it holds is made now.
func (a *admin) fillCannedReply(c *gin.Context) error {
	d, err := a.chat.ConversationDetail(c, c.Param("id"))
	if err != nil {
		return err
	}
	name := d.Collected.Name
	if name == "" {
		name = d.Name
	}
	r, err := a.console.FillCannedReply(c, c.Param("reply"), console.Visit{Lang: d.Language, Name: name,
		AppointmentIDs: d.Appointments})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, r)
	return nil
}

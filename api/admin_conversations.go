package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/console"
)

// The Conversations inbox: every conversation with Dota, the hand-off to staff (take it,
// take it over from a colleague, answer the visitor live, hand it back) and the questions
// Dota could not answer.
func (a *admin) mountConversations(h route) {
	convs := console.PageConversations
	h("GET", "/conversations", need(convs, ""), a.conversations)
	h("GET", "/conversations/:id", need(convs, ""), a.conversation)
	h("POST", "/conversations/:id/claim", need(convs, console.ActConversationsAnswer), a.claimConversation)
	h("POST", "/conversations/:id/takeover", need(convs, console.ActConversationsTakeOver), a.takeOverConversation)
	h("POST", "/conversations/:id/messages", need(convs, console.ActConversationsAnswer), a.answerConversation)
	h("POST", "/conversations/:id/release", need(convs, console.ActConversationsAnswer), a.releaseConversation)
	h("GET", "/questions", need(convs, ""), a.questions)
}

// agentOf is the signed-in staff member as the visitor sees them.
func agentOf(c *gin.Context) chatbot.Agent {
	u := userOf(c)
	return chatbot.Agent{ID: u.ID, Name: u.DisplayName}
}

func (a *admin) conversations(c *gin.Context) error {
	p, err := paging(c)
	if err != nil {
		return err
	}
	page, err := a.chat.Inbox(c, transcript.InboxFilter{State: c.Query("state"), Outcome: c.Query("outcome"),
		Query: c.Query("q")}, booking.Paging{Page: p.Page, Size: p.Size})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, page)
	return nil
}

// conversationView is one conversation with the appointments it booked.
type conversationView struct {
	transcript.Detail
	AppointmentList []booking.Appointment `json:"appointments"`
}

func (a *admin) conversation(c *gin.Context) error {
	d, err := a.chat.ConversationDetail(c, c.Param("id"))
	if err != nil {
		return err
	}
	v := conversationView{Detail: d, AppointmentList: []booking.Appointment{}}
	for _, id := range d.Appointments {
		ap, err := a.core.Appointment(c, id)
		if err != nil {
			continue // deleted since
		}
		v.AppointmentList = append(v.AppointmentList, ap)
	}
	c.JSON(http.StatusOK, v)
	return nil
}

func (a *admin) claimConversation(c *gin.Context) error {
	if err := a.chat.Claim(c, c.Param("id"), agentOf(c)); err != nil {
		return err
	}
	return a.conversation(c)
}

func (a *admin) takeOverConversation(c *gin.Context) error {
	if err := a.chat.TakeOver(c, c.Param("id"), agentOf(c)); err != nil {
		return err
	}
	return a.conversation(c)
}

type staffAnswer struct {
	Text string `json:"text"`
}

func (a *admin) answerConversation(c *gin.Context) error {
	var in staffAnswer
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	m, err := a.chat.Answer(c, c.Param("id"), agentOf(c), in.Text)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, m)
	return nil
}

func (a *admin) releaseConversation(c *gin.Context) error {
	u := userOf(c)
	if err := a.chat.Release(c, c.Param("id"), agentOf(c), u.Role == console.RoleAdmin); err != nil {
		return err
	}
	return a.conversation(c)
}

func (a *admin) questions(c *gin.Context) error {
	window := c.DefaultQuery("window", "7d")
	groups, err := a.chat.Questions(c, window)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"window": window, "groups": groups})
	return nil
}

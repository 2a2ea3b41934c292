package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/chatbot"
)

// chat serves Dota's conversation routes to the widget.
type chat struct {
	engine *chatbot.Engine
	// traffic counts the chats opened by source and campaign, for the dashboard.
	traffic chatTraffic
	log     *slog.Logger
}

// chatTraffic counts arrivals; *attribution.Store implements it.
type chatTraffic interface {
	Record(ctx context.Context, kind string, v *attribution.Visit) error
}

type chatStart struct {
	Lang string `json:"lang"`
	// Attribution is where the visit came from, as the widget's page kept it.
	Attribution *attribution.Visit `json:"attribution"`
}

type chatMessage struct {
	Text string `json:"text"`
	Lang string `json:"lang"`
}

func (h *chat) start(c *gin.Context) error {
	var req chatStart
	if c.Request.ContentLength != 0 {
		if err := decodeJSON(c, &req); err != nil {
			return err
		}
	}
	if req.Lang == "" {
		req.Lang = langOf(c)
	}
	r, err := h.engine.Start(c, req.Lang, c.ClientIP(), req.Attribution)
	if err != nil {
		return err
	}
	// A chat opened counts for its visit's source and campaign; a count that fails costs
	// the visitor nothing.
	if err := h.traffic.Record(c, attribution.KindChat, req.Attribution); err != nil {
		h.log.WarnContext(c, "chat: counting the chat opened failed", "err", err)
	}
	c.JSON(http.StatusCreated, r)
	return nil
}

func (h *chat) send(c *gin.Context) error {
	var req chatMessage
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	lang := req.Lang
	if lang == "" {
		lang = c.Query("lang")
	}
	r, err := h.engine.Send(c, c.Param("id"), req.Text, lang, c.ClientIP())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, r)
	return nil
}

func (h *chat) conversation(c *gin.Context) error {
	r, err := h.engine.Conversation(c, c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, r)
	return nil
}

// resume opens the conversation an e-mailed staff answer links to: the session the widget
// goes on in, with every message; 404 for a token altered or unknown, 410 once the
// conversation has ended.
func (h *chat) resume(c *gin.Context) error {
	r, err := h.engine.Resume(c, c.Param("token"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, r)
	return nil
}

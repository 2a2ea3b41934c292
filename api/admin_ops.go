package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/console"
)

// ops serves the operations page's chat and AI series, kept by the chat engine in Redis.
type ops struct {
	engine *chatbot.Engine
}

func (o *ops) mount(h route) {
	h("GET", "/ops", need(console.PageOps, ""), o.series)
}

// opsView is the page's series with the rate of visitors helped per staff member and per
// week (the one question Dota asks as staff hand a conversation back), whatever the window.
type opsView struct {
	chatbot.OpsReport
	Ratings []transcript.RatingWeek `json:"ratings"`
}

func (o *ops) series(c *gin.Context) error {
	rep, err := o.engine.Ops(c, c.DefaultQuery("window", "1h"))
	if err != nil {
		return err
	}
	ratings, err := o.engine.Ratings(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, opsView{OpsReport: rep, Ratings: ratings})
	return nil
}

package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
)

// ops serves the operations page's chat and AI series, kept by the chat engine in Redis.
type ops struct {
	engine *chatbot.Engine
}

func (o *ops) mount(h route) {
	h("GET", "/ops", need(console.PageOps, ""), o.series)
}

func (o *ops) series(c *gin.Context) error {
	rep, err := o.engine.Ops(c, c.DefaultQuery("window", "1h"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, rep)
	return nil
}

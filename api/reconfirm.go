package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
)

// The reminder's "I'll be there": the manage link's token records, once, that the
// customer will come. An unknown token is 404, a cancelled or begun appointment 410.

type reconfirm struct {
	booking *booking.Core
}

func (r *reconfirm) mount(g *gin.RouterGroup, limit gin.HandlerFunc) {
	g.GET("/reconfirm/:token", limit, noStore(), handle(r.show))
}

func (r *reconfirm) show(c *gin.Context) error {
	rc, err := r.booking.Reconfirm(c, c.Param("token"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, rc)
	return nil
}

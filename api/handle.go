package api

import "github.com/gin-gonic/gin"

// handle adapts a handler that returns its error: a non-nil one is recorded on the
// context, and errorHandler answers it with the contract's envelope.
func handle(h func(*gin.Context) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := h(c); err != nil {
			_ = c.Error(err)
		}
	}
}

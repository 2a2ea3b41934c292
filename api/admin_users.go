package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/console"
)

func (a *admin) mountUsers(h route) {
	h("GET", "/users", need(console.PageUsers, ""), a.users)
	h("POST", "/users", need(console.PageUsers, console.ActUsersCreate), a.createUser)
	h("PATCH", "/users/:id", need(console.PageUsers, console.ActUsersUpdate), a.updateUser)
	h("DELETE", "/users/:id", need(console.PageUsers, console.ActUsersDelete), a.deleteUser)
}

func (a *admin) users(c *gin.Context) error {
	list, st, err := a.console.Users(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"items": list, "stats": st})
	return nil
}

func (a *admin) createUser(c *gin.Context) error {
	var in console.UserInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	u, err := a.console.CreateUser(c, userOf(c), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"user": u, "message": console.Text(langOf(c), "user_created")})
	return nil
}

func (a *admin) updateUser(c *gin.Context) error {
	var in console.UserInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	u, err := a.console.UpdateUser(c, c.Param("id"), in)
	if err != nil {
		return err
	}
	done(c, "user_updated", gin.H{"user": u})
	return nil
}

func (a *admin) deleteUser(c *gin.Context) error {
	if err := a.console.DeleteUser(c, c.Param("id")); err != nil {
		return err
	}
	done(c, "user_deleted", nil)
	return nil
}

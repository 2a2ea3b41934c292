package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/console"
)

func (a *admin) mountProjects(h handle) {
	h("GET", "/projects", need(console.PageProjects, ""), a.projects)
	h("POST", "/projects", need(console.PageProjects, console.ActProjectsCreate), a.createProject)
	h("PATCH", "/projects/:id", need(console.PageProjects, console.ActProjectsUpdate), a.updateProject)
	h("DELETE", "/projects/:id", need(console.PageProjects, console.ActProjectsDelete), a.deleteProject)
	h("PUT", "/projects/:id/published", need(console.PageProjects, console.ActProjectsUpdate), a.publishProject)
}

func (a *admin) projects(c *gin.Context) {
	p, err := paging(c)
	if err != nil {
		_ = c.Error(err)
		return
	}
	page, err := a.catalogue.Projects(c, c.Query("q"), c.Query("status"), catalogue.Paging(p))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, page)
}

func (a *admin) createProject(c *gin.Context) {
	var in catalogue.ProjectInput
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	p, err := a.catalogue.CreateProject(c, in)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"project": p, "message": catalogue.Text(langOf(c), "project_created")})
}

func (a *admin) updateProject(c *gin.Context) {
	var in catalogue.ProjectInput
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	p, err := a.catalogue.UpdateProject(c, c.Param("id"), in)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"project": p, "message": catalogue.Text(langOf(c), "project_updated")})
}

func (a *admin) publishProject(c *gin.Context) {
	var in struct {
		Published *bool `json:"published"`
	}
	if err := decodeJSON(c, &in); err != nil {
		_ = c.Error(err)
		return
	}
	if in.Published == nil {
		_ = c.Error(errValidation("bad_query", map[string]string{"published": text(langOf(c), "bad_query")}))
		return
	}
	p, err := a.catalogue.SetPublished(c, c.Param("id"), *in.Published)
	if err != nil {
		_ = c.Error(err)
		return
	}
	key := "project_unpublished"
	if p.Published {
		key = "project_published"
	}
	c.JSON(http.StatusOK, gin.H{"project": p, "message": catalogue.Text(langOf(c), key)})
}

func (a *admin) deleteProject(c *gin.Context) {
	if err := a.catalogue.DeleteProject(c, c.Param("id")); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": catalogue.Text(langOf(c), "project_deleted")})
}

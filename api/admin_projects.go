package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/console"
)

func (a *admin) mountProjects(h route) {
	h("GET", "/projects", need(console.PageProjects, ""), a.projects)
	h("POST", "/projects", need(console.PageProjects, console.ActProjectsCreate), a.createProject)
	h("PATCH", "/projects/:id", need(console.PageProjects, console.ActProjectsUpdate), a.updateProject)
	h("DELETE", "/projects/:id", need(console.PageProjects, console.ActProjectsDelete), a.deleteProject)
	h("PUT", "/projects/:id/published", need(console.PageProjects, console.ActProjectsUpdate), a.publishProject)
}

func (a *admin) projects(c *gin.Context) error {
	p, err := paging(c)
	if err != nil {
		return err
	}
	page, err := a.catalogue.Projects(c, c.Query("q"), c.Query("status"), catalogue.Paging(p))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, page)
	return nil
}

func (a *admin) createProject(c *gin.Context) error {
	var in catalogue.ProjectInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p, err := a.catalogue.CreateProject(c, in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"project": p, "message": catalogue.Text(langOf(c), "project_created")})
	return nil
}

func (a *admin) updateProject(c *gin.Context) error {
	var in catalogue.ProjectInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p, err := a.catalogue.UpdateProject(c, c.Param("id"), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"project": p, "message": catalogue.Text(langOf(c), "project_updated")})
	return nil
}

func (a *admin) publishProject(c *gin.Context) error {
	var in struct {
		Published *bool `json:"published"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Published == nil {
		return errValidation("bad_query", map[string]string{"published": text(langOf(c), "bad_query")})
	}
	p, err := a.catalogue.SetPublished(c, c.Param("id"), *in.Published)
	if err != nil {
		return err
	}
	key := "project_unpublished"
	if p.Published {
		key = "project_published"
	}
	c.JSON(http.StatusOK, gin.H{"project": p, "message": catalogue.Text(langOf(c), key)})
	return nil
}

func (a *admin) deleteProject(c *gin.Context) error {
	if err := a.catalogue.DeleteProject(c, c.Param("id")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"message": catalogue.Text(langOf(c), "project_deleted")})
	return nil
}

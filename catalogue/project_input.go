package catalogue

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dota-agency/dota/i18n"
)

// What staff write of a project, and the rules it must meet.

// Lengths of a project's texts, in characters, in each language.
const (
	shortMaxLen       = 200
	descriptionMaxLen = 20000
)

// Money is an amount in DZD that accepts a JSON number or a numeric string; anything
// else reads as 0, as the spec asks.
type Money float64

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (m *Money) UnmarshalJSON(b []byte) error {
	var v any
	if json.Unmarshal(b, &v) != nil {
		*m = 0
		return nil
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case string:
		f, _ = strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(x), ",", "."), 64)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f >= 1e12 {
		f = 0
	}
	*m = Money(math.Round(f*100) / 100)
	return nil
}

// ProjectView is a project as the console shows it, with its YouTube video id.
type ProjectView struct {
	Project
	YouTubeID string `json:"youtube_id"`
}

func viewOf(p Project) ProjectView {
	v := ProjectView{Project: p}
	if p.YouTubeVideo != nil {
		v.YouTubeID = YouTubeID(*p.YouTubeVideo)
	}
	if v.Technologies == nil {
		v.Technologies = []string{}
	}
	return v
}

// ProjectInput is a new project, or the changes to one (nil fields stay).
type ProjectInput struct {
	Title               *Localized `json:"title"`
	Description         *Localized `json:"description"`
	PrimaryImage        *string    `json:"primary_image"`
	SecondaryImage      *string    `json:"secondary_image"`
	YouTubeVideo        *string    `json:"youtube_video"`
	Category            *Localized `json:"category"`
	Technologies        *[]string  `json:"technologies"`
	Year                *int       `json:"year"`
	Service             *string    `json:"service"`
	Type                *string    `json:"type"`
	Department          *string    `json:"department"`
	Fournisseur         *string    `json:"fournisseur"`
	Published           *bool      `json:"published"`
	Devis               *Money     `json:"devis"`
	Versement           *Money     `json:"versement"`
	Paiement            *Money     `json:"paiement"`
	Status              *string    `json:"status"`
	AttachmentDriveLink *string    `json:"attachment_drive_link"`
	FactureDriveLink    *string    `json:"facture_drive_link"`
}

// apply merges the input into p and validates the result.
func (in ProjectInput) apply(p *Project) error {
	opt := func(dst **string, src *string) {
		if src != nil {
			*dst = nullIfEmpty(strings.TrimSpace(*src))
		}
	}
	texts := func(dst *Localized, src *Localized) {
		if src != nil {
			*dst = src.Clean()
		}
	}
	texts(&p.Title, in.Title)
	texts(&p.Description, in.Description)
	texts(&p.Category, in.Category)
	opt(&p.PrimaryImage, in.PrimaryImage)
	opt(&p.SecondaryImage, in.SecondaryImage)
	opt(&p.YouTubeVideo, in.YouTubeVideo)
	opt(&p.Service, in.Service)
	opt(&p.Department, in.Department)
	opt(&p.Fournisseur, in.Fournisseur)
	opt(&p.AttachmentDriveLink, in.AttachmentDriveLink)
	opt(&p.FactureDriveLink, in.FactureDriveLink)
	if in.Technologies != nil {
		p.Technologies = distinct(*in.Technologies)
	}
	if in.Year != nil {
		p.Year = in.Year
		if *in.Year == 0 {
			p.Year = nil
		}
	}
	if in.Type != nil {
		p.Type = strings.TrimSpace(*in.Type)
	}
	if in.Status != nil {
		p.Status = strings.TrimSpace(*in.Status)
	}
	if in.Published != nil {
		p.Published = *in.Published
	}
	for dst, src := range map[*float64]*Money{&p.Devis: in.Devis, &p.Versement: in.Versement, &p.Paiement: in.Paiement} {
		if src != nil {
			*dst = float64(*src)
		}
	}
	v := &ValidationError{}
	if len(p.Title.Clean()) == 0 {
		v.Add("title", "title_required")
	} else if !everyLanguage(p.Title) {
		v.Add("title", "title_languages")
	} else if longest(p.Title) > shortMaxLen {
		v.Add("title", "too_long")
	}
	if longest(p.Description) > descriptionMaxLen {
		v.Add("description", "too_long")
	}
	if longest(p.Category) > shortMaxLen {
		v.Add("category", "too_long")
	}
	if p.YouTubeVideo != nil && YouTubeID(*p.YouTubeVideo) == "" {
		v.Add("youtube_video", "youtube_invalid")
	}
	if !slices.Contains(ProjectTypes, p.Type) {
		v.Add("type", "invalid_option")
	}
	if !slices.Contains(ProjectStatuses, p.Status) {
		v.Add("status", "invalid_option")
	}
	if p.Year != nil && (*p.Year < 1990 || *p.Year > 2100) {
		v.Add("year", "invalid_option")
	}
	return v.OrNil()
}

// longest is the length in characters of a text's longest language.
func longest(l Localized) int {
	n := 0
	for _, t := range l {
		n = max(n, len([]rune(t)))
	}
	return n
}

// everyLanguage reports whether a text reads in every language: written in each, or
// given once for all (the empty key).
func everyLanguage(l Localized) bool {
	for _, lang := range i18n.Languages {
		if l[lang] == "" && l[""] == "" {
			return false
		}
	}
	return true
}

// nullIfEmpty is s as a nullable column: nil when blank.
func nullIfEmpty(s string) *string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return &s
}

// distinct is list trimmed, without blanks and repeats, in its order.
func distinct(list []string) []string {
	out := []string{}
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

package web

import _ "embed"

// Routes is the site's routes and languages (src/lib/routes.json): the app is built from
// it, and the page server (package pages) reads it to choose the page of each address.
//
//go:embed src/lib/routes.json
var Routes []byte

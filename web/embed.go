// Package web holds the React application's production build.
//
// `npm run build` (in this directory) writes the Vite output to dist/; the
// dota binary embeds it and serves it with a fallback to index.html for
// client-side routes. dist/.keep is tracked so that the embed compiles
// before the first front-end build.
package web

import "embed"

// Dist is the built front end, rooted at "dist" (use fs.Sub(Dist, "dist")).
//
//go:embed all:dist
var Dist embed.FS

package main

// benchLimits raise, for the bench run only, the limits that would throttle a load test
// from one address: each is a documented variable of cmd/dota/config.go.
var benchLimits = []string{}

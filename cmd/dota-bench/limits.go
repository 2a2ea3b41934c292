package main

// benchLimits raise, for the bench run only, the limits that would throttle a load test
// coming from one address: each is a documented variable of cmd/dota/config.go (see the
// README's configuration table).
var benchLimits = []string{
	"DOTA_CHAT_IP_RATE=100000000",         // chat messages a minute from one address (60)
	"DOTA_CHAT_SESSION_RATE=100000000",    // chat messages a minute in one conversation (20)
	"DOTA_CHAT_IP_OPEN_RATE=100000000",    // chat conversations opened a minute from one address (10)
	"DOTA_CHAT_STREAMS_PER_IP=100000000",  // visitors' chat streams open at once from one address (4)
	"DOTA_CHAT_STREAMS_PER_REPLICA=1000",  // visitors' chat streams a replica holds (300); the hand-off row opens 250 each
	"DOTA_AI_BUDGET_PER_MINUTE=100000000", // Gemini calls a minute (60); the stub answers
	"DOTA_LOGIN_MAX_PER_IP=100000000",     // console sign-ins per address per window (20)
	"DOTA_LOGIN_MAX_PER_EMAIL=100000000",  // console sign-ins per e-mail per window (5)
	"DOTA_FORM_MAX_PER_IP=100000000",      // form and newsletter submissions per address per window (10)
	"DOTA_FORM_CHALLENGE_AFTER=100000000", // submissions per address before a challenge is asked (3)
	"DOTA_FORM_MAX_PER_CONTACT=100000000", // submissions per phone or e-mail per window (5)
}

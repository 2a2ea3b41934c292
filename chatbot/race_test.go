//go:build race

package chatbot

// raceDetector is true in a build with the race detector, whose cost the dialogue set's
// hundreds of conversations do not need: make test-eval plays them without it.
const raceDetector = true

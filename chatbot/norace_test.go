//go:build !race

package chatbot

const raceDetector = false

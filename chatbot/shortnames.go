package chatbot

import "github.com/dota-agency/dota/chatbot/reader"

// The reader's functions chatbot calls everywhere, by their short names.
var (
	words       = reader.Words
	stemAll     = reader.StemAll
	ParseWhen   = reader.ParseWhen
	countDigits = reader.CountDigits
	digitOf     = reader.DigitOf
	isDigit     = reader.IsDigit
	emailsIn    = reader.EmailsIn
	phonesIn    = reader.PhonesIn
	politeWords = reader.PoliteWords
)

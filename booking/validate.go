package booking

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dota-agency/dota/catalogue"
	"github.com/nyaruka/phonenumbers"
)

// Field limits, shared by every path that accepts a person's details.
const (
	NameMinLen    = 2
	NameMaxLen    = 100
	CompanyMinLen = 2
	CompanyMaxLen = 100
	PhoneMinLen   = 10
	PhoneMaxLen   = 15
	EmailMaxLen   = 254
	MessageMaxLen = 2000
	ShortMaxLen   = 200
)

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// CheckName validates a person's name: 2 to 100 letters (any script, accented included),
// spaces, hyphens and apostrophes. It returns a message code, or "" when valid.
func CheckName(name string) string {
	n := utf8.RuneCountInString(name)
	if n < NameMinLen || n > NameMaxLen {
		return "name_length"
	}
	for _, r := range name {
		switch {
		case unicode.IsLetter(r), unicode.Is(unicode.Mn, r), r == ' ', r == '-', r == '\'', r == '’':
		default:
			return "name_chars"
		}
	}
	return ""
}

// addressedName is how a message to the customer names them — in its To line, its
// greeting and its calendar file, all from the agency's own sender: name when it reads as
// a person's name (CheckName), else nothing. A name staff typed freely, or one stored
// before the rule, is not written into the agency's voice.
func addressedName(name string) string {
	if CheckName(name) != "" {
		return ""
	}
	return name
}

// NormalizeEmail trims and lower-cases an e-mail address.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// CheckEmail validates the shape text@text.text, in valid UTF-8 without control
// characters. It returns a message code, or "".
func CheckEmail(email string) string {
	if len(email) > EmailMaxLen || !cleanText(email) || !emailPattern.MatchString(email) {
		return "email_invalid"
	}
	return ""
}

// PhoneRegion is the region of a number typed without its country code: Algeria.
const PhoneRegion = "DZ"

// PhoneDigits removes the spaces, hyphens and parentheses a person may type in a number.
func PhoneDigits(phone string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '(', ')':
			return -1
		}
		return r
	}, phone)
}

// CanonicalPhone returns a number in E.164 ("+213555334455"), however it was typed
// ("0555 33 44 55", "+213 555 33 44 55", "00213555334455"), a number without a country
// code being Algerian. ok is false when the text is not a valid number of a real
// numbering plan, so that "++++++++++" or "0000000000" can neither be booked with nor
// match anyone.
func CanonicalPhone(phone string) (e164 string, ok bool) {
	if e164, ok := nationalPhone(phone); ok {
		return e164, true
	}
	n, err := phonenumbers.Parse(phone, PhoneRegion)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.E164), true
}

// CheckPhone validates a phone number: only digits, spaces, hyphens, parentheses and
// plus, 10 to 15 characters once spaces, hyphens and parentheses are removed, and a
// valid number (see CanonicalPhone). It returns a message code, or "".
func CheckPhone(phone string) string {
	if c := checkPhoneText(phone); c != "" {
		return c
	}
	if _, ok := CanonicalPhone(phone); !ok {
		return notANumber(phone)
	}
	return ""
}

// notANumber is the message code for text of a phone's shape that is no real number:
// too few digits to be one ("++++++++++"), else a wrong format ("0000000000").
func notANumber(phone string) string {
	digits := 0
	for _, r := range phone {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	if digits < PhoneMinLen-1 {
		return "phone_length"
	}
	return "phone_chars"
}

// checkPhoneText checks a phone number's characters and length, as the specification
// states them, not yet whether it is a number.
func checkPhoneText(phone string) string {
	for _, r := range phone {
		if !(r >= '0' && r <= '9') && !strings.ContainsRune(" -()+", r) {
			return "phone_chars"
		}
	}
	n := len(PhoneDigits(phone))
	if n < PhoneMinLen || n > PhoneMaxLen {
		return "phone_length"
	}
	return ""
}

// CheckCompany validates a company name: 2 to 100 characters.
func CheckCompany(company string) string {
	n := utf8.RuneCountInString(company)
	if n < CompanyMinLen || n > CompanyMaxLen || !cleanText(company) {
		return "company_invalid"
	}
	return ""
}

// checkText validates free text: at most max characters and no control characters
// other than line breaks and tabs.
func checkText(s string, max int) string {
	if utf8.RuneCountInString(s) > max {
		return "too_long"
	}
	if !cleanText(s) {
		return "text_invalid"
	}
	return ""
}

func cleanText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r == utf8.RuneError || (unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t') {
			return false
		}
	}
	return true
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// IsUUID reports whether id has the shape of a row id, so that a malformed one is a
// plain "not found" rather than a database error.
func IsUUID(id string) bool { return uuidPattern.MatchString(id) }

// answersOf reads the answers given to the questions of service (a slug of services)
// against them (catalogue.CheckAnswers): the answers to store, or a *ValidationError on
// "answers.<question id>" for each one at fault. Unless requireAll, a required question may
// be left unanswered: by the console, booking on a visitor's behalf, and by an accepted
// waitlist offer. A general appointment, or a service the catalogue no longer lists, asks
// nothing.
func answersOf(services []catalogue.ServiceName, service string, given map[string]string, requireAll bool) ([]catalogue.Answer, error) {
	var qs []catalogue.Question
	for _, svc := range services {
		if svc.Slug == service && service != "" {
			qs = svc.Questions
		}
	}
	answers, faults := catalogue.CheckAnswers(qs, given)
	v := &ValidationError{}
	for id, code := range faults {
		if code == "required" && !requireAll {
			continue
		}
		v.Add("answers."+id, code)
	}
	return answers, v.OrNil()
}

// Most numbers a visitor types are Algerian ones in their national form, "0555 12 34 99":
// phonenumbers.Parse runs a dozen patterns to find what that form says outright — country
// 213, the digits after the 0. nationalPhone reads it directly; the numbering plan still
// decides whether the number is valid, and anything else goes through Parse
// (phone_national_test.go holds the two to the same answers).

// dzCountryCode is the country calling code of PhoneRegion.
const dzCountryCode = 213

// nationalPhone returns the E.164 form of an Algerian number typed in its national form —
// a 0, a digit other than 0, then eight digits, with spaces or hyphens between digits —
// when the numbering plan holds it valid. ok false says nothing: the number may be valid
// in another form, which CanonicalPhone's parsing reads.
func nationalPhone(phone string) (e164 string, ok bool) {
	var digits [10]byte
	n := 0
	for i := 0; i < len(phone); i++ {
		switch c := phone[i]; {
		case c >= '0' && c <= '9':
			if n == len(digits) {
				return "", false
			}
			digits[n] = c
			n++
		case (c == ' ' || c == '-') && n > 0 && i+1 < len(phone):
		default:
			return "", false
		}
	}
	if n != len(digits) || digits[0] != '0' || digits[1] == '0' {
		return "", false
	}
	national, err := strconv.ParseUint(string(digits[1:]), 10, 64)
	if err != nil {
		return "", false
	}
	cc := int32(dzCountryCode)
	num := &phonenumbers.PhoneNumber{CountryCode: &cc, NationalNumber: &national}
	if !phonenumbers.IsValidNumber(num) {
		return "", false
	}
	return "+" + strconv.Itoa(dzCountryCode) + string(digits[1:]), true
}

package booking

import (
	"strconv"

	"github.com/nyaruka/phonenumbers"
)

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

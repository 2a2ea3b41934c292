// Package mail renders and sends the e-mails Dota writes to a customer about an
// appointment: the confirmation of a request, the staff's confirmation, a move, a
// cancellation, a reminder, and a waitlist offer.
//
// It is a leaf: it imports no Dota package and knows nothing of the database. The
// booking core gives it plain data and gets back a rendered message or a typed error.
//
// # How the booking core uses it
//
// A River job (inserted in the same transaction as the change that causes it) loads
// the appointment, re-checks that the message is still due, fills an [Input] and calls
// [Renderer.Render]. The rendered [Message] (subject, plain text, HTML and, for an
// appointment, its .ics file from [Calendar]) is handed to [Transport.Send]. The job
// then records the outcome in the delivery ledger:
//
//   - nil: sent;
//   - [ErrNotConfigured]: rendered but not sent, because no SMTP server is configured
//     (the development default) — record it as skipped, do not retry;
//   - [IsPermanent] (a 5xx answer such as an unknown recipient, or an address that
//     cannot be written): failed for good — record why and cancel the job;
//   - anything else (network, TLS, a 4xx answer, a cancelled context): temporary —
//     return the error so River retries with back-off.
//
// Configuration: [NewTransport] takes DOTA_SMTP_URL (smtp:// uses STARTTLS when the
// server offers it, smtps:// is TLS from the first byte, empty means not configured)
// and [NewRenderer] takes DOTA_MAIL_FROM and DOTA_PUBLIC_URL. Both validate their input,
// so calling them at start-up is the configuration check.
//
// Texts are data: one embedded catalogue per language (texts/fr.json, en.json, ar.json)
// and one layout per format (templates/message.html, templates/message.txt) shared by
// every kind. The package mailtest holds an in-process SMTP server for tests.
package mail

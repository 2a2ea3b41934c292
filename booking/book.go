package booking

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/i18n"
)

// MaxIdempotencyKeyLen bounds the Idempotency-Key a client may send.
const MaxIdempotencyKeyLen = 200

// Request is what a person asks for, through the form, the chat or the console.
type Request struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Company string `json:"company"`
	Sector  string `json:"sector"`
	Service string `json:"service"`
	Date    string `json:"date"` // YYYY-MM-DD, optional with Time
	Time    string `json:"time"` // HH:MM, one of SlotTimes
	Message string `json:"message"`
	// Mode is how the meeting happens (catalogue.Modes): "" is the service's default, and
	// a mode the service does not offer is refused.
	Mode string `json:"mode"`
	// ConsultantID asks for one consultant: an active one who takes the service, free
	// then. "" lets the booking assign one when there are consultants (assign.go).
	ConsultantID string `json:"consultant_id"`
	// Answers are the answers to the service's own questions, by question id
	// (catalogue.Question): checked against the catalogue's questions when it is booked.
	Answers map[string]string `json:"answers"`
	// Attribution is where the visit came from, as the web app kept it: cleaned (cut or
	// dropped, never refused) and stored with the appointment.
	Attribution *attribution.Visit `json:"attribution"`
	// ClientID, from the console, books for an existing client instead of matching one.
	ClientID string `json:"client_id"`
	// NewClient, from the console, describes the client to create when none matches.
	NewClient *NewClient `json:"-"`

	Source   string `json:"-"`
	Language string `json:"-"`
	// IdempotencyKey is a client's key (the Idempotency-Key header), checked by
	// CheckIdempotencyKey.
	IdempotencyKey string `json:"-"`
	// InternalKey is the key of a request Dota makes on its own (the chat's booking),
	// never one a client sent: it is stored in a namespace no client key can enter
	// (internalKeyPrefix). A request carries one key at most.
	InternalKey     string `json:"-"`
	StatusDashboard string `json:"-"`

	// phoneE164 is Phone in E.164, set by normalize; "" when Phone is not a number.
	phoneE164 string
	// key is the idempotency key as stored, set by normalize: the client's, or the
	// internal one in its namespace; "" for none.
	key string
	// offer, when set, is the waitlist entry whose offered place this books (AcceptOffer):
	// its hold does not count against the slot, and the booking closes it.
	offer string
	// prefer is the consultant the booking keeps when they are free (the one an accepted
	// offer held), else another is assigned.
	prefer string
}

// Result is a booked appointment. Replayed is true when an earlier request with the same
// idempotency key made it.
type Result struct {
	Appointment  Appointment
	Notification Notification
	Replayed     bool
	// ConfirmationEmail is true when a confirmation is on its way to the booking's e-mail:
	// it has one, and mail is configured. What the form and Dota promise depends on it.
	ConfirmationEmail bool
	// ManageToken is the token of a manage link for the form's visitor, who sees the
	// booking's confirmation page with it; "" for other sources.
	ManageToken string
}

// Book validates the request, matches or creates the client, checks that the slot is
// open and has room, and stores the appointment as pending with its notification, all in
// one transaction. Live events go out after the commit.
func (s *Core) Book(ctx context.Context, r Request) (Result, error) {
	res, err := s.book(ctx, r)
	res.ConfirmationEmail = err == nil && res.Appointment.Email != "" && s.MailConfigured()
	if err == nil && r.Source == SourceForm {
		// The link the confirmation page offers: the same credential as the e-mailed one.
		if res.ManageToken, err = s.newManageToken(ctx, res.Appointment.ID, res.Appointment.Email); err != nil {
			return res, err
		}
	}
	return res, err
}

func (s *Core) book(ctx context.Context, r Request) (Result, error) {
	r.normalize()
	st, err := s.Settings(ctx)
	if err != nil {
		return Result{}, err
	}
	if r.Language == "" {
		r.Language = st.Language // the customer's messages go in the agency's default language
	}
	if err := r.validate(s.now().In(st.Location())); err != nil {
		return Result{}, err
	}
	hash := r.hash()
	if r.Date != "" {
		if err := s.checkOpen(ctx, st, r.Date, r.Time, r.Language, SlotsFor{Service: r.Service, Consultant: r.ConsultantID}); err != nil {
			// A retry of a request that booked before the slot closed gets its booking.
			if r.key != "" {
				if a, kerr := s.appointmentByKey(ctx, r.key, hash); kerr == nil {
					return Result{Appointment: a, Replayed: true}, nil
				}
			}
			return Result{}, err
		}
	}
	res, err := s.bookTx(ctx, st, r, hash)
	if errors.Is(err, errReplay) {
		// The key booked: this request's booking when it was this request, else no one's
		// booking is returned.
		a, err := s.appointmentByKey(ctx, r.key, hash)
		if errors.Is(err, ErrNotFound) {
			return Result{}, &IdempotencyConflictError{}
		}
		return Result{Appointment: a, Replayed: true}, err
	}
	if errors.Is(err, ErrSlotTaken) {
		alts, aerr := s.NearestFree(ctx, r.Date, r.Time, AlternativesCount, r.Language,
			SlotsFor{Service: r.Service, Consultant: r.ConsultantID})
		if aerr != nil {
			return Result{}, aerr
		}
		return Result{}, &SlotTakenError{Alternatives: alts}
	}
	if err != nil {
		return Result{}, err
	}
	appointmentsCreated.WithLabelValues(r.Source).Inc()
	created := Event{Kind: EventAppointmentCreated, Appointment: &res.Appointment}
	if r.offer != "" {
		created.Cause = CauseOffer
	}
	s.publish(ctx, created)
	s.publish(ctx, Event{Kind: EventNotificationCreated, Notification: &res.Notification})
	return res, nil
}

// errReplay means a request with the same idempotency key already booked.
var errReplay = errors.New("idempotent replay")

// The booking transaction is three statements, sent in two round trips (pipelined with
// BEGIN and COMMIT):
//
//  1. lockBooking takes the transaction's advisory locks, in a fixed order: the
//     idempotency key (retries of one request wait for each other), the slot (bookings of
//     one slot are serialized, so the count below cannot be overtaken by a concurrent
//     insert), then the client's lowered e-mail and canonical phone (two bookings by one
//     new person, sharing either, make one client). Every transaction takes at most one
//     lock of each kind, kinds in this order, so two of them never wait for each other.
//  2. checkBooking, a separate statement so that its snapshot is taken once the locks are
//     held: whether the key already booked, how many appointments and open waitlist
//     offers hold the slot (heldSQL) and how many it may hold (the capacity is read here,
//     never from a cached copy), whether the offer being accepted, if any, is open, and the
//     client the request matches: by e-mail (case-insensitive) first, else by the phone in
//     E.164 against numero_1_e164 or numero_2_e164, the oldest client first. The match is
//     a union of one index lookup per column: the OR of the same conditions gets a
//     generic plan that walks every client. When the request names a service,
//     catalogue.ActiveServiceNames follows it in the same round trip, and the service is read
//     against the catalogue (catalogueSlug): an unknown one is refused, a known one is
//     stored by its slug.
//  3. insertBooking creates the client when none matched, the appointment and its
//     notification, closes the offer it accepts, if any, writes the messages it causes
//     to the ledger, and returns the first two with the ledger rows that need a job.
//
// The last two name their parameters (namedStatement) and their rows' columns, which are
// read by name.
var (
	lockBooking = `SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS l(k, i) ORDER BY i`

	checkBooking = named(`SELECT
		@key::text IS NOT NULL AND EXISTS (SELECT 1 FROM appointments WHERE idempotency_key = @key) AS replay,
		CASE WHEN @date::date IS NULL THEN 0 ELSE ` + heldSQL("@date::date", "@time", "@offer::uuid") + ` END AS held,
		(SELECT slot_capacity FROM settings WHERE id = 1) AS capacity,
		CASE WHEN @client_id::uuid IS NOT NULL THEN (SELECT id FROM clients WHERE id = @client_id::uuid)
			ELSE (SELECT id FROM (
				SELECT id, created_at, 0 AS pref FROM clients WHERE @email <> '' AND lower(email) = @email
				UNION ALL
				SELECT id, created_at, 1 FROM clients WHERE @phone_e164 <> '' AND numero_1_e164 = @phone_e164
				UNION ALL
				SELECT id, created_at, 1 FROM clients WHERE @phone_e164 <> '' AND numero_2_e164 = @phone_e164) m
				ORDER BY pref, created_at LIMIT 1) END AS client_id,
		@offer::uuid IS NULL
			OR EXISTS (SELECT 1 FROM waitlist WHERE id = @offer::uuid AND state = 'offered' AND hold_until > now())
			AS offer_open`)

	insertBooking = named(`WITH c AS (
			INSERT INTO clients (nom, prenom, email, numero_1, numero_1_e164, numero_2, numero_2_e164,
				nom_entreprise, siteweb)
			SELECT @nom, @prenom, @email, @phone, nullif(@phone_e164, ''), @numero_2, @numero_2_e164,
				@client_company, @siteweb
			WHERE @client_id::uuid IS NULL
			RETURNING id),
		a AS (
			INSERT INTO appointments (name, email, phone, phone_e164, service, date, time, starts_at, message,
				company, sector, status, status_dashboard, source, language, client_id, idempotency_key,
				request_hash, mode, meeting_url, consultant_id, answers, attribution, traffic_source, campaign)
			VALUES (@name, @email, @phone, nullif(@phone_e164, ''), @service, @date::date, @time, @starts_at,
				@message, @company, @sector, 'pending', @status_dashboard, @source, @language,
				coalesce(@client_id::uuid, (SELECT id FROM c)), @key, @request_hash, @mode, @meeting_url,
				@consultant_id::uuid, @answers, @attribution, @traffic_source, @campaign)
			RETURNING *),
		n AS (
			INSERT INTO notifications (code, args, type, priority, appointment_id)
			SELECT @code, @args::jsonb, 'appointment', 'high', a.id FROM a
			RETURNING *),
		w AS (
			UPDATE waitlist SET state = 'booked', appointment_id = (SELECT id FROM a), updated_at = now()
			WHERE id = @offer::uuid),
		d AS (` + insertDeliveries("(SELECT id FROM a)") + `)
		SELECT ` + AppointmentColumns + `, ` + NotificationColumns + `,
			(SELECT array_agg(id ORDER BY due_at) FROM d WHERE scheduled) AS scheduled_ids,
			(SELECT array_agg(due_at ORDER BY due_at) FROM d WHERE scheduled) AS scheduled_dues
		FROM a, n`)
)

// bookingCheck is the row of checkBooking.
type bookingCheck struct {
	Replay    bool    `db:"replay"`   // the idempotency key booked already
	Held      int     `db:"held"`     // the slot's places taken or held by an offer
	Capacity  int     `db:"capacity"` // the places it has
	ClientID  *string `db:"client_id"`
	OfferOpen bool    `db:"offer_open"`
}

// lockKeys are the advisory lock names of a request, in the order they are taken.
func lockKeys(r Request) []string {
	var keys []string
	if r.key != "" {
		keys = append(keys, idemLock(r.key))
	}
	if r.Date != "" {
		keys = append(keys, slotLockKey(r.Date, r.Time))
	}
	if r.ClientID == "" {
		if r.Email != "" {
			keys = append(keys, "email "+r.Email)
		}
		if r.phoneE164 != "" {
			keys = append(keys, "phone "+r.phoneE164)
		}
	}
	return keys
}

// idemLock is the advisory lock name of an idempotency key.
func idemLock(key string) string { return "idem " + key }

func (s *Core) bookTx(ctx context.Context, st Settings, r Request, hash string) (Result, error) {
	conn, err := s.db.Acquire(ctx)
	if err != nil {
		return Result{}, err
	}
	defer conn.Release()
	res, err := s.bookOn(ctx, conn.Conn(), st, r, hash)
	if err != nil && conn.Conn().PgConn().TxStatus() != 'I' {
		// End what the pipeline began. Should this fail too, the pool closes the connection
		// on release rather than reuse it inside a transaction.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		_, _ = conn.Exec(rctx, "ROLLBACK")
		cancel()
	}
	return res, err
}

func (s *Core) bookOn(ctx context.Context, conn *pgx.Conn, st Settings, r Request, hash string) (Result, error) {
	check, services, consultants, err := checkOn(ctx, conn, st, r)
	switch {
	case err != nil:
		return Result{}, err
	case check.Replay:
		return Result{}, errReplay
	case !check.OfferOpen:
		return Result{}, errOfferClosed
	case r.Date != "" && len(consultants) == 0 && check.Held >= check.Capacity:
		return Result{}, ErrSlotTaken
	case r.ClientID != "" && check.ClientID == nil:
		v := &ValidationError{}
		v.Add("client_id", "not_found")
		return Result{}, v
	}
	if r.Service != "" {
		slug, ok := catalogueSlug(services, r.Service)
		switch {
		case ok:
			r.Service = slug
		case r.offer == "":
			return Result{}, errServiceUnknown()
		default:
			// A waitlist entry's service was not read against the catalogue when it
			// joined: its place is booked all the same, as a general appointment.
			r.Service = ""
		}
	}
	// With consultants, one who takes the service and is free holds the slot (assign.go).
	consultant, err := consultants.assign(st, SlotRef{Date: r.Date, Time: r.Time}, r.Service, r.ConsultantID, r.prefer)
	if err != nil {
		return Result{}, err
	}
	meeting := Appointment{Name: r.Name, Service: r.Service, Date: r.Date, Time: r.Time,
		StartsAt: st.StartsAt(r.Date, r.Time), Language: r.Language}
	if err := modeOf(services, r.Service, r.Mode, &meeting.Mode); err != nil {
		return Result{}, err
	}
	if err := s.roomFor(ctx, &meeting, ""); err != nil {
		return Result{}, err
	}
	answers, err := answersOf(services, r.Service, r.Answers, r.Source != SourceConsole && r.offer == "")
	if err != nil {
		return Result{}, err
	}

	// The messages the booking causes are written to the ledger by the insert itself; their
	// jobs go in through River's client, before COMMIT. A booking that causes none (no
	// e-mail) commits with the insert.
	startsAt := st.StartsAt(r.Date, r.Time)
	msgs := s.messagesFor(st, Appointment{}, Appointment{Email: r.Email, Status: StatusPending, StartsAt: startsAt,
		Language: r.Language}, actorAgency)
	jobs := slices.ContainsFunc(msgs, func(d newDelivery) bool { return d.Skipped == "" })
	named := r.insertArgs(check.ClientID, hash, startsAt, titleOf(services, r.Service))
	named["mode"], named["meeting_url"] = meeting.Mode, NullIfEmpty(meeting.MeetingURL)
	named["consultant_id"] = NullIfEmpty(consultant)
	named["answers"] = answers
	maps.Copy(named, ledgerRowsOf(msgs).args())
	args, err := insertBooking.args(named)
	if err != nil {
		return Result{}, err
	}
	b := &pgx.Batch{}
	b.Queue(insertBooking.sql, args...)
	if !jobs {
		b.Queue("COMMIT")
	}
	br := conn.SendBatch(ctx, b)
	var res Result
	var ids []string
	var dues []time.Time
	rows, err := br.Query()
	if err == nil {
		res.Appointment, err = pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (Appointment, error) {
			return ScanAppointment(appointmentAnd{row, append(res.Notification.fields(), &ids, &dues)})
		})
	}
	res.Notification.Localize(i18n.Default)
	if err == nil && !jobs {
		err = committed(br.Exec())
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err == nil && jobs {
		if err = s.queueDeliveries(ctx, pipelineTx{conn: conn}, ids, dues); err == nil {
			err = committed(conn.Exec(ctx, "COMMIT"))
		}
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "appointments_idempotency_key_key" {
		return Result{}, errReplay
	}
	if consultantClash(err) {
		return Result{}, ErrSlotTaken
	}
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

// checkOn begins the booking's transaction on conn, takes its locks and reads its checks
// (with the catalogue's services when the request names one, and the consultants when it
// names a slot or a consultant), in one round trip.
func checkOn(ctx context.Context, conn *pgx.Conn, st Settings, r Request) (bookingCheck, []catalogue.ServiceName, team, error) {
	args, err := checkBooking.args(pgx.NamedArgs{
		"key":        NullIfEmpty(r.key),
		"date":       NullIfEmpty(r.Date),
		"time":       NullIfEmpty(r.Time),
		"client_id":  NullIfEmpty(r.ClientID),
		"email":      r.Email,
		"phone_e164": r.phoneE164,
		"offer":      NullIfEmpty(r.offer),
	})
	if err != nil {
		return bookingCheck{}, nil, nil, err
	}
	withTeam := r.Date != "" || r.ConsultantID != ""
	tsql, targs, err := teamSpan{From: r.Date, To: r.Date, Offer: r.offer}.query(st)
	if err != nil {
		return bookingCheck{}, nil, nil, err
	}
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(lockBooking, lockKeys(r))
	b.Queue(checkBooking.sql, args...)
	if r.Service != "" {
		b.Queue(catalogue.ActiveServiceNames)
	}
	if withTeam {
		b.Queue(tsql, targs...)
	}
	br := conn.SendBatch(ctx, b)
	var (
		check    bookingCheck
		services []catalogue.ServiceName
		members  team
		rows     pgx.Rows
	)
	_, err = br.Exec()
	if err == nil {
		_, err = br.Exec()
	}
	if err == nil {
		if rows, err = br.Query(); err == nil {
			check, err = pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[bookingCheck])
		}
	}
	if err == nil && r.Service != "" {
		if rows, err = br.Query(); err == nil {
			services, err = pgx.CollectRows(rows, catalogue.ScanServiceName)
		}
	}
	if err == nil && withTeam {
		if rows, err = br.Query(); err == nil {
			members, err = scanTeam(rows)
		}
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return check, services, members, err
}

// insertArgs are insertBooking's arguments but the ledger's, for a request that passed its
// checks: clientID is the client it names or matched (nil: a new one), serviceTitle its
// service as staff read it in the notification.
func (r *Request) insertArgs(clientID *string, hash string, startsAt *time.Time, serviceTitle string) pgx.NamedArgs {
	prenom, nom := r.clientNames()
	numero2, clientCompany, siteweb := r.clientExtras()
	return pgx.NamedArgs{
		// the appointment
		"name":             r.Name,
		"email":            NullIfEmpty(r.Email),
		"phone":            NullIfEmpty(r.Phone),
		"phone_e164":       r.phoneE164,
		"service":          NullIfEmpty(r.Service),
		"date":             NullIfEmpty(r.Date),
		"time":             NullIfEmpty(r.Time),
		"starts_at":        startsAt,
		"message":          NullIfEmpty(r.Message),
		"company":          NullIfEmpty(r.Company),
		"sector":           NullIfEmpty(r.Sector),
		"status_dashboard": NullIfEmpty(r.StatusDashboard),
		"source":           r.Source,
		"language":         r.Language,
		"client_id":        clientID,
		"key":              NullIfEmpty(r.key),
		"request_hash":     hash,
		"attribution":      r.Attribution,
		"traffic_source":   r.Attribution.Source(),
		"campaign":         r.Attribution.Campaign(),
		// the client, when none matched
		"nom":            nom,
		"prenom":         prenom,
		"numero_2":       numero2,
		"numero_2_e164":  canonicalOrNil(numero2),
		"client_company": clientCompany,
		"siteweb":        siteweb,
		// the notification
		"code": codeNewAppointment,
		"args": notificationArgs(Appointment{Name: r.Name, Email: r.Email, Phone: r.Phone, Service: serviceTitle,
			Date: r.Date, Time: r.Time, Source: r.Source}),
		// the waitlist offer it accepts, if any
		"offer": NullIfEmpty(r.offer),
	}
}

// committed checks that a COMMIT committed: a failed transaction answers it with ROLLBACK.
func committed(tag pgconn.CommandTag, err error) error {
	if err == nil && tag.String() != "COMMIT" {
		err = fmt.Errorf("booking: transaction ended with %s", tag)
	}
	return err
}

// codeNewAppointment is the notification of a new appointment.
const codeNewAppointment = "appointment_new"

// notificationArgs are the arguments of a new appointment's notification: the name, and
// the details staff need at a glance (contacts, service, slot, source).
func notificationArgs(a Appointment) map[string]string {
	parts := []string{a.Name}
	for _, p := range []string{a.Email, a.Phone, a.Service} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if a.Date != "" {
		parts = append(parts, a.Date+" "+a.Time)
	}
	return map[string]string{"name": a.Name, "details": strings.Join(parts, " · "), "source": a.Source}
}

// checkOpen refuses a slot that is not one of the business day's slots, is past, or lies
// beyond the booking horizon, offering the nearest free slots labelled in lang.
func (s *Core) checkOpen(ctx context.Context, st Settings, date, hhmm, lang string, f ...SlotsFor) error {
	reason := s.closedReason(st, date, hhmm)
	if reason == "" {
		return nil
	}
	alts, err := s.NearestFree(ctx, date, hhmm, AlternativesCount, lang, f...)
	if err != nil {
		return err
	}
	return closedError(st, reason, alts)
}

// appointmentByKey returns the appointment booked with an idempotency key by the request
// of that hash; ErrNotFound when the key booked nothing or booked another request.
func (s *Core) appointmentByKey(ctx context.Context, key, hash string) (Appointment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
		WHERE idempotency_key = $1 AND request_hash = $2`, key, hash)
	if err != nil {
		return Appointment{}, err
	}
	a, err := pgx.CollectExactlyOneRow(rows, ScanAppointment)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}

func (r *Request) normalize() {
	for _, f := range []*string{&r.Name, &r.Phone, &r.Company, &r.Sector, &r.Service, &r.Date, &r.Time,
		&r.Message, &r.Mode, &r.ClientID, &r.ConsultantID, &r.IdempotencyKey, &r.InternalKey} {
		*f = strings.TrimSpace(*f)
	}
	r.key = r.IdempotencyKey
	if r.InternalKey != "" {
		r.key = internalKeyPrefix + r.InternalKey
	}
	r.Name = strings.Join(strings.Fields(r.Name), " ")
	r.Email = NormalizeEmail(r.Email)
	r.phoneE164, _ = CanonicalPhone(r.Phone)
	r.Attribution = r.Attribution.Clean()
	// An unknown language is the agency's default one, from the settings (book).
	r.Language = i18n.Normalize(r.Language)
	if r.Source == "" {
		r.Source = SourceForm
	}
}

func (r *Request) validate(now time.Time) error {
	v := &ValidationError{}
	switch {
	case r.Name == "":
		v.Add("name", "required")
	case r.Source != SourceConsole:
		// A visitor's name is written into the messages the agency sends: it must read
		// as a person's name, by the rule the chat applies.
		if c := CheckName(r.Name); c != "" {
			v.Add("name", c)
		}
	case utf8.RuneCountInString(r.Name) < NameMinLen || utf8.RuneCountInString(r.Name) > NameMaxLen:
		v.Add("name", "name_length")
	case !cleanText(r.Name):
		v.Add("name", "text_invalid")
	}
	// The chat may book with an e-mail alone (the specification leaves its phone optional);
	// every other way needs a phone.
	switch {
	case r.Phone == "" && (r.Source != SourceChat || r.Email == ""):
		v.Add("phone", "required")
	case r.Phone == "": // an e-mail alone, by chat
	case checkPhoneText(r.Phone) != "":
		v.Add("phone", checkPhoneText(r.Phone))
	case r.phoneE164 == "":
		v.Add("phone", notANumber(r.Phone))
	}
	if len(v.Fields) > 0 && (r.Name == "" || v.Fields["phone"] == "required") {
		v.Summary = "required_fields"
	}
	if r.Email != "" {
		if c := CheckEmail(r.Email); c != "" {
			v.Add("email", c)
		}
	}
	if r.Company != "" {
		if c := CheckCompany(r.Company); c != "" {
			v.Add("company", c)
		}
	}
	for field, val := range map[string]string{"service": r.Service, "sector": r.Sector} {
		if c := checkText(val, ShortMaxLen); c != "" {
			v.Add(field, c)
		}
	}
	if c := checkText(r.Message, MessageMaxLen); c != "" {
		v.Add("message", c)
	}
	r.validateSlot(now, v)
	if r.Mode != "" && !catalogue.IsMode(r.Mode) {
		v.Add("mode", "invalid_option")
	}
	if r.ClientID != "" && !IsUUID(r.ClientID) {
		v.Add("client_id", "not_found")
	}
	if r.ConsultantID != "" && !IsUUID(r.ConsultantID) {
		v.Add("consultant_id", "consultant_invalid")
	}
	if c := CheckIdempotencyKey(r.IdempotencyKey); c != "" {
		v.Add("idempotency_key", c)
	}
	if !slices.Contains(Sources, r.Source) {
		return fmt.Errorf("booking: unknown source %q", r.Source)
	}
	if r.IdempotencyKey != "" && r.InternalKey != "" {
		return errors.New("booking: a request carries a client's key and an internal one")
	}
	return v.OrNil()
}

func (r *Request) validateSlot(now time.Time, v *ValidationError) {
	if r.Date == "" && r.Time == "" {
		return
	}
	if r.Date == "" || r.Time == "" {
		v.Add("date", "date_time_pair")
		return
	}
	d, ok := ParseDate(r.Date, now.Location())
	if !ok {
		v.Add("date", "date_invalid")
	} else if d.Before(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())) {
		v.Add("date", "date_past")
	}
	if !slices.Contains(SlotTimes, r.Time) {
		v.Add("time", "time_invalid")
	}
}

// CheckIdempotencyKey validates a client's Idempotency-Key: empty, or at most
// MaxIdempotencyKeyLen printable ASCII characters without spaces. It returns a message
// code, or "". Without spaces, no client key is in the namespace of internal keys.
func CheckIdempotencyKey(key string) string {
	if len(key) > MaxIdempotencyKeyLen || !printableASCII(key) {
		return "idempotency_key_invalid"
	}
	return ""
}

// internalKeyPrefix starts every internal key as stored (Request.InternalKey): its space
// is a character no client key may hold (CheckIdempotencyKey), so a client cannot send a
// key that Dota will book with, and take it first.
const internalKeyPrefix = "dota "

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// canonicalOrNil is the E.164 form of a phone, nil when there is none or it is no number.
func canonicalOrNil(phone *string) *string {
	if phone == nil {
		return nil
	}
	e164, ok := CanonicalPhone(*phone)
	if !ok {
		return nil
	}
	return &e164
}

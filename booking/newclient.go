package booking

// NewClient is the client the console enters along with an appointment. Book creates it
// inside the booking transaction, only when the request matches no client by e-mail or
// phone, so a refused booking leaves no client behind and a retry makes no second one.
// The e-mail and first phone are the request's; Prenom and Nom replace the names Book
// would split from the request's name.
type NewClient struct {
	Nom     string
	Prenom  string
	Numero2 string
	Company string // the client's company, when it differs from the appointment's
	Siteweb string
}

// clientNames are the first and last names of the client Book creates for r.
func (r *Request) clientNames() (prenom, nom string) {
	if r.NewClient != nil {
		return r.NewClient.Prenom, r.NewClient.Nom
	}
	return SplitName(r.Name)
}

// clientExtras are the new client's second phone, company and website (nil when none).
func (r *Request) clientExtras() (numero2, company, siteweb *string) {
	company = NullIfEmpty(r.Company)
	if r.NewClient == nil {
		return nil, company, nil
	}
	if c := NullIfEmpty(r.NewClient.Company); c != nil {
		company = c
	}
	return NullIfEmpty(r.NewClient.Numero2), company, NullIfEmpty(r.NewClient.Siteweb)
}

package httpapi

import (
	"context"
	"net/http"

	"gamethumbs/internal/catalog"
)

// leagueRecord is the public league record of /{league}/raw. Unlike the
// reference it never includes provider configuration (API keys).
type leagueRecord struct {
	Code           string   `json:"league"`
	Name           string   `json:"name"`
	ShortName      string   `json:"shortName"`
	Aliases        []string `json:"aliases,omitempty"`
	Providers      []string `json:"providers"`
	SkipLogos      bool     `json:"skipLogos,omitempty"`
	Mode           string   `json:"mode,omitempty"`
	FeederLeagues  []string `json:"feederLeagues,omitempty"`
	FallbackLeague string   `json:"fallbackLeague,omitempty"`
	Temporary      bool     `json:"temporary,omitempty"`
	// IDs are the league's ids at its providers ("espn": "soccer/esp.1").
	IDs map[string]string `json:"ids,omitempty"`
}

// rawQuery reads the query of the raw routes; values it ignores are named
// in Warning headers, as on the image routes.
func (s *Server) rawQuery(w http.ResponseWriter, r *http.Request) (fallback bool, err *Error) {
	q := &query{v: r.URL.Query(), strict: s.cfg.StrictParams}
	fallback = q.boolean("fallback", false)
	for _, msg := range q.warnings {
		w.Header().Add("Warning", `299 gamethumbs "`+msg+`"`)
	}
	return fallback, q.err
}

func (s *Server) leagueRaw(w http.ResponseWriter, r *http.Request, p params) error {
	fallback, herr := s.rawQuery(w, r)
	if herr != nil {
		return herr
	}
	ctx, cancel := s.lookupContext(r)
	defer cancel()
	l, err := s.backend.League(ctx, p["league"], fallback)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, leagueRecord{
		Code: l.Code, Name: l.Name, ShortName: l.ShortName, Aliases: l.Aliases,
		Providers: l.Providers, SkipLogos: l.SkipLogos, Mode: l.Mode,
		FeederLeagues: l.FeederLeagues, FallbackLeague: l.FallbackLeague, Temporary: l.Temporary,
		IDs: l.IDs,
	})
	return nil
}

func (s *Server) teamRaw(w http.ResponseWriter, r *http.Request, p params) error {
	fallback, herr := s.rawQuery(w, r)
	if herr != nil {
		return herr
	}
	if len(p["team1"]) > maxSegmentLen {
		return errorf(400, "identifier too long (at most %d characters)", maxSegmentLen)
	}
	ctx, cancel := s.lookupContext(r)
	defer cancel()
	l, err := s.backend.League(ctx, p["league"], fallback)
	if err != nil {
		return err
	}
	rec, err := s.teamRecord(ctx, l, p["team1"])
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, rec)
	return nil
}

// teamRecord resolves a team of l into its raw record, with its venue and
// record when the backend knows them.
func (s *Server) teamRecord(ctx context.Context, l catalog.League, id string) (rawTeamRecord, error) {
	var t catalog.Team
	var d catalog.Details
	var err error
	if dr, ok := s.backend.(detailsReader); ok {
		t, d, err = dr.TeamDetails(ctx, l, id)
	} else {
		t, err = s.backend.Team(ctx, l, id)
	}
	if err != nil {
		return rawTeamRecord{}, err
	}
	return rawTeam(t, d), nil
}

// detailsReader is implemented by backends that know teams' venues and
// records (*scene.Service).
type detailsReader interface {
	TeamDetails(ctx context.Context, l catalog.League, id string) (catalog.Team, catalog.Details, error)
}

// rawTeamRecord is the spec's raw team record (empty fields omitted) with
// game-thumbs' venue and record fields, which are null when unknown.
type rawTeamRecord struct {
	catalog.Team
	Record       *string `json:"record"`
	StadiumName  *string `json:"stadiumName"`
	StadiumCity  *string `json:"stadiumCity"`
	StadiumState *string `json:"stadiumState"`
	StadiumImage *string `json:"stadiumImage"`
}

func rawTeam(t catalog.Team, d catalog.Details) rawTeamRecord {
	orNull := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	return rawTeamRecord{Team: t, Record: orNull(d.Record), StadiumName: orNull(d.Venue.Name),
		StadiumCity: orNull(d.Venue.City), StadiumState: orNull(d.Venue.State), StadiumImage: orNull(d.Venue.Image)}
}

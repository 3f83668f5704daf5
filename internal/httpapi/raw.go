package httpapi

import (
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
	t, err := s.backend.Team(ctx, l, p["team1"])
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, rawTeam(t))
	return nil
}

// rawTeamRecord is the spec's raw team record; empty fields are omitted.
type rawTeamRecord = catalog.Team

func rawTeam(t catalog.Team) rawTeamRecord { return t }

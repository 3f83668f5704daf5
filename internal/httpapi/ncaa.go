package httpapi

import (
	"net/http"
	"strings"

	"gamethumbs/internal/catalog"
)

// ncaaHandler maps the {type} of the NCAA shorthand to the unified handler
// it forwards to; deprecated type names and ".png" or ".webp" suffixes
// are accepted.
func (s *Server) ncaaHandler(typ string) (imageFunc, bool) {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(typ), ".png"), ".webp")
	switch t {
	case "thumb", "leaguethumb":
		return s.thumb, true
	case "cover", "leaguecover":
		return s.cover, true
	case "logo", "leaguelogo", "teamlogo":
		return s.logo, true
	case "raw":
		if t != strings.ToLower(typ) {
			return nil, false
		}
		return nil, true
	}
	return nil, false
}

// ncaa serves /ncaa/{sport}/[team1/[team2/]]{type} by mapping the sport to
// its league code and calling the unified handler.
func (s *Server) ncaa(w http.ResponseWriter, r *http.Request, p params) (served, error) {
	code, ok := catalog.NCAASport(p["sport"])
	if !ok {
		return served{}, errorf(http.StatusNotFound, "unknown NCAA sport %q", clip(p["sport"]))
	}
	h, ok := s.ncaaHandler(p["type"])
	if !ok {
		return served{}, errorf(http.StatusBadRequest, "invalid type %q: allowed values are thumb, cover, logo, raw", clip(p["type"]))
	}
	fwd := params{"league": code}
	if strings.HasSuffix(strings.ToLower(p["type"]), ".webp") {
		fwd["format"] = "webp"
	}
	for _, k := range []string{"team1", "team2"} {
		if v, ok := p[k]; ok {
			fwd[k] = v
		}
	}
	if h == nil { // raw: the handler answers itself
		switch len(teamsOf(fwd)) {
		case 0:
			return served{}, s.leagueRaw(w, r, fwd)
		case 1:
			return served{}, s.teamRaw(w, r, fwd)
		default:
			return served{}, errorf(http.StatusBadRequest, "raw takes one team, not two")
		}
	}
	return h(w, r, fwd)
}

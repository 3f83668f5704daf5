package scene

import (
	"context"

	"gamethumbs/internal/catalog"
)

// maxPickerTeams bounds the roster Teams returns (college leagues with
// feeders run to a few hundred teams).
const maxPickerTeams = 2000

// Leagues returns the enabled leagues of the catalogue, in table order,
// then the leagues switched off by their variable (Disabled).
func (s *Service) Leagues() []catalog.League {
	return append(s.cfg.Catalog.Leagues(), s.cfg.Catalog.Disabled()...)
}

// Teams returns the teams a user can pick in league l: its roster from the
// first provider that has it or, for a league without a roster of its own
// (a tournament made of feeder leagues), the rosters of its feeder leagues
// in order, without repeating a team. League palettes (teamColors) are
// applied; colours are never extracted from logos here, so the call costs
// at most the roster downloads. The result is a new slice.
func (s *Service) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	list, err := s.teams(ctx, l)
	if err != nil {
		return nil, err
	}
	// Athlete rosters hold tens of thousands of names: the picker gets the
	// first maxPickerTeams (it narrows by typing, through the image routes).
	out := append([]catalog.Team(nil), list[:min(len(list), maxPickerTeams)]...)
	if len(out) == 0 {
		seen := map[string]bool{}
		for _, code := range l.FeederLeagues {
			fl, ok := s.cfg.Catalog.Get(code)
			if !ok {
				continue
			}
			feeder, err := s.teams(ctx, fl)
			if err != nil {
				return nil, err
			}
			for _, t := range feeder {
				key := t.FullName + "\x00" + t.Abbreviation
				if !seen[key] && len(out) < maxPickerTeams {
					seen[key] = true
					out = append(out, t)
				}
			}
		}
	}
	if len(out) > maxPickerTeams {
		out = out[:maxPickerTeams]
	}
	if len(l.TeamColors) > 0 {
		for i := range out {
			out[i].Color, out[i].AlternateColor = paletteColors(l.TeamColors, &out[i])
		}
	}
	return out, nil
}

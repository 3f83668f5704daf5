package scene

import (
	"context"
	"strings"
	"unicode"

	"gamethumbs/internal/catalog"
)

// skipLogoSides applies the skipLogos rule to a matchup: in leagues that
// draw coloured blocks instead of logos (F1, NASCAR, IndyCar, Olympics) a
// side that was not found is not a grey stand-in but a block in the
// league's mood colour (the dominant colour of its logo), named as typed.
func (s *Service) skipLogoSides(ctx context.Context, l catalog.League, sides []side) {
	if !l.SkipLogos {
		return
	}
	mood := ""
	for i := range sides {
		if !sides[i].missing {
			continue
		}
		if mood == "" {
			mood = s.moodColor(ctx, l)
		}
		name := displaySegment(sides[i].seg)
		sides[i] = side{seg: sides[i].seg, league: l,
			team: catalog.Team{Name: name, FullName: name, Color: mood, AlternateColor: mood}}
	}
}

// moodColor is the dominant colour of the league's logo, or the neutral
// default when it has none.
func (s *Service) moodColor(ctx context.Context, l catalog.League) string {
	light, dark, _ := s.leagueLogoURLs(ctx, l)
	for _, u := range []string{light, dark} {
		if u == "" {
			continue
		}
		if c, ok := s.logoColors(ctx, u, nil); ok {
			return c[0].Hex()
		}
	}
	return defaultColor.Hex()
}

// displaySegment turns a path segment into a display name: separators
// become spaces and words start with a capital ("max-verstappen" → "Max
// Verstappen").
func displaySegment(seg string) string {
	words := strings.FieldsFunc(seg, func(r rune) bool { return r == '-' || r == '_' || r == '+' || unicode.IsSpace(r) })
	for i, w := range words {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	return strings.Join(words, " ")
}

// Package demo is a built-in league that works without any network: a
// dozen fictional teams with original logos drawn here in Go (emblem
// shapes, a monogram, two colours), served through the same
// catalog.Provider interface as ESPN. `gamethumbs -demo` (or DEMO=true)
// adds it to the catalogue, so /demo/herons/comets/thumb shows a real
// picture on a machine with no internet access.
//
// Logos are PNG data: URLs, which the fetch package decodes without any
// network. They are drawn once, on first use, and are deterministic. So
// are the teams' venues and records (Details) and the venue photos (JPEG
// data: URLs, venues.go).
package demo

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"sync"

	"gamethumbs/internal/catalog"
)

// Code is the league code of the demo league; ProviderID its provider id.
const (
	Code       = "demo"
	ProviderID = "demo"
)

// League returns the catalogue entry of the demo league.
func League() catalog.League {
	return catalog.League{
		Code:      Code,
		Name:      "Gamethumbs Demo League",
		ShortName: "DEMO",
		Aliases:   []string{"demo league", "gamethumbs demo"},
		Providers: []string{ProviderID},
	}
}

// team is one row of the demo roster.
type team struct {
	city, name, abbr   string
	primary, secondary string // "#rrggbb"
}

// roster is the demo league. Names, colours and logos are invented for
// this project.
var roster = []team{
	{"Harbor City", "Herons", "HAR", "#1f4e79", "#f2c14e"},
	{"Red Mesa", "Comets", "RMC", "#b22234", "#f4ede4"},
	{"Northgate", "Owls", "NGO", "#4b2e83", "#e8d3a2"},
	{"Bayside", "Sharks", "BAY", "#0f7c8c", "#e6eef2"},
	{"Iron Valley", "Miners", "IVM", "#2f2f2f", "#e87722"},
	{"Pine Ridge", "Wolves", "PRW", "#1e5631", "#d9e3d0"},
	{"Sunport", "Flares", "SUN", "#f7a21b", "#5a1a1a"},
	{"Glacier Bay", "Bears", "GLB", "#3b6e99", "#ffffff"},
	{"Copper Canyon", "Coyotes", "CCY", "#a4462a", "#f3d9b1"},
	{"Lakeshore", "Lightning", "LSL", "#002f6c", "#ffd100"},
	{"Stonebridge", "Knights", "STK", "#9e1b32", "#d0d0d0"},
	{"Twin Rivers", "Otters", "TRO", "#5b3a22", "#6cc5cf"},
}

// leagueEmblem is the logo of the league itself.
var leagueEmblem = emblem{shape: shapes[0], letter: 'D', primary: rgb("#14213d"), secondary: rgb("#fca311")}

// Provider serves the demo roster. The zero value is ready to use and it
// is safe for concurrent use.
type Provider struct{}

// New returns the demo provider.
func New() *Provider { return &Provider{} }

// ID is ProviderID.
func (*Provider) ID() string { return ProviderID }

// Teams returns the demo roster for the demo league and
// catalog.ErrNotCovered for any other league. Like a provider's cache, it
// returns the same slice on every call (scene memoises matches per
// roster slice): callers must not modify it.
func (*Provider) Teams(_ context.Context, l catalog.League) ([]catalog.Team, error) {
	if l.Code != Code {
		return nil, fmt.Errorf("demo: league %q: %w", l.Code, catalog.ErrNotCovered)
	}
	return load().teams, nil
}

// LeagueLogos returns the league's logo as a data: URL (no dark variant).
func (*Provider) LeagueLogos(_ context.Context, l catalog.League) (light, dark string, err error) {
	if l.Code != Code {
		return "", "", fmt.Errorf("demo: league %q: %w", l.Code, catalog.ErrNotCovered)
	}
	return load().leagueLogo, "", nil
}

// assets are the drawn logos and the team records that point at them.
type assets struct {
	teams      []catalog.Team
	leagueLogo string
}

var (
	assetsOnce sync.Once
	drawn      assets
)

// load draws every logo once.
func load() *assets {
	assetsOnce.Do(func() {
		drawn.leagueLogo = dataURL(leagueEmblem)
		drawn.teams = make([]catalog.Team, len(roster))
		for i, t := range roster {
			drawn.teams[i] = catalog.Team{
				ID:             strconv.Itoa(i + 1),
				Slug:           slug(t.city + " " + t.name),
				City:           t.city,
				Name:           t.name,
				FullName:       t.city + " " + t.name,
				ShortName:      t.name,
				Abbreviation:   t.abbr,
				Conference:     []string{"East", "West"}[i%2],
				Logo:           dataURL(teamEmblem(i)),
				Color:          t.primary,
				AlternateColor: t.secondary,
			}
		}
	})
	return &drawn
}

// teamEmblem is the logo design of roster[i]: the shape cycles through
// the outlines, every other team has bars instead of a ring.
func teamEmblem(i int) emblem {
	t := roster[i]
	return emblem{
		shape:     shapes[i%len(shapes)],
		bars:      i%2 == 1,
		letter:    []rune(t.name)[0],
		primary:   rgb(t.primary),
		secondary: rgb(t.secondary),
	}
}

// dataURL draws e and encodes it as a data:image/png;base64 URL.
func dataURL(e emblem) string {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, e.draw()); err != nil {
		panic("demo: encode logo: " + err.Error()) // cannot fail writing to memory
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// rgb parses a "#rrggbb" constant of this file.
func rgb(hex string) color.NRGBA {
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		panic("demo: bad colour " + hex)
	}
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

// slug is the lower-case, hyphenated form of s.
func slug(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), "-"))
}

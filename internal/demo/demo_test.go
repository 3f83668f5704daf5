package demo

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/colorx"
	"gamethumbs/internal/match"
)

// decodeLogo decodes a data:image/png;base64 URL.
func decodeLogo(t *testing.T, u string) image.Image {
	t.Helper()
	payload, ok := strings.CutPrefix(u, "data:image/png;base64,")
	if !ok {
		t.Fatalf("logo %.40q is not a PNG data URL", u)
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		t.Fatalf("logo base64: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("logo PNG: %v", err)
	}
	return img
}

func TestTeams(t *testing.T) {
	p := New()
	teams, err := p.Teams(context.Background(), League())
	if err != nil {
		t.Fatal(err)
	}
	if len(teams) != 12 {
		t.Fatalf("Teams() has %d teams, want 12", len(teams))
	}
	seen := map[string]bool{}
	for _, tm := range teams {
		for _, key := range []string{"id:" + tm.ID, "name:" + tm.Name, "abbr:" + tm.Abbreviation, "slug:" + tm.Slug} {
			if seen[key] {
				t.Errorf("duplicate %s", key)
			}
			seen[key] = true
		}
		c, okC := colorx.ParseHex(tm.Color)
		a, okA := colorx.ParseHex(tm.AlternateColor)
		if !okC || !okA {
			t.Errorf("%s: colours %q, %q are not #rrggbb", tm.Name, tm.Color, tm.AlternateColor)
			continue
		}
		// The monogram is drawn in the alternate colour on the primary.
		if got := colorx.Contrast(c, a); got < 3 {
			t.Errorf("%s: contrast of %s on %s = %.2f, want >= 3", tm.Name, tm.AlternateColor, tm.Color, got)
		}
		if tm.FullName != tm.City+" "+tm.Name {
			t.Errorf("%s: FullName = %q", tm.Name, tm.FullName)
		}
	}
}

func TestEveryTeamResolvesByWhatUsersType(t *testing.T) {
	teams, _ := New().Teams(context.Background(), League())
	for i, tm := range teams {
		for _, q := range []string{tm.Name, strings.ToLower(tm.Name), tm.Abbreviation, tm.Slug, tm.FullName} {
			if got, ok := match.Find(q, teams); !ok || got != i {
				t.Errorf("match.Find(%q) = %d, %v; want %d (%s)", q, got, ok, i, tm.FullName)
			}
		}
	}
}

func TestLogosAreTwoColourEmblems(t *testing.T) {
	teams, _ := New().Teams(context.Background(), League())
	for _, tm := range teams {
		img := decodeLogo(t, tm.Logo)
		if b := img.Bounds(); b.Dx() != LogoSize || b.Dy() != LogoSize {
			t.Errorf("%s: logo is %v, want %dx%d", tm.Name, b, LogoSize, LogoSize)
			continue
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("%s: corner is not transparent", tm.Name)
		}
		// Opaque pixels are (almost all) the two team colours; the
		// primary covers more of the emblem than the alternate.
		primary, _ := colorx.ParseHex(tm.Color)
		alternate, _ := colorx.ParseHex(tm.AlternateColor)
		var nP, nA, opaque int
		for y := 0; y < LogoSize; y += 2 {
			for x := 0; x < LogoSize; x += 2 {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				if c.A != 255 {
					continue
				}
				opaque++
				switch (colorx.RGB{R: c.R, G: c.G, B: c.B}) {
				case primary:
					nP++
				case alternate:
					nA++
				}
			}
		}
		if opaque < LogoSize*LogoSize/4/3 {
			t.Errorf("%s: only %d opaque samples; the emblem is too small", tm.Name, opaque)
		}
		if nP+nA < opaque*9/10 || nP <= nA || nA == 0 {
			t.Errorf("%s: %d primary, %d alternate of %d opaque samples; want a two-colour emblem, mostly primary",
				tm.Name, nP, nA, opaque)
		}
	}
}

func TestLogosAreDeterministicAndDistinct(t *testing.T) {
	teams, _ := New().Teams(context.Background(), League())
	seen := map[string]int{}
	for i, tm := range teams {
		if j, dup := seen[tm.Logo]; dup {
			t.Errorf("logos of %s and %s are identical", roster[j].name, roster[i].name)
		}
		seen[tm.Logo] = i
	}
	for _, i := range []int{0, 4, 11} { // a sample: drawing is slow under -race
		if again := dataURL(teamEmblem(i)); again != teams[i].Logo {
			t.Errorf("logo of %s differs between two draws", roster[i].name)
		}
	}
}

func BenchmarkDrawAndEncodeLogo(b *testing.B) {
	for b.Loop() {
		dataURL(teamEmblem(2))
	}
}

func TestLeagueLogoAndOtherLeagues(t *testing.T) {
	p := New()
	light, dark, err := p.LeagueLogos(context.Background(), League())
	if err != nil || dark != "" {
		t.Fatalf("LeagueLogos() = _, %q, %v", dark, err)
	}
	if b := decodeLogo(t, light).Bounds(); b.Dx() != LogoSize {
		t.Errorf("league logo is %v", b)
	}
	nba := catalog.League{Code: "nba", Sport: "basketball", Slug: "nba", Providers: []string{"espn"}}
	if _, err := p.Teams(context.Background(), nba); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("Teams(nba) error = %v, want ErrNotCovered", err)
	}
	if _, _, err := p.LeagueLogos(context.Background(), nba); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("LeagueLogos(nba) error = %v, want ErrNotCovered", err)
	}
}

func TestTeamsReturnsOneRoster(t *testing.T) {
	p := New()
	a, _ := p.Teams(context.Background(), League())
	b, _ := p.Teams(context.Background(), League())
	if &a[0] != &b[0] {
		t.Error("Teams() returns a new slice per call; scene's match memo would never hit")
	}
}

func TestLeague(t *testing.T) {
	l := League()
	if l.Code != Code || len(l.Providers) != 1 || l.Providers[0] != ProviderID || l.Sport != "" {
		t.Errorf("League() = %+v", l)
	}
}

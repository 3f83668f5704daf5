// Command gallery renders every thumbnail, cover and logo style for a few
// synthetic matchups (no network) into a directory, with an index.html
// contact sheet and logo sheets on a dark and a light page, so people can
// look at the artwork:
//
//	go run ./cmd/gallery -out /tmp/gallery
//
// With -hardpage DIR it writes only the hard-case page of the docs
// (docs/gallery/hard-cases.md and its sheets).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"html/template"
	"image/color"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"time"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/demo"
	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/render"
	"gamethumbs/internal/render/rendertest"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gallery:", err)
		os.Exit(1)
	}
}

// entry is one picture of the contact sheet.
type entry struct {
	File, Title string
	W, H        int
	Millis      float64
	Bytes       int
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("gallery", flag.ContinueOnError)
	out := fs.String("out", "gallery", "output directory")
	scale := fs.Float64("scale", 1, "canvas scale (0.25-1) for quick looks")
	page := fs.String("hardpage", "", "write only the docs' hard-case page (sheets and hard-cases.md) into this directory")
	leaguesPage := fs.String("leaguepage", "", "write only the docs' league art page (sheets and leagues.md) into this directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *leaguesPage != "" {
		n, err := leaguePage(ctx, render.New(render.Config{CacheBytes: render.DefaultCacheBytes}), *leaguesPage)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %d league sheets and leagues.md to %s\n", n, *leaguesPage)
		return nil
	}
	if *page != "" {
		n, err := hardPage(ctx, render.New(render.Config{CacheBytes: render.DefaultCacheBytes}), *page)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %d hard-case sheets and hard-cases.md to %s\n", n, *page)
		return nil
	}
	if *scale < 0.25 || *scale > 1 {
		return fmt.Errorf("-scale %v out of range 0.25-1", *scale)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	r := render.New(render.Config{CacheBytes: render.DefaultCacheBytes})
	var entries []entry
	for _, j := range jobs() {
		o := j.opts
		o.Width, o.Height = int(float64(o.Width)**scale), int(float64(o.Height)**scale)
		start := time.Now()
		img, err := r.Render(ctx, j.scene, o)
		if err != nil {
			return fmt.Errorf("%s: %w", j.name, err)
		}
		f, err := os.Create(filepath.Join(*out, j.name+".png"))
		if err != nil {
			return err
		}
		cw := &countWriter{w: f}
		err = pngenc.Encode(cw, img)
		elapsed := time.Since(start)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		b := img.Bounds() // trimmed logos are smaller than the canvas
		render.Release(img)
		if err != nil {
			return err
		}
		entries = append(entries, entry{j.name + ".png", j.name, b.Dx(), b.Dy(),
			float64(elapsed.Microseconds()) / 1000, cw.n})
	}
	sheets, err := logoSheets(ctx, r, *out, *scale)
	if err != nil {
		return err
	}
	entries = append(entries, sheets...)
	hard, err := hardSheets(ctx, r, *out, *scale)
	if err != nil {
		return err
	}
	entries = append(entries, hard...)
	leagues, err := leagueSheets(ctx, r, *out, *scale)
	if err != nil {
		return err
	}
	entries = append(entries, leagues...)
	f, err := os.Create(filepath.Join(*out, "index.html"))
	if err != nil {
		return err
	}
	defer f.Close()
	if err := sheet.Execute(f, entries); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d images and index.html to %s\n", len(entries), *out)
	return nil
}

type countWriter struct {
	w io.Writer
	n int
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += n
	return n, err
}

var sheet = template.Must(template.New("sheet").Parse(`<!doctype html>
<meta charset="utf-8"><title>gamethumbs gallery</title>
<style>body{font:14px sans-serif;background:#222;color:#eee}figure{display:inline-block;margin:8px;vertical-align:top}
img{max-width:360px;max-height:360px;display:block;border:1px solid #444}figcaption{max-width:360px}</style>
<h1>gamethumbs gallery</h1>
{{range .}}<figure><a href="{{.File}}"><img src="{{.File}}" loading="lazy"></a>
<figcaption>{{.Title}}<br>{{.W}}x{{.H}}, {{.Bytes}} B, {{printf "%.1f" .Millis}} ms (cold)</figcaption></figure>
{{end}}`))

type job struct {
	name  string
	scene render.Scene
	opts  render.Options
}

func nrgba(hex string) color.NRGBA {
	c, _ := colorx.ParseHex(hex)
	return color.NRGBA{c.R, c.G, c.B, 255}
}

func hex(s string) colorx.RGB { c, _ := colorx.ParseHex(s); return c }

// Synthetic teams and leagues.
var (
	league = render.League{Code: "demo", Name: "Demo League",
		Logo: rendertest.Logo(rendertest.Shield, 400, nrgba("#f0f0f0"), nrgba("#1d428a"))}
	lakers = render.Team{Name: "Los Angeles Lakers", Short: "Lakers", Abbr: "LAL",
		Color: hex("#552583"), AltColor: hex("#fdb927"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Diamond, 500, nrgba("#fdb927"), nrgba("#552583"))}
	celtics = render.Team{Name: "Boston Celtics", Short: "Celtics", Abbr: "BOS",
		Color: hex("#007a33"), AltColor: hex("#ba9653"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.RoundSquare, 480, nrgba("#ffffff"), nrgba("#007a33"))}
	nets = render.Team{Name: "Brooklyn Nets", Short: "Nets", Abbr: "BKN",
		Color: hex("#000000"), AltColor: hex("#ffffff"), HasAlt: true,
		Logo:     rendertest.Logo(rendertest.Hexagon, 400, nrgba("#111111"), nrgba("#444444")),
		LogoDark: rendertest.Logo(rendertest.Hexagon, 400, nrgba("#ffffff"), nrgba("#bbbbbb"))}
	raptors = render.Team{Name: "Toronto Raptors", Short: "Raptors", Abbr: "TOR",
		Color: hex("#1a1a1a"), AltColor: hex("#ce1141"), HasAlt: true,
		Logo:     rendertest.Logo(rendertest.Circle, 400, nrgba("#0a0a0a"), nrgba("#ce1141")),
		LogoDark: rendertest.Logo(rendertest.Circle, 400, nrgba("#f4f4f4"), nrgba("#ce1141"))}
	bulls = render.Team{Name: "Chicago Bulls", Short: "Bulls", Abbr: "CHI",
		Color: hex("#ce1141"), AltColor: hex("#000000"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Star, 420, nrgba("#ce1141"), nrgba("#000000"))}
	rockets = render.Team{Name: "Houston Rockets", Short: "Rockets", Abbr: "HOU",
		Color: hex("#c8102e"), AltColor: hex("#c4ced4"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Circle, 420, nrgba("#c8102e"), nrgba("#ffffff"))}
	warriors = render.Team{Name: "Golden State Warriors", Short: "Warriors", Abbr: "GSW",
		Color: hex("#1d428a"), AltColor: hex("#ffc72c"), HasAlt: true}
)

var (
	thumbs = []struct {
		name string
		w, h int
	}{{"thumb_4-3", 1440, 1080}, {"thumb_16-9", 1920, 1080}, {"thumb_1-1", 1080, 1080}}
	covers = []struct {
		name string
		w, h int
	}{{"cover_3-4", 1080, 1440}, {"cover_9-16", 1080, 1920}, {"cover_1-1", 1080, 1080}, {"cover_2-3", 1000, 1500}}
	styles = []int{1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 98, 99}
)

// venue is the home venue of the main matchup in styles 10-13: a photo
// drawn by the demo league's painter (no network), records under the
// logos.
func venue(s render.Scene, photo bool) render.Scene {
	s.Teams = append([]render.Team(nil), s.Teams...)
	s.Teams[0].Record, s.Teams[1].Record = "41-23", "38-26"
	s.Venue = render.Venue{Name: "TD Garden", Place: "Boston, MA", Home: 1}
	if photo {
		img, err := jpeg.Decode(bytes.NewReader(demo.VenuePhoto("gallery", "007a33", "ffffff", 1280, 720, "jpg")))
		if err == nil {
			s.Venue.Photo = img
		}
	}
	return s
}

func jobs() []job {
	var js []job
	add := func(name string, s render.Scene, o render.Options) { js = append(js, job{name, s, o}) }
	pair := func(a, b render.Team) render.Scene { return render.Scene{League: league, Teams: []render.Team{a, b}} }
	// Every style and aspect for the main matchup, league logo on; the
	// venue styles at the Celtics' venue.
	atBoston := venue(pair(lakers, celtics), true)
	for _, st := range styles {
		s := pair(lakers, celtics)
		if render.IsVenueStyle(st) {
			s = atBoston
		}
		for _, a := range thumbs {
			add(fmt.Sprintf("lakers_celtics_%s_style%d", a.name, st), s,
				render.Options{Kind: render.KindThumb, Width: a.w, Height: a.h, Style: st, LeagueLogo: true})
		}
		for _, a := range covers {
			add(fmt.Sprintf("lakers_celtics_%s_style%d", a.name, st), s,
				render.Options{Kind: render.KindCover, Width: a.w, Height: a.h, Style: st, LeagueLogo: true})
		}
	}
	// The venue styles without a photo (none known, or it failed): the
	// home colour; and a black home team, whose background is not black.
	for _, st := range []int{10, 13} {
		add(fmt.Sprintf("venue_nophoto_thumb_style%d", st), venue(pair(lakers, celtics), false),
			render.Options{Kind: render.KindThumb, Width: 1440, Height: 1080, Style: st, LeagueLogo: true})
		add(fmt.Sprintf("venue_nophoto_cover_style%d", st), venue(pair(lakers, celtics), false),
			render.Options{Kind: render.KindCover, Width: 1080, Height: 1440, Style: st, LeagueLogo: true})
	}
	add("venue_black_home_thumb_style12", venue(pair(raptors, nets), false),
		render.Options{Kind: render.KindThumb, Width: 1440, Height: 1080, Style: 12, LeagueLogo: true})
	special := []struct {
		name string
		s    render.Scene
		o    render.Options
	}{
		{"dark_on_dark", pair(nets, raptors), render.Options{}},
		{"same_reds", pair(bulls, rockets), render.Options{}},
		{"missing_team", func() render.Scene { s := pair(lakers, celtics); s.Teams[1].Missing = true; return s }(), render.Options{}},
		{"winner_lakers", func() render.Scene { s := pair(lakers, celtics); s.Teams[1].Loser = true; return s }(), render.Options{}},
		{"badge_4k", pair(lakers, celtics), render.Options{Badge: "4K", LeagueLogo: true}},
		{"name_mode", pair(lakers, warriors), render.Options{NameMode: true}},
		{"skiplogos", func() render.Scene { s := pair(lakers, celtics); s.League.SkipLogos = true; return s }(), render.Options{}},
	}
	for _, sp := range special {
		for _, st := range []int{1, 2, 3, 4, 5, 99} {
			o := sp.o
			o.Kind, o.Width, o.Height, o.Style = render.KindThumb, 1440, 1080, st
			add(fmt.Sprintf("%s_thumb_style%d", sp.name, st), sp.s, o)
		}
		o := sp.o
		o.Kind, o.Width, o.Height, o.Style = render.KindCover, 1080, 1440, 1
		add(sp.name+"_cover_style1", sp.s, o)
	}
	// League and team images.
	for _, a := range append(thumbs[:1:1], thumbs[1]) {
		add("league_"+a.name, render.Scene{League: league}, render.Options{Kind: render.KindThumb, Width: a.w, Height: a.h})
		add("team_lakers_"+a.name, render.Scene{League: league, Teams: []render.Team{lakers}}, render.Options{Kind: render.KindThumb, Width: a.w, Height: a.h})
		add("team_nets_"+a.name, render.Scene{League: league, Teams: []render.Team{nets}}, render.Options{Kind: render.KindThumb, Width: a.w, Height: a.h})
	}
	add("league_cover_3-4", render.Scene{League: league}, render.Options{Kind: render.KindCover, Width: 1080, Height: 1440})
	add("team_celtics_cover_3-4", render.Scene{League: league, Teams: []render.Team{celtics}}, render.Options{Kind: render.KindCover, Width: 1080, Height: 1440})
	add("team_warriors_namemode_thumb", render.Scene{League: league, Teams: []render.Team{warriors}}, render.Options{Kind: render.KindThumb, Width: 1440, Height: 1080, NameMode: true})
	add("league_title_thumb", render.Scene{League: league}, render.Options{Kind: render.KindThumb, Width: 1440, Height: 1080,
		Title: "Grand Prix of Monaco", Subtitle: "Qualifying · Saturday"})
	add("league_longtitle_cover", render.Scene{League: league}, render.Options{Kind: render.KindCover, Width: 1080, Height: 1440,
		Title: "The Extraordinarily Long Championship Final Round Name", Subtitle: "Live from the Stadium", Badge: "UHD"})
	add("league_icon_thumb", render.Scene{League: league}, render.Options{Kind: render.KindThumb, Width: 1440, Height: 1080,
		Title: "Tour de France", Subtitle: "Stage 12", Icon: rendertest.Logo(rendertest.Star, 300, nrgba("#ffd700"), nrgba("#222222"))})
	return append(js, logoJobs()...)
}

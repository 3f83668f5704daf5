package render

import (
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// TestGolden compares reduced-size renders (thumb 320x240, cover 240x320)
// with testdata/golden/<kind>_<family>_<style>_<aspect>.png within the
// golden tolerance (rendertest.MaxDelta, rendertest.MaxShare). Refresh with: go test ./internal/render -run
// TestGolden -update, then look at the changed pictures before committing.
func TestGolden(t *testing.T) {
	type gold struct {
		name string
		s    Scene
		o    Options
	}
	var cases []gold
	for _, st := range allStyles {
		for _, k := range []Kind{KindThumb, KindCover} {
			o := small(k, st)
			o.LeagueLogo = true
			kind := map[Kind]string{KindThumb: "thumb_matchup", KindCover: "cover_matchup"}[k]
			cases = append(cases, gold{fmt.Sprintf("%s_%d", kind, st), matchupScene(teamPurple, teamGreen), o})
		}
	}
	with := func(o Options, f func(*Options)) Options { f(&o); return o }
	loser := matchupScene(teamPurple, teamGreen)
	loser.Teams[1].Loser = true
	missing := matchupScene(teamPurple, teamGreen)
	missing.Teams[0].Missing = true
	cases = append(cases,
		gold{"thumb_league", Scene{League: testLeague}, small(KindThumb, 1)},
		gold{"cover_league", Scene{League: testLeague}, small(KindCover, 1)},
		gold{"thumb_league_title", Scene{League: testLeague}, with(small(KindThumb, 1), func(o *Options) {
			o.Title, o.Subtitle = "Grand Prix of Monaco", "Qualifying"
		})},
		gold{"cover_league_icon", Scene{League: testLeague}, with(small(KindCover, 1), func(o *Options) {
			o.Title, o.Subtitle, o.Icon = "Stage 12", "Tour de France", teamGreen.Logo
		})},
		gold{"thumb_team", Scene{League: testLeague, Teams: []Team{teamPurple}}, small(KindThumb, 1)},
		gold{"cover_team_name", Scene{League: testLeague, Teams: []Team{teamGreen}}, with(small(KindCover, 1), func(o *Options) { o.NameMode = true })},
		gold{"thumb_matchup_1_loser", loser, small(KindThumb, 1)},
		gold{"thumb_matchup_99_missing", missing, small(KindThumb, 99)},
		gold{"thumb_matchup_3_badge", matchupScene(teamPurple, teamGreen), with(small(KindThumb, 3), func(o *Options) { o.Badge = "ALT" })},
		gold{"thumb_matchup_1_name", matchupScene(teamPurple, teamGreen), with(small(KindThumb, 1), func(o *Options) { o.NameMode = true })},
		gold{"thumb_matchup_2_dark", matchupScene(teamGreen, teamDark), small(KindThumb, 2)},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img := render(t, c.s, c.o)
			defer raster.Release(img)
			if err := rendertest.Golden(filepath.Join("testdata", "golden", c.name+".png"), img, *update); err != nil {
				t.Error(err)
			}
		})
	}
}

package render

import (
	"fmt"
	"path/filepath"
	"testing"

	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

// TestLogoGolden compares 256-px trimmed logos with
// testdata/golden/logo_<family>_<style>[_<case>].png within the golden
// tolerance (rendertest.MaxDelta, rendertest.MaxShare). Refresh with: go test ./internal/render -run TestLogoGolden
// -update, then look at the changed pictures before committing.
func TestLogoGolden(t *testing.T) {
	type gold struct {
		name string
		s    Scene
		o    Options
	}
	opts := func(style int, f func(*Options)) Options {
		o := logoOpts(style, 256, true)
		o.LeagueLogo = true
		if f != nil {
			f(&o)
		}
		return o
	}
	var cases []gold
	for st := 1; st <= 6; st++ {
		cases = append(cases, gold{fmt.Sprintf("logo_matchup_%d", st), matchupScene(teamPurple, teamGreen), opts(st, nil)})
	}
	loser, missing, skip := matchupVariants()
	name := func(o *Options) { o.NameMode = true }
	cases = append(cases,
		gold{"logo_matchup_1_loser", loser, opts(1, nil)},
		gold{"logo_matchup_3_missing", missing, opts(3, nil)},
		gold{"logo_matchup_1_name", matchupScene(teamPurple, teamGreen), opts(1, name)},
		gold{"logo_matchup_2_name", matchupScene(teamPurple, teamGreen), opts(2, name)},
		gold{"logo_matchup_3_badge", matchupScene(teamPurple, teamGreen), opts(3, func(o *Options) { o.Badge = "4K" })},
		gold{"logo_matchup_5_dark", matchupScene(teamGreen, teamDark), opts(5, nil)},
		gold{"logo_matchup_skiplogos", skip, opts(1, name)},
		gold{"logo_league_1", Scene{League: testLeague}, opts(1, nil)},
		gold{"logo_team_1", Scene{League: testLeague, Teams: []Team{teamPurple}}, opts(1, nil)},
		gold{"logo_team_1_name", Scene{League: testLeague, Teams: []Team{teamGreen}}, opts(1, name)},
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

package scene

import (
	"testing"

	"gamethumbs/internal/render"
)

// Keys name entries of the on-disk image cache, so their text must not
// change between versions: these are the keys the strings.Builder
// implementation produced.
func TestKeysStable(t *testing.T) {
	r := Request{Kind: render.KindThumb, League: "nba", Teams: []string{"lal", "bos"}, Style: 99, Width: 1440, Height: 1080,
		Trim: true, Badge: "4K", Fallback: true, Mode: "name", Title: "Grand \"Prix\"", Subtitle: "é\x01", IconURL: "http://x/y.png"}
	const wantReq = `1|"99"|"1440"|"1080"|"true"|"false"|"4K"|"true"|"name"|""|"Grand \"Prix\""|"é\x01"|"http://x/y.png"`
	if got := r.Key(); got != wantReq {
		t.Errorf("Request.Key() =\n%s\nwant\n%s", got, wantReq)
	}
	j := &renderJob{req: r, sides: []side{{missing: true, seg: "zürich"}, {loser: true}}, nameMode: true}
	j.league.Code = "nba"
	j.sides[1].league.Code = "nba"
	j.sides[1].team.FullName = "Boston \"C\""
	if got, want := j.Key(), wantReq+`|L=nba|T=?Z|T=nba:"Boston \"C\"":loser|N=true`; got != want {
		t.Errorf("renderJob.Key() =\n%s\nwant\n%s", got, want)
	}
}

func BenchmarkRenderJobKey(b *testing.B) {
	j := &renderJob{req: Request{Kind: render.KindThumb, Style: 1, Width: 1920, Height: 1080, Trim: true, LeagueLogo: true},
		sides: []side{{}, {}}}
	j.league.Code = "nba"
	j.sides[0].league.Code, j.sides[0].team.ID = "nba", "13"
	j.sides[1].league.Code, j.sides[1].team.ID = "nba", "2"
	b.ReportAllocs()
	for b.Loop() {
		_ = j.Key()
	}
}

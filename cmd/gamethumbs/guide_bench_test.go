package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/espntest"
)

// BenchmarkGuide is the headline benchmark: what a guide's requests cost
// the service, black box. A league's distinct matchups (the NBA's 870
// ordered pairs, a round-robin day of 15 games at a time, every team
// once a day) go through the wired handler's ServeHTTP with the fake
// ESPN behind it, settings at their defaults (the disk tier in a
// temporary directory). Per picture kind (thumb, cover, logo at 1024,
// style 99) and logo set (flat: espntest's badges; real:
// espntest.RealisticLogos) it reports
//
//   - first: the first day of a fresh service: every matchup brings two
//     teams it has never drawn (logos downloaded, decoded, scaled and
//     shadowed at this size); the league's team list is fetched
//     beforehand, untimed (one call a league, not a team);
//   - warm: matchups not drawn yet, of teams drawn before at this size
//     (a day's worth drawn first, untimed), as a guide's later requests.
//
// Metrics: cpu-ms/op, the process's CPU time (getrusage: user+system of
// every goroutine, the collector's included) per picture over the timed
// stretches; bytes/pic, the mean size of the pictures served. One op is
// one picture; ns/op is wall time and counts little on a shared machine.
// The fake ESPN runs in the same process: its share (answering the team's
// logo requests over loopback, logos drawn and encoded beforehand) is in
// first's CPU; a few tenths of a millisecond per team.
//
//	go test ./cmd/gamethumbs -run '^$' -bench 'Guide' -benchtime 60x -count 10
func BenchmarkGuide(b *testing.B) {
	sets := []struct {
		name string
		opts []espntest.Option
	}{
		{"flat", nil},
		{"real", []espntest.Option{espntest.RealisticLogos()}},
	}
	for _, set := range sets {
		for _, pic := range guidePictures {
			b.Run(set.name+"/"+pic.name+"/first", func(b *testing.B) { guideFirst(b, espntest.New(b, set.opts...), pic.query) })
			b.Run(set.name+"/"+pic.name+"/warm", func(b *testing.B) { guideWarm(b, espntest.New(b, set.opts...), pic.query) })
		}
	}
}

// guidePictures are the picture kinds of BenchmarkGuide: the path after
// /{league}/{team1}/{team2}/.
var guidePictures = []struct{ name, query string }{
	{"thumb", "thumb"},
	{"cover", "cover"},
	{"logo1024", "logo?size=1024"},
	{"style99", "thumb?style=99"},
}

// guideLeague is the league of BenchmarkGuide.
const guideLeague = "nba"

// guideRounds is a double round robin of the league's teams (the circle
// method): in each round every team plays once; over the first n-1
// rounds every pair meets once, over the next n-1 with sides swapped.
func guideRounds() [][][2]string {
	var teams []string
	for _, t := range espntest.Teams("basketball", guideLeague) {
		teams = append(teams, strings.ToLower(t.Abbreviation))
	}
	n := len(teams) // even
	var rounds [][][2]string
	for r := range n - 1 {
		// Team n-1 stays put; the others turn one place a round.
		at := func(i int) string {
			if i == n-1 {
				return teams[n-1]
			}
			return teams[(i+r)%(n-1)]
		}
		var games [][2]string
		for i := range n / 2 {
			g := [2]string{at(i), at(n - 1 - i)}
			if (i+r)%2 == 1 {
				g[0], g[1] = g[1], g[0]
			}
			games = append(games, g)
		}
		rounds = append(rounds, games)
	}
	for r := range n - 1 {
		var games [][2]string
		for _, g := range rounds[r] {
			games = append(games, [2]string{g[1], g[0]})
		}
		rounds = append(rounds, games)
	}
	return rounds
}

func TestGuideRounds(t *testing.T) {
	rounds := guideRounds()
	n := len(espntest.Teams("basketball", guideLeague))
	seen := map[[2]string]bool{}
	for r, games := range rounds {
		day := map[string]bool{}
		for _, g := range games {
			if day[g[0]] || day[g[1]] || g[0] == g[1] {
				t.Fatalf("round %d: %v plays twice or itself", r, g)
			}
			day[g[0]], day[g[1]] = true, true
			if seen[g] {
				t.Fatalf("round %d: %v met before", r, g)
			}
			seen[g] = true
		}
		if len(day) != n {
			t.Fatalf("round %d: %d teams play, want all %d", r, len(day), n)
		}
	}
	if len(seen) != n*(n-1) {
		t.Fatalf("%d ordered pairs, want %d", len(seen), n*(n-1))
	}
}

// guideService is one service under BenchmarkGuide: a fresh handler with
// its own disk tier, as a new process would have.
type guideService struct {
	h     http.Handler
	close func()
}

func newGuideService(b *testing.B, fake *espntest.Server) guideService {
	b.Helper()
	dir, err := os.MkdirTemp(b.TempDir(), "guide")
	if err != nil {
		b.Fatal(err)
	}
	h, closeAll := newService(b, fake, map[string]string{"XDG_CACHE_HOME": dir})
	// The league's team list: one provider call a league, not a team.
	serveOnce(b, h, "/"+guideLeague+"/"+strings.ToLower(espntest.Teams("basketball", guideLeague)[0].Abbreviation)+"/raw")
	return guideService{h, func() { closeAll(); os.RemoveAll(dir) }}
}

// picture requests one matchup's picture and returns its size.
func (s guideService) picture(b *testing.B, g [2]string, query string) int {
	req := httptest.NewRequest(http.MethodGet, "/"+guideLeague+"/"+g[0]+"/"+g[1]+"/"+query, nil)
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
		b.Fatalf("%s = %d %s %.200s", req.URL, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	if !strings.HasPrefix(rec.Header().Get("Cache-Control"), "public, max-age=") || strings.HasPrefix(rec.Header().Get("ETag"), `"dg-`) {
		b.Fatalf("%s: a degraded picture (%s, %s): a logo failed", req.URL, rec.Header().Get("Cache-Control"), rec.Header().Get("ETag"))
	}
	return rec.Body.Len()
}

// guideMeter sums the process's CPU time over the timed stretches of a
// benchmark and the bytes of the pictures served.
type guideMeter struct {
	c0, cpu time.Duration
	bytes   int64
}

func (m *guideMeter) start(b *testing.B) { b.StartTimer(); m.c0 = cpuTime() }
func (m *guideMeter) stop(b *testing.B)  { m.cpu += cpuTime() - m.c0; b.StopTimer() }

func (m *guideMeter) report(b *testing.B) {
	if b.N > 0 {
		b.ReportMetric(float64(m.cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		b.ReportMetric(float64(m.bytes)/float64(b.N), "bytes/pic")
	}
}

// warmFake has the fake draw and encode the logos of the day before the
// first measured service asks for them (a provider's cost, not ours), and
// the process make its one-time preparations (fonts, tables), by serving
// a throwaway day.
func warmFake(b *testing.B, fake *espntest.Server, query string, day [][2]string) {
	s := newGuideService(b, fake)
	defer s.close()
	for _, g := range day {
		s.picture(b, g, query)
	}
}

// guideFirst measures the first day of fresh services: every op is a
// matchup of two teams the service has not drawn before.
func guideFirst(b *testing.B, fake *espntest.Server, query string) {
	day := guideRounds()[0]
	warmFake(b, fake, query, day)
	var m guideMeter
	s := newGuideService(b, fake)
	i := 0
	b.ResetTimer()
	m.start(b)
	for b.Loop() {
		if i == len(day) {
			m.stop(b)
			s.close()
			s, i = newGuideService(b, fake), 0
			m.start(b)
		}
		m.bytes += int64(s.picture(b, day[i], query))
		i++
	}
	m.stop(b)
	s.close()
	m.report(b)
}

// guideWarm measures matchups not drawn yet of teams drawn at this size
// already: a service draws the first day untimed, then every op is the
// next matchup of the season (a new service after all 870).
func guideWarm(b *testing.B, fake *espntest.Server, query string) {
	rounds := guideRounds()
	warmFake(b, fake, query, rounds[0])
	var later [][2]string
	for _, r := range rounds[1:] {
		later = append(later, r...)
	}
	start := func() guideService {
		s := newGuideService(b, fake)
		for _, g := range rounds[0] {
			s.picture(b, g, query)
		}
		return s
	}
	var m guideMeter
	s := start()
	i := 0
	b.ResetTimer()
	m.start(b)
	for b.Loop() {
		if i == len(later) {
			m.stop(b)
			s.close()
			s, i = start(), 0
			m.start(b)
		}
		m.bytes += int64(s.picture(b, later[i], query))
		i++
	}
	m.stop(b)
	s.close()
	m.report(b)
}

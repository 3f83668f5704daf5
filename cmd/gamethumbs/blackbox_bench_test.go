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

// BenchmarkBlackBox is the headline benchmark: what a guide's requests cost
// the service, black box. A league's distinct matchups (the NBA's 870
// ordered pairs in a double round robin: days of 15 games, every team
// once a day) go through the wired handler's ServeHTTP with the fake
// ESPN behind it, settings at their defaults (the disk tier in a
// temporary directory of its own). Per logo set (flat: espntest's badges;
// real: espntest.RealisticLogos) and picture kind (thumb, cover, logo at
// 1024, style 99, and day: all four of each matchup in turn, the sizes a
// guide uses side by side in the logo budget) it measures
//
//   - first: the first day of a fresh service: every matchup brings two
//     teams it has never drawn (logos downloaded, decoded, scaled and
//     shadowed); the worst case;
//   - league: fresh services drawing the league's distinct matchups,
//     each pair once (435): the first use of every team spread over the
//     league as a guide pays it, if what was built for a team survives to
//     its next matchup (run whole passes: -benchtime 435x, 1740x for day);
//   - warm: matchups not drawn yet, of teams drawn before at these sizes
//     (the first day drawn untimed), as a guide's later requests.
//
// The league's team list is fetched before the timing of each fresh
// service (one provider call a league, not a team). Metrics: cpu-ms/op,
// the process's CPU time (getrusage: user+system of every goroutine, the
// collector's included) per picture over the timed stretches; bytes/pic,
// the mean size of the pictures served. One op is one picture; ns/op is
// wall time and counts little on a shared machine. The fake ESPN runs in
// the same process: its share (answering a new team's logo requests over
// loopback; the logos are drawn and encoded beforehand) is in first and
// league, a few tenths of a millisecond a team.
//
//	go test ./cmd/gamethumbs -run '^$' -bench 'BlackBox/real/thumb' -benchtime 60x -count 10
func BenchmarkBlackBox(b *testing.B) {
	sets := []struct {
		name string
		opts []espntest.Option
	}{
		{"flat", nil},
		{"real", []espntest.Option{espntest.RealisticLogos()}},
	}
	rounds := guideRounds()
	half := rounds[:len(rounds)/2] // every pair once
	for _, set := range sets {
		for _, pic := range guidePictures {
			b.Run(set.name+"/"+pic.name+"/first", func(b *testing.B) {
				guideRun(b, espntest.New(b, set.opts...), nil, guideRequests(rounds[:1], pic.queries))
			})
			b.Run(set.name+"/"+pic.name+"/league", func(b *testing.B) {
				guideRun(b, espntest.New(b, set.opts...), nil, guideRequests(half, pic.queries))
			})
			b.Run(set.name+"/"+pic.name+"/warm", func(b *testing.B) {
				guideRun(b, espntest.New(b, set.opts...), guideRequests(rounds[:1], pic.queries), guideRequests(rounds[1:], pic.queries))
			})
		}
	}
}

// guidePictures are the picture kinds of BenchmarkBlackBox: the paths after
// /{league}/{team1}/{team2}/ that each matchup asks for.
var guidePictures = []struct {
	name    string
	queries []string
}{
	{"thumb", []string{"thumb"}},
	{"cover", []string{"cover"}},
	{"logo1024", []string{"logo?size=1024"}},
	{"style99", []string{"thumb?style=99"}},
	{"day", []string{"thumb", "cover", "logo?size=1024", "thumb?style=99"}},
}

// guideLeague is the league of BenchmarkBlackBox.
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

// guideRequest is one picture a guide asks for.
type guideRequest struct {
	teams [2]string
	query string
}

// guideRequests lists the rounds' matchups in order, each with every
// query in turn.
func guideRequests(rounds [][][2]string, queries []string) []guideRequest {
	var out []guideRequest
	for _, r := range rounds {
		for _, g := range r {
			for _, q := range queries {
				out = append(out, guideRequest{g, q})
			}
		}
	}
	return out
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
	unordered := map[[2]string]bool{}
	for _, r := range rounds[:n-1] {
		for _, g := range r {
			if g[0] > g[1] {
				g[0], g[1] = g[1], g[0]
			}
			unordered[g] = true
		}
	}
	if len(unordered) != n*(n-1)/2 {
		t.Fatalf("the first half has %d distinct pairs, want every one of %d", len(unordered), n*(n-1)/2)
	}
}

// guideService is one service under BenchmarkBlackBox: a fresh handler with
// its own disk tier, as a new process would have, and the league's team
// list fetched.
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
	serveOnce(b, h, "/"+guideLeague+"/"+strings.ToLower(espntest.Teams("basketball", guideLeague)[0].Abbreviation)+"/raw")
	return guideService{h, func() { closeAll(); os.RemoveAll(dir) }}
}

// picture requests one picture and returns its size. A degraded picture
// (a logo failed) fails the benchmark: it would measure less work.
func (s guideService) picture(b *testing.B, r guideRequest) int {
	req := httptest.NewRequest(http.MethodGet, "/"+guideLeague+"/"+r.teams[0]+"/"+r.teams[1]+"/"+r.query, nil)
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
		b.Fatalf("%s = %d %s %.200s", req.URL, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	if strings.HasPrefix(rec.Header().Get("ETag"), `"dg-`) {
		b.Fatalf("%s: a degraded picture (%s): a logo failed", req.URL, rec.Header().Get("Cache-Control"))
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

// guideRun serves timed, one an op, on fresh services that first served
// before untimed; a service that has served all of timed is replaced. A
// throwaway service serves before and the first day of timed beforehand,
// so the fake has drawn and encoded the logos (a provider's cost, not
// ours) and the process has made its one-time preparations (fonts,
// tables).
func guideRun(b *testing.B, fake *espntest.Server, before, timed []guideRequest) {
	fresh := func() guideService {
		s := newGuideService(b, fake)
		for _, r := range before {
			s.picture(b, r)
		}
		return s
	}
	s := fresh()
	for _, r := range append(before, timed[:min(len(timed), 15*4)]...) {
		s.picture(b, r)
	}
	s.close()
	var m guideMeter
	s, i := fresh(), 0
	m.start(b)
	for b.Loop() {
		if i == len(timed) {
			m.stop(b)
			s.close()
			s, i = fresh(), 0
			m.start(b)
		}
		m.bytes += int64(s.picture(b, timed[i]))
		i++
	}
	m.stop(b)
	s.close()
	m.report(b)
}

package eventart

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
	"gamethumbs/internal/title"
)

// bigGuide generates an XMLTV guide of about size bytes, one element at a
// time: channels, then programmes whose titles cycle through matchups
// without an icon, matchups with one, and ordinary shows.
type bigGuide struct {
	size, written int64
	k             int
	buf           []byte
	done          bool
}

var bigTitles = []struct {
	title string
	icon  bool
	event bool // the title resolves as a matchup
}{
	{"NBA 03: Mavs vs Spurs @ 6PM", false, true},
	{"Evening News &amp; Weather", false, false},
	{"NFL: Chiefs @ Bills", false, true},
	{"NBA: Lakers vs Celtics", true, false}, // has its own icon: kept
	{"Kramer vs. Kramer", false, false},
	{"NHL Tonight", false, false},
	{"(NBA) Knicks at Heat", false, true},
	{"Cooking &lt;Live&gt;", false, false},
}

func (g *bigGuide) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if g.done {
			return 0, io.EOF
		}
		g.next()
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	g.written += int64(n)
	return n, nil
}

func (g *bigGuide) next() {
	b := g.buf[:0]
	switch {
	case g.k == 0:
		b = append(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n"...)
		for i := range 500 {
			b = fmt.Appendf(b, "  <channel id=\"c%d\"><display-name>Channel %d</display-name></channel>\n", i, i)
		}
	case g.written >= g.size:
		b = append(b, "</tv>\n"...)
		g.done = true
	default:
		t := bigTitles[g.k%len(bigTitles)]
		b = fmt.Appendf(b, "  <programme start=\"%d +0000\" stop=\"%d +0000\" channel=\"c%d\">\n    <title lang=\"en\">%s</title>\n",
			20260101000000+g.k, 20260101003000+g.k, g.k%500, t.title)
		b = append(b, "    <desc lang=\"en\">A long description of the programme that fills the guide the way real ones do, with reports, interviews and analysis from the studio.</desc>\n    <category lang=\"en\">Sports</category>\n"...)
		if t.icon {
			b = fmt.Appendf(b, "    <icon src=\"http://img.example/p/%d.jpg\"/>\n", g.k)
		}
		b = append(b, "  </programme>\n"...)
	}
	g.k++
	g.buf = b
}

// titleNamer reads titles with package title against the fake ESPN's NBA
// and NFL rosters, as cmd/gamethumbs wires it against the providers.
func titleNamer(t testing.TB) Namer {
	cat, err := catalog.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	rosters := map[string][]catalog.Team{}
	for code, ss := range map[string][2]string{"nba": {"basketball", "nba"}, "nfl": {"football", "nfl"}, "nhl": {"hockey", "nhl"}} {
		for _, e := range espntest.Teams(ss[0], ss[1]) {
			rosters[code] = append(rosters[code], catalog.Team{ID: e.ID, Slug: e.Slug, Abbreviation: e.Abbreviation,
				City: e.Location, Name: e.Nickname, FullName: e.DisplayName, ShortName: e.ShortDisplayName})
		}
	}
	p := title.New(cat, []string{"nba", "nfl", "nhl"})
	return func(_ context.Context, name string) (string, bool, error) {
		r, ok := p.Parse(name, "", func(code string) []catalog.Team { return rosters[code] })
		if !ok || r.Teams != 2 {
			return "", false, nil
		}
		return r.Canonical(), true, nil
	}
}

// countingWriter counts bytes and the icons written.
type countingWriter struct {
	n     int64
	icons int
	tail  []byte
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	const needle = `<icon src="https://gt.example/`
	s := string(w.tail) + string(p)
	w.icons += strings.Count(s, needle)
	// Keep less than one needle: a match is never counted twice.
	w.tail = []byte(s[max(0, len(s)-len(needle)+1):])
	return len(p), nil
}

const childEnv = "EVENTART_BIG_GUIDE_CHILD"

// TestGuide150MB rewrites a generated 150 MB guide (8 MB under the race
// detector) in a child process, so that the child's peak RSS is the
// rewrite's own, and checks every expected icon was added.
func TestGuide150MB(t *testing.T) {
	if testing.Short() {
		t.Skip("150 MB guide: skipped with -short")
	}
	size := int64(150 << 20)
	if raceEnabled {
		size = 8 << 20
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGuideChild$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"="+strconv.FormatInt(size, 10))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "guide:") {
			t.Log(strings.TrimSpace(line))
		}
	}
}

func TestGuideChild(t *testing.T) {
	v := os.Getenv(childEnv)
	if v == "" {
		t.Skip("run by TestGuide150MB")
	}
	size, _ := strconv.ParseInt(v, 10, 64)
	namer := Memo(titleNamer(t), 10_000, time.Hour, nil)
	src := &bigGuide{size: size}
	var dst countingWriter
	st, err := RewriteGuide(context.Background(), &dst, src, func(title string) (string, bool) {
		p, ok, _ := namer(context.Background(), title)
		return "https://gt.example" + p + "/thumb", ok
	})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for i := 1; i < src.k-1; i++ { // element 0 is the header, the last the footer
		if bt := bigTitles[i%len(bigTitles)]; bt.event && !bt.icon {
			want++
		}
	}
	if st.Added != want || dst.icons != want {
		t.Errorf("added %d icons (%d written), want %d", st.Added, dst.icons, want)
	}
	if dst.n <= src.written {
		t.Errorf("wrote %d bytes for %d read", dst.n, src.written)
	}
	rss, _ := peakRSSMB()
	t.Logf("guide: %d MB in, %d MB out, %d programmes, %d icons added, peak RSS %.1f MB",
		src.written>>20, dst.n>>20, st.Programmes, st.Added, rss)
}

// peakRSSMB reads VmHWM from /proc/self/status (Linux only).
func peakRSSMB() (float64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			if err != nil {
				return 0, false
			}
			return kb / 1024, true
		}
	}
	return 0, false
}

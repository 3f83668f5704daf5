package espnathlete

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
)

// syntheticRoster returns n athletes with realistic name lengths and
// shared flags, like a large ESPN roster.
func syntheticRoster(n int) []athlete {
	firsts := []string{"Alexander", "Maria", "Novak", "Jo-Wilfried", "Félix", "Daniil", "Serena", "Casper", "Hubert", "Karolína"}
	lasts := []string{"Zverev", "Sakkari", "Djokovic", "Tsonga", "Auger-Aliassime", "Medvedev", "Williams", "Ruud", "Hurkacz", "Plíšková"}
	countries := []string{"ger", "gre", "srb", "fra", "can", "rus", "usa", "nor", "pol", "cze"}
	as := make([]athlete, n)
	for i := range as {
		f, l := firsts[i%10], lasts[(i/10)%10]+strconv.Itoa(i)
		as[i] = athlete{
			ID: strconv.Itoa(100000 + i), First: f, Last: l, Display: f + " " + l, Short: f[:1] + ". " + l,
			Flag:    "https://a.espncdn.com/i/teamlogos/countries/500/" + countries[i%10] + ".png",
			Country: countries[i%10],
		}
	}
	return as
}

var league35k = catalog.League{Code: "atp", Sport: "tennis", Slug: "atp"}

// persisted35k writes a 35,000-athlete roster file and returns a provider
// that has read it (the load from disk finished; ESPN is never asked).
func persisted35k(tb testing.TB) *Provider {
	tb.Helper()
	dir := tb.TempDir()
	p := New(Config{Dir: dir, CoreURL: "http://127.0.0.1:1", CDNURL: "https://cdn.invalid",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	tb.Cleanup(p.Close)
	st := p.state(league35k)
	if err := writeFile(dir, p.file(st), "tennis/atp", time.Now(), true, syntheticRoster(35_000)); err != nil {
		tb.Fatal(err)
	}
	p.Preload(league35k)
	for i := 0; ; i++ {
		if n, loading := p.Status(league35k); !loading && n == 35_000 {
			return p
		}
		if i > 10_000 {
			tb.Fatal("persisted roster not loaded")
		}
		time.Sleep(time.Millisecond)
	}
}

// BenchmarkColdFind35k resolves a different athlete in every iteration
// (no memo helps) against a 35,000-athlete roster read from disk.
func BenchmarkColdFind35k(b *testing.B) {
	p := persisted35k(b)
	firsts := []string{"Alexander", "Maria", "Novak", "Jo-Wilfried", "Félix", "Daniil", "Serena", "Casper", "Hubert", "Karolína"}
	lasts := []string{"Zverev", "Sakkari", "Djokovic", "Tsonga", "Auger-Aliassime", "Medvedev", "Williams", "Ruud", "Hurkacz", "Plíšková"}
	ctx := context.Background()
	i := 0
	for b.Loop() {
		k := (i * 7919) % 35_000
		q := lasts[(k/10)%10] + strconv.Itoa(k) // last name only: the common URL form
		if i%2 == 1 {
			q = firsts[k%10] + " " + q
		}
		if _, ok, err := p.FindTeam(ctx, league35k, q); !ok || err != nil {
			b.Fatalf("FindTeam(%q) = %v, %v", q, ok, err)
		}
		i++
	}
}

// BenchmarkColdFindPartial35k looks up name fragments, the slowest path
// (a substring scan of every name).
func BenchmarkColdFindPartial35k(b *testing.B) {
	p := persisted35k(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		q := fmt.Sprintf("djokovic%d", 20+(i%80)*100) // contained in several names
		if _, ok, _ := p.FindTeam(ctx, league35k, q[:len(q)-1]); !ok {
			b.Fatalf("FindTeam(%q) found nothing", q[:len(q)-1])
		}
		i++
	}
}

// BenchmarkReadRoster35k reads and indexes a persisted 35,000-athlete
// roster: what a restart costs instead of 35,000 requests.
func BenchmarkReadRoster35k(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "tennis_atp.tsv")
	if err := writeFile(dir, path, "tennis/atp", time.Now(), true, syntheticRoster(35_000)); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		as, _, _, err := readFile(path)
		if err != nil || len(as) != 35_000 {
			b.Fatalf("readFile = %d, %v", len(as), err)
		}
		_ = buildRoster("tennis", "https://cdn.invalid", as)
	}
}

// TestMemory35k measures the heap a loaded 35,000-athlete roster keeps
// (teams, index and file text) and holds it to 60 MB.
func TestMemory35k(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 35,000-athlete roster")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "tennis_atp.tsv")
	if err := writeFile(dir, path, "tennis/atp", time.Now(), true, syntheticRoster(35_000)); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(path)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	as, _, _, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := buildRoster("tennis", "https://a.espncdn.com", as)
	runtime.GC()
	runtime.ReadMemStats(&after)
	used := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("35,000 athletes: file %d KB, heap kept %.1f MB", info.Size()>>10, float64(used)/(1<<20))
	if used > 60<<20 {
		t.Errorf("roster keeps %d MB of heap, want at most 60 MB", used>>20)
	}
	if i, ok := r.find("Djokovic20"); !ok || r.teams[i].FullName != "Alexander Djokovic20" {
		t.Errorf("find(Djokovic20) = %d, %v, want Alexander Djokovic20", i, ok)
	}
	runtime.KeepAlive(r)
}

func TestFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.tsv")
	in := []athlete{
		{ID: "1", First: "Tab\tIn", Last: "New\nLine", Display: "Tab In New Line", Short: "T. Line", Headshot: "https://h/1.png", Flag: "https://f/x.png", Country: "X"},
		{ID: "2", First: "", Last: "", Display: "Only Display"},
	}
	fetched := time.Unix(1_700_000_000, 0)
	if err := writeFile(dir, path, "tennis/atp", fetched, false, in); err != nil {
		t.Fatal(err)
	}
	out, gotFetched, complete, err := readFile(path)
	if err != nil || len(out) != 2 || !gotFetched.Equal(fetched) || complete {
		t.Fatalf("readFile = %d athletes, %v, %v, %v", len(out), gotFetched, complete, err)
	}
	if out[0].First != "Tab In" || out[0].Last != "New Line" || out[0].Headshot != "https://h/1.png" || out[1].Display != "Only Display" {
		t.Errorf("round trip = %+v", out)
	}
	for _, bad := range []string{"", "gamethumbs-athletes\t2\tx\t0\t1\t0\n", "gamethumbs-athletes\t1\tx\tnope\t1\t0\n"} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := readFile(path); err == nil {
			t.Errorf("readFile(%q) error = nil, want an error", bad)
		}
	}
}

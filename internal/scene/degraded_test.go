package scene

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
	"gamethumbs/internal/render"
)

// A side left missing because the provider is down (fallback=true) makes
// the picture degraded, so it is never cached as the real matchup; an
// unknown team is no failure.
func TestProviderOutageDegradesFallbackPicture(t *testing.T) {
	req := Request{Kind: render.KindThumb, League: "nba", Teams: []string{"lakers", "celtics"},
		Style: 1, Width: 1440, Height: 1080, Fallback: true}
	s, fake := newTestService(t)
	fake.Fail(espntest.TeamsPath("basketball", "nba"), http.StatusServiceUnavailable)
	job, err := s.Prepare(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	out, err := job.Render(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.Degraded, "team lookup: ") {
		t.Errorf("matchup drawn while the provider is down: Degraded = %q, want a team lookup reason", out.Degraded)
	}

	s, _ = newTestService(t)
	req.Teams = []string{"lakers", "nosuchteam"}
	job, err = s.Prepare(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if out, err = job.Render(context.Background()); err != nil || out.Degraded != "" || out.Incomplete != "" {
		t.Errorf("unknown team with fallback: Degraded %q, Incomplete %q, err %v; want a complete picture", out.Degraded, out.Incomplete, err)
	}
}

// A raw logo whose provider file is HTML is the provider's fault: an
// upstream error (502), not an internal one.
func TestRawLogoNotAnImageIsUpstreamError(t *testing.T) {
	s, fake := newTestService(t)
	fake.SetResponse("/cdn/i/teamlogos/nba/500/lal.png", http.StatusOK, "text/html", []byte("<html>oops</html>"))
	job, err := s.Prepare(context.Background(), Request{Kind: render.KindLogo, League: "nba", Teams: []string{"lakers"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = job.Render(context.Background())
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) {
		t.Errorf("raw logo that is HTML: err = %T %v, want *catalog.UpstreamError", err, err)
	}
}

package eventart

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

func fakeNamer(_ context.Context, name string) (string, bool, error) {
	if strings.Contains(name, "Mavs vs Spurs") {
		return "/nba/dal/sa", true, nil
	}
	return "", false, nil
}

func TestArtLogoAndRoot(t *testing.T) {
	a := &Art{Kind: Thumb, Namer: fakeNamer}
	r := httptest.NewRequest("GET", "http://panel.local:3000/xc/main/get.php", nil)
	r.Header.Set("X-Forwarded-Proto", "https")
	root := a.Root(r)
	if root != "http://panel.local:3000" {
		t.Errorf("Root = %q", root)
	}
	a.TrustForwardedProto = true
	if root = a.Root(r); root != "https://panel.local:3000" {
		t.Errorf("Root behind a trusted proxy = %q", root)
	}
	if u, ok := a.Logo(context.Background(), root, "NBA 03: Mavs vs Spurs @ 6PM"); !ok || u != "https://panel.local:3000/nba/dal/sa/thumb" {
		t.Errorf("Logo = %q %v", u, ok)
	}
	if _, ok := a.Logo(context.Background(), root, "CNN HD"); ok {
		t.Error("a channel that is no event got art")
	}
	a.PublicRoot = "https://tv.example.com/"
	if root = a.Root(r); root != "https://tv.example.com" {
		t.Errorf("Root with a public root = %q", root)
	}
	var off *Art
	if off.Channels() || off.Guides() {
		t.Error("a nil Art is on")
	}
	if (&Art{Kind: Off, Namer: fakeNamer}).Channels() {
		t.Error("Kind off is on")
	}
}

func TestGuideBody(t *testing.T) {
	a := &Art{Guide: true, Namer: fakeNamer}
	src := io.NopCloser(strings.NewReader(`<tv><programme><title>NBA: Mavs vs Spurs</title></programme></tv>`))
	body := a.GuideBody(context.Background(), "https://gt", src)
	got, err := io.ReadAll(body)
	body.Close()
	if err != nil || string(got) != `<tv><programme><title>NBA: Mavs vs Spurs</title><icon src="https://gt/nba/dal/sa/thumb"/></programme></tv>` {
		t.Errorf("GuideBody = %q, %v", got, err)
	}
	// Closing early stops the rewrite and closes the source.
	big := io.NopCloser(strings.NewReader(strings.Repeat("<programme><title>x</title></programme>", 100000)))
	body = a.GuideBody(context.Background(), "https://gt", big)
	buf := make([]byte, 10)
	body.Read(buf)
	if err := body.Close(); err != nil {
		t.Errorf("Close = %v", err)
	}
}

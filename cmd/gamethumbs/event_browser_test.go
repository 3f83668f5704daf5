package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gamethumbs/internal/testutil"
)

// TestURLBuilderFromATitle types an event title into the URL builder in
// headless Chromium: the page says what it understood, sets the league
// and teams, and previews the /event picture.
func TestURLBuilderFromATitle(t *testing.T) {
	skipShort(t, "drives Chromium")
	chrome := testutil.Chromium()
	if chrome == "" {
		t.Skip("no chromium binary (/usr/bin/chromium or chromium, google-chrome on PATH); " +
			"install it (apt-get install chromium) to run the browser test")
	}
	svc := start(t, nil)
	profile := browserProfile(t)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chrome), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 1000),
	)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(alloc)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	const want = "/event/thumb?title=NBA+03%3A+Mavs+vs+Spurs+%40+6PM"
	var understood, team1, team2, league, url string
	err := chromedp.Run(ctx,
		chromedp.Navigate(svc.base+"/"),
		chromedp.WaitVisible("#eventtitle", chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#preview').dataset.state === 'loaded'`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.SendKeys("#eventtitle", "NBA 03: Mavs vs Spurs @ 6PM", chromedp.ByQuery),
		chromedp.Poll(`(() => { const i = document.querySelector('#preview');
			return i.dataset.state === 'loaded' && i.dataset.path === `+jsString(want)+` && i.complete; })()`, nil,
			chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#understood", &understood, chromedp.ByQuery),
		chromedp.Value("#team1", &team1, chromedp.ByQuery),
		chromedp.Value("#team2", &team2, chromedp.ByQuery),
		chromedp.Value("#league", &league, chromedp.ByQuery),
		chromedp.Value("#url", &url, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("title flow: %v\nservice log:\n%s", err, svc.logs.String())
	}
	if !strings.Contains(understood, "Understood: NBA · Dallas Mavericks vs San Antonio Spurs") || !strings.Contains(understood, "/nba/dal/sa/thumb") {
		t.Errorf("understood line = %q", understood)
	}
	if league != "nba" || team1 != "Dallas Mavericks" || team2 != "San Antonio Spurs" || url != svc.base+want {
		t.Errorf("league %q, teams %q / %q, URL %q; want nba, the Mavericks and the Spurs, %s", league, team1, team2, url, want)
	}

	// A title that names nothing says so.
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const i = document.querySelector('#eventtitle'); i.value = ''; })()`, nil),
		chromedp.SendKeys("#eventtitle", "NFL RedZone", chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#understood').textContent.startsWith('Not understood')`, nil,
			chromedp.WithPollingTimeout(20*time.Second)),
	)
	if err != nil {
		t.Errorf("a title naming nothing: %v", err)
	}
	if path := os.Getenv(screenshotEnv); path != "" {
		var shot []byte
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const i = document.querySelector('#eventtitle'); i.value = ''; })()`, nil),
			chromedp.SendKeys("#eventtitle", "NBA 03: Mavs vs Spurs @ 6PM", chromedp.ByQuery),
			chromedp.Poll(`document.querySelector('#understood').textContent.startsWith('Understood') && document.querySelector('#preview').dataset.state === 'loaded' && document.querySelector('#preview').dataset.path.startsWith('/event/')`, nil,
				chromedp.WithPollingTimeout(20*time.Second)),
			chromedp.CaptureScreenshot(&shot)); err == nil {
			os.WriteFile(strings.TrimSuffix(path, ".png")+"-event.png", shot, 0o644)
		}
	}
}

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

// TestPageExplainsUnreachableProvider: with ESPN unreachable, the page
// says in plain words that the provider could not be reached (not a bare
// "502") and offers the offline demo league, which then shows a picture.
func TestPageExplainsUnreachableProvider(t *testing.T) {
	skipShort(t, "drives Chromium")
	chrome := testutil.Chromium()
	if chrome == "" {
		t.Skip("no chromium binary; install it (apt-get install chromium) to run the browser test")
	}
	svc := startArgs(t, []string{"-demo"}, map[string]string{
		"ESPN_SITE_API_URL": closedURL, "ESPN_CORE_API_URL": closedURL, "ESPN_CDN_URL": closedURL})
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chrome), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(browserProfile(t)), chromedp.WindowSize(1280, 1000))
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(alloc)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	var status, hint string
	var demoButton bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(svc.base+"/"),
		chromedp.Poll(`document.querySelector('#preview').dataset.state === 'loaded'`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`(() => { const s = document.querySelector('#league'); s.value = 'nba';
			s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, nil),
		chromedp.Poll(`!document.querySelector('#hint').hidden`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Text("#status", &status, chromedp.ByQuery),
		chromedp.Text("#hint", &hint, chromedp.ByQuery),
		chromedp.Evaluate(`!document.querySelector('#hint-demo').hidden`, &demoButton),
	)
	if err != nil {
		t.Fatalf("page with ESPN unreachable: %v\n%s", err, lastLines(svc.logs.String(), 20))
	}
	if !strings.Contains(hint, "could not be reached") || !strings.Contains(hint, "internet access") || !demoButton {
		t.Errorf("hint %q (demo button shown: %v), status %q", hint, demoButton, status)
	}
	var shot []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&shot)); err == nil {
		if p := os.Getenv("GAMETHUMBS_OFFLINE_SCREENSHOT"); p != "" {
			os.WriteFile(p, shot, 0o644)
		}
	}
	err = chromedp.Run(ctx,
		chromedp.Click("#hint-demo", chromedp.ByQuery),
		chromedp.Poll(`(() => { const i = document.querySelector('#preview');
			return i.dataset.state === 'loaded' && i.dataset.path.startsWith('/demo/') && document.querySelector('#hint').hidden; })()`,
			nil, chromedp.WithPollingTimeout(30*time.Second)),
	)
	if err != nil {
		t.Errorf("the demo button did not bring a demo picture: %v", err)
	}
}

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gamethumbs/internal/testutil"
)

// screenshotEnv names a file the browser test also writes its screenshot
// to (with the style gallery shown), for a person to look at.
const screenshotEnv = "GAMETHUMBS_SCREENSHOT"

// TestURLBuilderInChromium drives the page at / in headless Chromium: the
// demo matchup shows at once, then the user switches to the NBA of the
// fake ESPN, picks two teams through the autocomplete, changes style and
// aspect, and the preview shows the picture at the URL the page offers.
func TestURLBuilderInChromium(t *testing.T) {
	skipShort(t, "drives Chromium")
	chrome := testutil.Chromium()
	if chrome == "" {
		t.Skip("no chromium binary (/usr/bin/chromium or chromium, google-chrome on PATH); " +
			"install it (apt-get install chromium) to run the browser test")
	}
	svc := startArgs(t, []string{"-demo"}, nil)
	profile := browserProfile(t)

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chrome),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 1000),
	)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(alloc)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	// previewIs waits until the preview shows the picture at path.
	previewIs := func(path string) chromedp.Action {
		js := `(() => { const i = document.querySelector('#preview');
			return i.dataset.state === 'loaded' && i.dataset.path === ` + jsString(path) + ` && i.complete; })()`
		return chromedp.Poll(js, nil, chromedp.WithPollingTimeout(40*time.Second))
	}
	var size [2]int
	naturalSize := chromedp.Evaluate(`(() => { const i = document.querySelector('#preview'); return [i.naturalWidth, i.naturalHeight]; })()`, &size)
	// pick types into a team input and takes the first suggestion.
	pick := func(input, text string) chromedp.Tasks {
		return chromedp.Tasks{
			chromedp.Evaluate(`document.querySelector(`+jsString(input)+`).value = ''`, nil),
			chromedp.SendKeys(input, text, chromedp.ByQuery),
			chromedp.WaitVisible(input+"-list li", chromedp.ByQuery),
			chromedp.SendKeys(input, kb.Enter, chromedp.ByQuery),
		}
	}
	// change selects value in a select element as a user would.
	change := func(sel, value string) chromedp.Action {
		js := `(() => { const s = document.querySelector(` + jsString(sel) + `);
			if (![...s.options].some((o) => o.value === ` + jsString(value) + `)) return false;
			s.value = ` + jsString(value) + `;
			s.dispatchEvent(new Event('change', {bubbles: true}));
			return true; })()`
		return chromedp.ActionFunc(func(ctx context.Context) error {
			var ok bool
			if err := chromedp.Evaluate(js, &ok).Do(ctx); err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("%s has no option %q", sel, value)
			}
			return nil
		})
	}

	// In demo mode the page starts on a demo matchup.
	start := time.Now()
	if err := chromedp.Run(ctx,
		chromedp.Navigate(svc.base+"/"),
		previewIs("/demo/herons/comets/thumb"),
		naturalSize,
	); err != nil {
		t.Fatalf("demo matchup preview: %v\nservice log:\n%s", err, svc.logs.String())
	}
	if size != [2]int{1440, 1080} {
		t.Errorf("demo preview is %dx%d, want 1440x1080", size[0], size[1])
	}

	// Switch league, pick teams, change style and aspect.
	const want = "/nba/lakers/celtics/thumb?style=5&aspect=16-9"
	var url string
	if err := chromedp.Run(ctx,
		change("#league", "nba"),
		chromedp.Poll(`document.querySelector('#team1').value !== 'Harbor City Herons' && document.querySelector('#team1').value !== ''`, nil,
			chromedp.WithPollingTimeout(20*time.Second)),
		pick("#team1", "lak"),
		pick("#team2", "celt"),
		change("#style", "5"),
		change("#aspect", "16-9"),
		previewIs(want),
		naturalSize,
		chromedp.Value("#url", &url, chromedp.ByQuery),
	); err != nil {
		t.Fatalf("building %s: %v\nservice log:\n%s", want, err, svc.logs.String())
	}
	if size != [2]int{1920, 1080} {
		t.Errorf("preview of %s is %dx%d, want 1920x1080", want, size[0], size[1])
	}
	if url != svc.base+want {
		t.Errorf("URL field = %q, want %q", url, svc.base+want)
	}
	err := chromedp.Run(ctx,
		chromedp.Click("#copy", chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#copy').textContent === 'Copied'`, nil, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if err != nil {
		t.Errorf("copy button did not confirm the copy: %v", err)
	}
	t.Logf("page flow took %v", time.Since(start).Round(time.Millisecond))

	// Screenshot: always into the test's temporary directory; with
	// GAMETHUMBS_SCREENSHOT also to that path, with the gallery drawn.
	var shot []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&shot)); err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(t.TempDir(), "builder.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	if path := os.Getenv(screenshotEnv); path != "" {
		err := chromedp.Run(ctx,
			chromedp.Click("#gallery-show", chromedp.ByQuery),
			chromedp.Poll(`(() => { const imgs = [...document.querySelectorAll('#gallery img')];
				imgs.forEach((i) => { i.loading = 'eager'; });
				return imgs.length === 14 && imgs.every((i) => i.complete && i.naturalWidth > 0); })()`, nil,
				chromedp.WithPollingTimeout(50*time.Second)),
			chromedp.FullScreenshot(&shot, 100), // 100: PNG
		)
		if err != nil {
			t.Fatalf("gallery screenshot: %v", err)
		}
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot written to %s", path)
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}

// browserProfile is a fresh Chromium profile directory for the test.
// Chromium's helper processes may still write to it for a moment after
// the browser is gone: it is removed with a few retries rather than
// through t.TempDir, whose cleanup fails on that.
func browserProfile(t *testing.T) string {
	t.Helper()
	profile, err := os.MkdirTemp("", "gamethumbs-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("could not remove the browser profile %s", profile)
	})
	return profile
}

package eventart

import (
	"bytes"
	"compress/gzip"
	"context"
	"strings"
	"testing"
)

// vsIcons gives an icon to titles with " vs " in them.
func vsIcons(title string) (string, bool) {
	if strings.Contains(title, " vs ") {
		return "http://gt.example/event/thumb?title=" + strings.ReplaceAll(title, " ", "+") + "&a=1", true
	}
	return "", false
}

func rewriteString(t *testing.T, doc string) (string, GuideStats) {
	t.Helper()
	var out bytes.Buffer
	st, err := RewriteGuide(context.Background(), &out, strings.NewReader(doc), vsIcons)
	if err != nil {
		t.Fatalf("RewriteGuide: %v", err)
	}
	return out.String(), st
}

const guideDoc = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv generator-info-name="panel">
  <channel id="nba1"><display-name>NBA 01</display-name><icon src="http://logo/nba1.png"/></channel>
  <!-- <programme> in a comment stays -->
  <programme start="20251123180000 +0000" stop="20251123210000 +0000" channel="nba1">
    <title lang="en">NBA: Mavs vs Spurs &amp; more</title>
    <desc lang="en">Live from San Antonio &lt;tonight&gt;</desc>
  </programme>
  <programme start="20251123210000 +0000" stop="20251123230000 +0000" channel="nba1">
    <title>Lakers vs Celtics</title>
    <icon src="http://panel/own.jpg"/>
  </programme>
  <programme start="1" stop="2" channel="news"><title>Evening News</title></programme>
  <programme start="3" stop="4" channel="x"><title><![CDATA[Bruins vs Rangers]]></title></programme>
  <programme start="5" stop="6" channel="y"/>
  <programmed>not a programme</programmed>
</tv>
`

func TestRewriteGuideAddsIconsOnlyWhereMissing(t *testing.T) {
	got, st := rewriteString(t, guideDoc)
	want := strings.Replace(guideDoc, "    <desc lang=\"en\">Live from San Antonio &lt;tonight&gt;</desc>\n  </programme>",
		"    <desc lang=\"en\">Live from San Antonio &lt;tonight&gt;</desc>\n"+
			"    <icon src=\"http://gt.example/event/thumb?title=NBA:+Mavs+vs+Spurs+&amp;+more&amp;a=1\"/>\n  </programme>", 1)
	want = strings.Replace(want, "<title><![CDATA[Bruins vs Rangers]]></title></programme>",
		"<title><![CDATA[Bruins vs Rangers]]></title><icon src=\"http://gt.example/event/thumb?title=Bruins+vs+Rangers&amp;a=1\"/></programme>", 1)
	if got != want {
		t.Errorf("rewritten guide:\n%s\nwant:\n%s", got, want)
	}
	if st.Programmes != 5 || st.Added != 2 {
		t.Errorf("stats = %+v, want 5 programmes, 2 icons added", st)
	}
}

func TestRewriteGuideGzipAndOddInput(t *testing.T) {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(guideDoc))
	zw.Close()
	var out bytes.Buffer
	if _, err := RewriteGuide(context.Background(), &out, &z, vsIcons); err != nil {
		t.Fatal(err)
	}
	plain, _ := rewriteString(t, guideDoc)
	if out.String() != plain {
		t.Errorf("gzip input: output differs from the plain input's")
	}
	// Truncated, unbalanced and over-long programmes pass through unchanged.
	for _, doc := range []string{
		"<tv><programme><title>A vs B</title>",
		"<tv><programme",
		"<",
		"",
		"no markup at all",
		"<tv><programme><title>A vs B</title><desc>" + strings.Repeat("x", MaxProgramme+10) + "</desc></programme><programme><title>C vs D</title></programme></tv>",
	} {
		got, _ := rewriteString(t, doc)
		if strings.HasPrefix(doc, "<tv><programme><title>A vs B</title><desc>") {
			if !strings.HasPrefix(got, doc[:100]) || !strings.Contains(got, "C vs D</title><icon ") || len(got) <= len(doc) {
				t.Errorf("over-long programme: not passed through with the next one rewritten")
			}
			continue
		}
		if got != doc {
			t.Errorf("RewriteGuide(%.40q) = %.60q, want it unchanged", doc, got)
		}
	}
}

func TestRootFromProxyURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://tv.example.com/xc/panel":     "https://tv.example.com",
		"https://tv.example.com/gt/xc/panel/": "https://tv.example.com/gt",
		"http://10.0.0.2:3000":                "http://10.0.0.2:3000",
		"http://10.0.0.2:3000/":               "http://10.0.0.2:3000",
		"not a url":                           "",
	} {
		if got := RootFromProxyURL(in); got != want {
			t.Errorf("RootFromProxyURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// Without any event, the output is the input, byte for byte.
func FuzzRewriteGuideNoEvents(f *testing.F) {
	f.Add(guideDoc)
	f.Add("<tv><programme><title>x</title></programme><programme/></tv>")
	f.Fuzz(func(t *testing.T, doc string) {
		var out bytes.Buffer
		_, err := RewriteGuide(context.Background(), &out, strings.NewReader(doc), func(string) (string, bool) { return "", false })
		if err == nil && out.String() != doc {
			t.Errorf("output differs from input")
		}
	})
}

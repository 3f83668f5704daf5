package xmltv

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"
)

type lookup struct {
	id, number, name string
	logo             string
	tier             Tier
}

func parseString(t *testing.T, doc string, opt Options) *Guide {
	t.Helper()
	g, err := Parse(strings.NewReader(doc), opt)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return g
}

func checkLookups(t *testing.T, name string, g *Guide, want []lookup) {
	t.Helper()
	for _, l := range want {
		logo, tier := g.Lookup(l.id, l.number, l.name)
		if logo != l.logo || tier != l.tier {
			t.Errorf("%s: Lookup(%q, %q, %q) = %q, %v, want %q, %v", name, l.id, l.number, l.name, logo, tier, l.logo, l.tier)
		}
	}
}

func TestParseFixtures(t *testing.T) {
	tests := []struct {
		file    string
		len     int
		lookups []lookup
	}{
		{"iptv-org-epg_energeek_ids-with-spaces_webgrab.xml", 5, []lookup{
			{id: "EnerGeek Retro", logo: "https://i.imgur.com/PzEK6DI.png", tier: ByID},
			{id: " energeek fanpop ", logo: "https://i.imgur.com/cbnBZRv.jpg", tier: ByID},
			{name: "EnerGeek Fanpop", logo: "https://i.imgur.com/cbnBZRv.jpg", tier: ByName},
		}},
		{"iptv-org-epg_epgshare01_crlf_dup-icons.xml", 2, []lookup{
			{id: "AlJazeera.English.net", logo: "http://www.aljazeera.com/mritems/assets/images/aj-logo-lg.png", tier: ByID},
			{name: "aljazeera arabic", logo: "http://www.aljazeera.com/mritems/assets/images/aj-logo-lg.png", tier: ByName},
		}},
		{"iptv-org-epg_iptvx-one_single-line_multi-display-name.xml", 1, []lookup{
			{name: "12 канал (Омск)", logo: "https://iptvx.one/picons/12-omsk.png", tier: ByName},
			{name: "12 КАНАЛ ОМСК", logo: "https://iptvx.one/picons/12-omsk.png", tier: ByName},
		}},
		// Channels without an icon are not kept.
		{"iptv-org-epg_makrodigital_single-quotes_no-decl.xml", 0, []lookup{{id: "17", number: "17", name: "Service 1"}}},
		{"iptv-org-epg_vantagetv_no-icons.xml", 0, []lookup{{id: "vmusic"}}},
		{"iptv-org-epg_nzxmltv_numeric-id_lcn.xml", 1, []lookup{
			{number: "1", logo: "https://freeviewnz.tv/nonumbracoimages/ChannelsThumb/TVNZ1100x100.png", tier: ByNumber},
			{number: "001", logo: "https://freeviewnz.tv/nonumbracoimages/ChannelsThumb/TVNZ1100x100.png", tier: ByNumber},
			{id: "nope", number: "2", name: "TVNZ 1", logo: "https://freeviewnz.tv/nonumbracoimages/ChannelsThumb/TVNZ1100x100.png", tier: ByName},
		}},
		{"iptv-org-epg_test_multiple_channels.guide.xml", 6, []lookup{
			{id: "Channel1.us@HD", logo: "https://i.imgur.com/GPzH88J.png", tier: ByID},
			{id: "Channel3.us", logo: "https://upload.wikimedia.org/wikipedia/commons/6/64/6%27eren_2015.png", tier: ByID},
			{number: "36", logo: "https://i.imgur.com/qmRnD0M.png", tier: ByNumber},
			{number: "140"}, // that channel has no icon
			{name: "Channel 4", logo: "https://i.imgur.com/BPzH88J.png", tier: ByName},
		}},
		{"iptv-org-epg_tmacaraibes_id-with-at.xml", 1, []lookup{
			{id: "TMA.gp@SD", logo: "http://www.tmacaraibes.com/images/Logo-chaine-TMA.png", tier: ByID},
		}},
		{"iptv-org-epg_test_workers_load.guide.xml", 1, []lookup{
			{id: "ANT1Europe.gr@SD", logo: "https://i.imgur.com/DTfwJGM.png", tier: ByID},
		}},
	}
	for _, tt := range tests {
		f, err := os.Open("testdata/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Parse(f, Options{})
		f.Close()
		if err != nil {
			t.Errorf("Parse(%s): %v", tt.file, err)
			continue
		}
		if g.Len() != tt.len {
			t.Errorf("Parse(%s).Len() = %d, want %d", tt.file, g.Len(), tt.len)
		}
		checkLookups(t, tt.file, g, tt.lookups)
	}
}

func TestParseQuirks(t *testing.T) {
	doc := `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd" [ <!ENTITY x "a>b"> ]>
<?xml-stylesheet href="x.xsl"?>
<tv generator-info-name="A &amp; B">
<!-- <channel id="commented"><icon src="http://bad/"/></channel> -->
<channel id='amp'><display-name>Tom &amp; Jerry</display-name><icon src='http://l/amp.png?a=1&amp;b=2'/></channel>
<channel id="html"><display-name>T&eacute;l&eacute; &#233;t&#xE9;</display-name><icon src="http://l/html.png"/></channel>
<channel id="cdata"><display-name><![CDATA[R&D <Live>]]></display-name><icon src="http://l/cdata.png"/></channel>
<channel id="mixed"><display-name>A &amp; <![CDATA[&B]]> C</display-name><icon src="http://l/mixed.png"/></channel>
<channel id="twoicons">
  <display-name>First</display-name>
  <!-- <icon src="http://bad/comment.png"/> -->
  <icon src="http://l/first.png"/>
  <icon src="http://l/second.png"/>
  <display-name>  Second Name  </display-name>
</channel>
<channel id="self"/>
<channel id="noicon"><display-name>No Icon</display-name></channel>
<channel id = "spaced" ><display-name >Spaced</display-name><icon  src = "http://l/spaced.png" /></channel>
<channel id="lcn"><display-name>Dotted</display-name><lcn>010.01</lcn><icon src="http://l/lcn.png"/></channel>
<channel id="dup"><display-name>Tom &amp; Jerry</display-name><icon src="http://l/dup.png"/></channel>
<programme start="1" channel="amp" title="a > b"><title>x &lt;channel id="fake"&gt;</title></programme>
<channel id="late"><display-name>Late</display-name><icon src="http://l/late.png"/></channel>
</tv>`
	full := parseString(t, doc, Options{})
	checkLookups(t, "full", full, []lookup{
		{id: "commented"},
		{id: "AMP", logo: "http://l/amp.png?a=1&b=2", tier: ByID},
		{name: "tom & jerry", logo: "http://l/amp.png?a=1&b=2", tier: ByName}, // first channel wins
		{name: "Télé été", logo: "http://l/html.png", tier: ByName},
		{name: "R&D <Live>", logo: "http://l/cdata.png", tier: ByName},
		{name: "A & &B C", logo: "http://l/mixed.png", tier: ByName},
		{id: "twoicons", logo: "http://l/first.png", tier: ByID},
		{name: "second name", logo: "http://l/first.png", tier: ByName},
		{id: "self"},
		{id: "noicon", name: "No Icon"},
		{id: "spaced", logo: "http://l/spaced.png", tier: ByID},
		{number: "10.1", logo: "http://l/lcn.png", tier: ByNumber},
		{id: "fake"},
		{id: "late", logo: "http://l/late.png", tier: ByID},
		{id: "", number: "", name: ""},
	})
	if full.Len() != 9 {
		t.Errorf("Len() = %d, want 9", full.Len())
	}
	early := parseString(t, doc, Options{StopAtProgramme: true})
	checkLookups(t, "early", early, []lookup{
		{id: "late"},
		{id: "dup", logo: "http://l/dup.png", tier: ByID},
	})
}

func TestParseEncodings(t *testing.T) {
	tests := []struct {
		name, doc, want string
		err             error
	}{
		{"latin1", "<?xml version='1.0' encoding='ISO-8859-1'?><tv><channel id='c'><display-name>T\xe9l\xe9 5</display-name><icon src='http://l/\xe9.png'/></channel></tv>", "Télé 5", nil},
		{"cp1252", `<?xml version="1.0" encoding="windows-1252"?><tv><channel id="c"><display-name>Euro ` + "\x80" + ` TV</display-name><icon src="http://l/e.png"/></channel></tv>`, "Euro € TV", nil},
		{"bom", "\xef\xbb\xbf<tv><channel id=\"c\"><display-name>Bom</display-name><icon src=\"http://l/e.png\"/></channel></tv>", "Bom", nil},
		{"utf16", "\xff\xfe<\x00t\x00v\x00>\x00", "", ErrUnsupportedEncoding},
		{"ebcdic", `<?xml version="1.0" encoding="IBM037"?><tv/>`, "", ErrUnsupportedEncoding},
		{"shiftjis", `<?xml version="1.0" encoding="Shift_JIS"?><tv/>`, "", ErrUnsupportedEncoding},
		{"unknown", `<?xml version="1.0" encoding="klingon"?><tv/>`, "", ErrUnsupportedEncoding},
	}
	for _, tt := range tests {
		g, err := Parse(strings.NewReader(tt.doc), Options{})
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: Parse error = %v, want %v", tt.name, err, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		if _, tier := g.Lookup("", "", tt.want); tier != ByName {
			t.Errorf("%s: Lookup by name %q = %v, want a name match", tt.name, tt.want, tier)
		}
	}
	g := parseString(t, "<?xml version='1.0' encoding='ISO-8859-1'?><tv><channel id='c'><display-name>x</display-name><icon src='http://l/\xe9.png'/></channel></tv>", Options{})
	if logo, _ := g.Lookup("c", "", ""); logo != "http://l/é.png" {
		t.Errorf("latin1 icon = %q, want %q", logo, "http://l/é.png")
	}
}

func TestParseGzipAndSmallReads(t *testing.T) {
	doc, err := os.ReadFile("testdata/iptv-org-epg_test_multiple_channels.guide.xml")
	if err != nil {
		t.Fatal(err)
	}
	var zbuf bytes.Buffer
	zw := gzip.NewWriter(&zbuf)
	zw.Write(doc)
	zw.Close()
	for name, r := range map[string]io.Reader{
		"gzip":     bytes.NewReader(zbuf.Bytes()),
		"one-byte": iotest.OneByteReader(bytes.NewReader(doc)),
		"half":     iotest.HalfReader(bytes.NewReader(doc)),
	} {
		g, err := Parse(r, Options{})
		if err != nil {
			t.Fatalf("%s: Parse: %v", name, err)
		}
		if g.Len() != 6 {
			t.Errorf("%s: Len() = %d, want 6", name, g.Len())
		}
		checkLookups(t, name, g, []lookup{{id: "Channel2.us", logo: "https://i.imgur.com/qmRnD0M.png", tier: ByID}})
	}
}

func TestParseBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("<tv>")
	for i := range 50 {
		b.WriteString(`<channel id="c` + string(rune('A'+i%26)) + string(rune('a'+i/26)) + `"><icon src="http://l/x.png"/></channel>`)
	}
	b.WriteString("</tv>")
	g := parseString(t, b.String(), Options{MaxChannels: 10})
	if g.Len() != 10 || !g.Truncated() {
		t.Errorf("MaxChannels 10: Len() = %d, Truncated() = %v, want 10, true", g.Len(), g.Truncated())
	}
	g = parseString(t, b.String(), Options{MaxBytes: 200})
	if g.Len() == 0 || g.Len() >= 50 || !g.Truncated() {
		t.Errorf("MaxBytes 200: Len() = %d, Truncated() = %v, want a few channels, true", g.Len(), g.Truncated())
	}
	// An over-long display-name is dropped, the channel is kept.
	long := `<tv><channel id="x"><display-name>` + strings.Repeat("n", maxText+10) + `</display-name><display-name>short</display-name><icon src="http://l/x.png"/></channel></tv>`
	g = parseString(t, long, Options{})
	checkLookups(t, "long name", g, []lookup{{name: "short", logo: "http://l/x.png", tier: ByName}})
	// Truncated input keeps complete channels.
	cut := `<tv><channel id="a"><icon src="http://l/a.png"/></channel><channel id="b"><icon src="http://l/b`
	g = parseString(t, cut, Options{})
	if g.Len() != 1 {
		t.Errorf("cut input: Len() = %d, want 1", g.Len())
	}
	// A read error is reported.
	_, err := Parse(io.MultiReader(strings.NewReader("<tv>"), iotest.ErrReader(io.ErrUnexpectedEOF)), Options{})
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("Parse of a failing reader: err = %v, want %v", err, io.ErrUnexpectedEOF)
	}
}

func TestNumberKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"5", "5"}, {" 007 ", "7"}, {"0", "0"}, {"10.1", "10.1"}, {"010.01", "10.1"},
		{"", ""}, {"5a", ""}, {"1..2", ""}, {".5", ""}, {"-1", ""},
	}
	for _, tt := range tests {
		if got := numberKey(tt.in); got != tt.want {
			t.Errorf("numberKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

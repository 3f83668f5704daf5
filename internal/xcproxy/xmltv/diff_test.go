package xmltv

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamethumbs/internal/xcproxy/xmltv/xmltvtest"
)

// refChannel is what encoding/xml reads from one <channel>.
type refChannel struct {
	ID    string   `xml:"id,attr"`
	Names []string `xml:"display-name"`
	LCN   string   `xml:"lcn"`
	Icons []struct {
		Src string `xml:"src,attr"`
	} `xml:"icon"`
}

// referenceGuide builds the same index with encoding/xml, as an oracle.
func referenceGuide(doc []byte) (*Guide, error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	g := newGuide()
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return g, nil
			}
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "channel" {
			continue
		}
		var c refChannel
		if err := d.DecodeElement(&c, &se); err != nil {
			return nil, err
		}
		icon := ""
		for _, i := range c.Icons {
			if i.Src != "" {
				icon = i.Src
				break
			}
		}
		if icon == "" {
			continue
		}
		var names []string
		for _, n := range c.Names {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		g.add(c.ID, strings.TrimSpace(c.LCN), names, normalizeBlanks(icon))
	}
}

func sameGuide(t *testing.T, name string, got, want *Guide) {
	t.Helper()
	if got.Len() != want.Len() {
		t.Errorf("%s: Len() = %d, want %d (encoding/xml)", name, got.Len(), want.Len())
	}
	for _, m := range []struct {
		label     string
		got, want map[string]int32
	}{{"id", got.byID, want.byID}, {"number", got.byNumber, want.byNumber}, {"name", got.byName, want.byName}} {
		if len(m.got) != len(m.want) {
			t.Errorf("%s: %d %s keys, want %d", name, len(m.got), m.label, len(m.want))
		}
		for k, wi := range m.want {
			gi, ok := m.got[k]
			if !ok || got.logos[gi] != want.logos[wi] {
				t.Errorf("%s: %s %q -> %v, want %q", name, m.label, k, ok, want.logos[wi])
			}
		}
	}
}

// TestParseMatchesEncodingXML compares the lexer with encoding/xml on every
// UTF-8 fixture and on a generated guide.
func TestParseMatchesEncodingXML(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.xml")
	docs := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = b
	}
	var gen bytes.Buffer
	gen.ReadFrom(&xmltvtest.Reader{Channels: 300, Size: 1 << 20})
	docs["generated"] = gen.Bytes()
	for name, doc := range docs {
		want, err := referenceGuide(doc)
		if err != nil {
			t.Fatalf("%s: encoding/xml: %v", name, err)
		}
		got, err := Parse(bytes.NewReader(doc), Options{})
		if err != nil {
			t.Fatalf("%s: Parse: %v", name, err)
		}
		sameGuide(t, name, got, want)
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.xml")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 {
			f.Add(b)
		}
	}
	f.Add([]byte(`<tv><channel id="a"><display-name>A<![CDATA[x]]></display-name><icon src="u"/></channel></tv>`))
	f.Add([]byte(`<?xml version="1.0" encoding="ISO-8859-1"?><!DOCTYPE tv [<!ENTITY a "]>">]><tv/>`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		got, err := Parse(bytes.NewReader(doc), Options{MaxBytes: 1 << 20, MaxChannels: 100})
		if err != nil {
			return
		}
		if got.Len() > 100 {
			t.Fatalf("Len() = %d over MaxChannels", got.Len())
		}
		// When the document is plain, well-formed UTF-8 XML without
		// blanks inside attribute values, encoding/xml must agree.
		if bytes.ContainsAny(doc, "\r\t") || bytes.Contains(doc, []byte("<!")) || bytes.Contains(doc, []byte("<?")) ||
			bytes.Contains(doc, []byte("&")) {
			return
		}
		d := xml.NewDecoder(bytes.NewReader(doc))
		for {
			if _, err := d.Token(); err != nil {
				if err.Error() != "EOF" {
					return // not well-formed
				}
				break
			}
		}
		want, err := referenceGuide(doc)
		if err != nil {
			return
		}
		sameGuide(t, "fuzz", got, want)
	})
}

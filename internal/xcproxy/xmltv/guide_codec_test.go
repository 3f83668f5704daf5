package xmltv

import (
	"strings"
	"testing"
)

func TestGuideBinaryRoundTrip(t *testing.T) {
	src := `<tv><channel id="a.uk"><display-name>Alpha One</display-name><lcn>101</lcn><icon src="http://l/a.png"/></channel>` +
		`<channel id="b.uk"><display-name>Beta</display-name><icon src="http://l/b.png"/></channel></tv>`
	g, err := Parse(strings.NewReader(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Guide
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	for _, q := range [][3]string{{"a.uk", "", ""}, {"", "101", ""}, {"", "", "beta"}, {"nope", "", ""}} {
		l1, t1 := g.Lookup(q[0], q[1], q[2])
		l2, t2 := back.Lookup(q[0], q[1], q[2])
		if l1 != l2 || t1 != t2 {
			t.Errorf("Lookup%v: %q/%v after the round trip, %q/%v before", q, l2, t2, l1, t1)
		}
	}
	if back.Len() != g.Len() || back.SizeBytes() != g.SizeBytes() {
		t.Error("sizes differ after the round trip")
	}
	if err := new(Guide).UnmarshalBinary(b[:len(b)/2]); err == nil {
		t.Error("a truncated entry decoded")
	}
}

func TestGuideBinaryRefusesBadIndexes(t *testing.T) {
	g := &Guide{logos: []string{"x"}, byID: map[string]int32{"a": 5}}
	b, _ := g.MarshalBinary()
	if err := new(Guide).UnmarshalBinary(b); err == nil {
		t.Fatal("an index past the logo list was accepted; a lookup would panic")
	}
}

// FuzzGuideUnmarshalBinary: no entry of the shared tier panics the guide
// decoder or a lookup in what it accepts.
func FuzzGuideUnmarshalBinary(f *testing.F) {
	g, err := Parse(strings.NewReader(`<tv><channel id="a.uk"><display-name>Alpha</display-name><lcn>7</lcn><icon src="http://l/a.png"/></channel></tv>`), Options{})
	if err != nil {
		f.Fatal(err)
	}
	b, _ := g.MarshalBinary()
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var back Guide
		if back.UnmarshalBinary(b) != nil {
			return
		}
		back.Lookup("a.uk", "7", "alpha")
		back.Lookup("", "", "")
	})
}

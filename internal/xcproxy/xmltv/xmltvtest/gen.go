// Package xmltvtest generates large synthetic XMLTV guides on the fly for
// tests and benchmarks, so that no big file is stored in the repository.
package xmltvtest

import (
	"io"
	"strconv"
)

// Reader yields a deterministic XMLTV document: Channels <channel>
// elements, then <programme> elements until the document is about Size
// bytes long, then </tv>. It holds one element in memory at a time.
//
// Channel i (0-based) has id "ch<i>.example", display-names "Channel <i>"
// and "Chan & <i>" (escaped), lcn i+1 and the icon LogoURL(i).
type Reader struct {
	Channels int
	Size     int64
	// LateChannels adds that many channels after the programmes, ids
	// "late<i>.example" (non-conforming guides do this).
	LateChannels int

	buf     []byte
	off     int
	written int64
	state   int // 0 header, 1 channels, 2 programmes, 3 late, 4 footer, 5 done
	i       int
}

// LogoURL is the icon of channel i as it reads after entity decoding.
func LogoURL(i int) string {
	return "http://logos.example/" + strconv.Itoa(i) + ".png?a=1&b=2"
}

// Read implements io.Reader.
func (r *Reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if r.off == len(r.buf) {
			if !r.next() {
				if n == 0 {
					return 0, io.EOF
				}
				break
			}
		}
		c := copy(p[n:], r.buf[r.off:])
		r.off += c
		n += c
	}
	r.written += int64(n)
	return n, nil
}

// next generates the next element into buf.
func (r *Reader) next() bool {
	r.buf, r.off = r.buf[:0], 0
	switch r.state {
	case 0:
		r.buf = append(r.buf, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE tv SYSTEM \"xmltv.dtd\">\n<tv generator-info-name=\"xmltvtest\">\n"...)
		r.state = 1
	case 1:
		if r.i >= r.Channels {
			r.state, r.i = 2, 0
			return r.next()
		}
		r.channel("ch", r.i)
		r.i++
	case 2:
		if r.written >= r.Size || r.Channels == 0 {
			r.state, r.i = 3, 0
			return r.next()
		}
		r.programme(r.i)
		r.i++
	case 3:
		if r.i >= r.LateChannels {
			r.state = 4
			return r.next()
		}
		r.channel("late", r.i)
		r.i++
	case 4:
		r.buf = append(r.buf, "</tv>\n"...)
		r.state = 5
	default:
		return false
	}
	return true
}

func (r *Reader) channel(prefix string, i int) {
	n := strconv.Itoa(i)
	b := r.buf
	b = append(b, "  <channel id=\""+prefix+n+".example\">\n    <display-name lang=\"en\">Channel "+n+"</display-name>\n"...)
	b = append(b, "    <display-name>Chan &amp; "+n+"</display-name>\n"...)
	b = append(b, "    <icon src=\"http://logos.example/"+n+".png?a=1&amp;b=2\" width=\"100\" height=\"100\"/>\n"...)
	b = append(b, "    <url>http://example.com/"+n+"</url>\n    <lcn>"+strconv.Itoa(i+1)+"</lcn>\n  </channel>\n"...)
	r.buf = b
}

func (r *Reader) programme(k int) {
	ch := strconv.Itoa(k % r.Channels)
	start := strconv.Itoa(20260101000000 + (k/r.Channels)*3000)
	b := r.buf
	b = append(b, "  <programme start=\""+start+" +0000\" stop=\""+start+" +0000\" channel=\"ch"+ch+".example\">\n"...)
	b = append(b, "    <title lang=\"en\">Evening News &amp; Weather "+strconv.Itoa(k)+"</title>\n"...)
	b = append(b, "    <sub-title lang=\"en\">Part "+strconv.Itoa(k%7)+" &gt; of seven</sub-title>\n"...)
	b = append(b, "    <desc lang=\"en\">A long description of the programme with &quot;quotes&quot;, "+
		"accents like &#233; and a <![CDATA[raw <b>CDATA</b> section]]> that fills space. "+
		"The presenters discuss the day's events in detail, with reports from the regions.</desc>\n"...)
	b = append(b, "    <category lang=\"en\">News</category>\n    <icon src=\"http://img.example/p/"+strconv.Itoa(k)+".jpg\"/>\n"...)
	b = append(b, "    <episode-num system=\"xmltv_ns\">1.2.0/1</episode-num>\n    <video><quality>HDTV</quality></video>\n"...)
	b = append(b, "    <rating system=\"VCHIP\"><value>TV-G</value></rating>\n  </programme>\n"...)
	r.buf = b
}

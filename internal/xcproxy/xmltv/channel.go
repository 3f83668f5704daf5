package xmltv

import "bytes"

// The handlers below turn the elements of a <channel> into a guide entry.

// startTag handles a start (or empty-element) tag whose name was read.
func (p *parser) startTag(name []byte) (stop bool, err error) {
	s := p.s
	keep := string(name) == "channel" || (p.inChannel && string(name) == "icon" && p.ch.icon == "")
	var self, ok bool
	if keep {
		p.tagBuf, p.over = p.tagBuf[:0], false
		self, ok = s.tagRest(&p.tagBuf, maxTag, &p.over)
	} else {
		self, ok = s.tagRest(nil, 0, nil)
	}
	if !ok {
		return false, nil
	}
	switch string(name) {
	case "channel":
		p.finishChannel()
		if p.over {
			return false, nil
		}
		p.inChannel = !self
		p.ch = channel{id: p.decodeAttr(attrValue(p.tagBuf, "id"))}
	case "icon":
		if keep && !p.over {
			p.ch.icon = p.decodeAttr(attrValue(p.tagBuf, "src"))
		}
	case "display-name", "lcn":
		if !p.inChannel || self {
			return false, nil
		}
		p.capture = captureName
		if string(name) == "lcn" {
			p.capture = captureLCN
		}
		p.rawText, p.text, p.over = p.rawText[:0], p.text[:0], false
	case "programme":
		p.finishChannel()
		return p.opt.StopAtProgramme, nil
	}
	return false, nil
}

// endTag handles </name>.
func (p *parser) endTag(name []byte) {
	switch string(name) {
	case "channel":
		p.finishChannel()
	case "display-name", "lcn":
		if p.capture == captureNone {
			return
		}
		p.flushText()
		if !p.over {
			v := string(bytes.TrimSpace(p.text))
			if p.capture == captureLCN {
				if p.ch.lcn == "" {
					p.ch.lcn = v
				}
			} else if v != "" && len(p.ch.names) < maxNames {
				p.ch.names = append(p.ch.names, v)
			}
		}
		p.capture = captureNone
	}
}

// flushText decodes the pending character data into p.text.
func (p *parser) flushText() {
	if len(p.rawText) > 0 {
		p.appendDecoded(p.rawText, true)
		p.rawText = p.rawText[:0]
	}
}

// appendDecoded converts raw to UTF-8 and, for character data (not CDATA),
// decodes entities, appending to p.text within maxText.
func (p *parser) appendDecoded(raw []byte, entities bool) {
	v := p.convert(raw)
	if entities {
		v = unescape(v)
	}
	appendBounded(&p.text, []byte(v), maxText, &p.over)
}

// decodeAttr converts an attribute value to UTF-8, normalises blanks and
// decodes entities.
func (p *parser) decodeAttr(raw []byte) string {
	if raw == nil {
		return ""
	}
	v := p.convert(raw)
	v = normalizeBlanks(v)
	return unescape(v)
}

// finishChannel adds the channel being read to the guide.
func (p *parser) finishChannel() {
	if !p.inChannel {
		return
	}
	p.inChannel = false
	p.capture = captureNone
	if p.ch.icon == "" {
		return
	}
	if p.g.Len() >= p.opt.MaxChannels {
		p.g.truncated = true
		return
	}
	p.g.add(p.ch.id, p.ch.lcn, p.ch.names, p.ch.icon)
}

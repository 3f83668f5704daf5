package config

// EventArt configures the XC proxy's event art (package xcproxy/eventart).
type EventArt struct {
	// Kind is XC_EVENT_ART: "off" (default), "thumb" or "logo". Playlist
	// channels and live streams whose name reads as a matchup get that
	// picture as their logo.
	Kind string
	// Guide is XC_EVENT_ART_GUIDE: xmltv.php through the proxy gets our
	// thumbnail as the icon of matchup programmes without one.
	Guide bool
}

// eventArt reads XC_EVENT_ART and XC_EVENT_ART_GUIDE.
func (r *reader) eventArt() EventArt {
	e := EventArt{Kind: r.oneOf("XC_EVENT_ART", "off", "off", "thumb", "logo")}
	e.Guide = r.boolean("XC_EVENT_ART_GUIDE", false)
	return e
}

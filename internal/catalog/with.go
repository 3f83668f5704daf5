package catalog

// With returns a catalogue that holds the extra leagues before c's own, so
// their codes, names and aliases win lookups; a league of c whose code an
// extra league also has is left out. Extra leagues are enabled whatever
// their EnvVar says. c itself is unchanged. The demo mode adds its league
// this way.
func (c *Catalog) With(extra ...League) *Catalog {
	taken := make(map[string]bool, len(extra))
	all := make([]League, 0, len(extra)+len(c.leagues))
	for _, l := range extra {
		if !taken[l.Code] {
			taken[l.Code] = true
			all = append(all, l)
		}
	}
	for _, l := range c.leagues {
		if !taken[l.Code] {
			all = append(all, l)
		}
	}
	// c's leagues passed its environment check already.
	return newCatalog(all, func(string) string { return "true" })
}

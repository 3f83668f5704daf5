package match

// expandCode returns the compact city a location shorthand stands for
// ("la" → "losangeles"), or "" when code is not a shorthand. The table is
// the reference renderer's location shorthands plus "lv" and "ne".
// It is a switch, not a map, so there is no global state and no allocation.
func expandCode(code []byte) string {
	switch string(code) {
	case "la":
		return "losangeles"
	case "ny", "nyc":
		return "newyork"
	case "sf":
		return "sanfrancisco"
	case "tb":
		return "tampabay"
	case "gs", "gc":
		return "goldenstate"
	case "okc":
		return "oklahomacity"
	case "no":
		return "neworleans"
	case "sa":
		return "sanantonio"
	case "phx":
		return "phoenix"
	case "por":
		return "portland"
	case "sac":
		return "sacramento"
	case "min":
		return "minnesota"
	case "nj":
		return "newjersey"
	case "stl":
		return "stlouis"
	case "kc":
		return "kansascity"
	case "sd":
		return "sandiego"
	case "sj":
		return "sanjose"
	case "dc":
		return "washington"
	case "chi":
		return "chicago"
	case "det":
		return "detroit"
	case "atl":
		return "atlanta"
	case "mia":
		return "miami"
	case "dal":
		return "dallas"
	case "hou":
		return "houston"
	case "den":
		return "denver"
	case "sea":
		return "seattle"
	case "lv":
		return "lasvegas"
	case "ne":
		return "newengland"
	}
	return ""
}

// codePrefix returns the longest location shorthand that c starts with
// (3 letters before 2, so "nyc…" is read as "nyc", not "ny" + "c…"),
// or 0 when there is none.
func codePrefix(c []byte) int {
	for n := 3; n >= 2; n-- {
		if len(c) > n && expandCode(c[:n]) != "" {
			return n
		}
	}
	return 0
}

// relatedCity reports whether the compact strings p and city name the same
// place through the shorthand table: "la" ↔ "losangeles", or two
// shorthands of the same city ("ny" ↔ "nyc").
func relatedCity(p, city []byte) bool {
	if len(p) == 0 || len(city) == 0 {
		return false
	}
	ep, ec := expandCode(p), expandCode(city)
	switch {
	case ep != "" && ep == string(city):
		return true
	case ec != "" && ec == string(p):
		return true
	case ep != "" && ep == ec:
		return true
	}
	return false
}

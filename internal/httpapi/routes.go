package httpapi

// routes is the whole HTTP API on one screen. Literal segments match in
// any case; "[.png]" marks an optional suffix; {name} is a path parameter.
// Earlier entries win. The XC proxy (/xc/{upstream}/...) is mounted in
// ServeHTTP because its tail has any number of segments.
func (s *Server) routes() []route {
	return compile([]route{
		{path: "/health", kind: kindHealth, handler: s.health},
		{path: "/metrics", kind: kindHealth, handler: s.serveMetrics}, // health kind: never rate limited
		{path: "/info", kind: kindData, handler: s.info},
		{path: "/openapi.json", kind: kindData, handler: s.openapi},
		{path: "/", kind: kindOther, handler: s.page},
		{path: "/favicon.ico", kind: kindOther, handler: noContent},

		// URL builder page: its assets and the JSON it reads.
		{path: "/ui/{file}", kind: kindOther, handler: s.asset},
		{path: "/api/leagues", kind: kindData, handler: s.apiLeagues},
		{path: "/api/{league}/teams", kind: kindData, handler: s.apiTeams},

		// Event art from a title ("NBA 03: Mavs vs Spurs @ 6PM"); before
		// the league routes, which would read "event" as a league.
		{path: "/event/logo[.png]", kind: kindImage, image: s.eventLogo},
		{path: "/event/thumb[.png]", kind: kindImage, image: s.eventThumb},
		{path: "/event/cover[.png]", kind: kindImage, image: s.eventCover},
		{path: "/event/raw", kind: kindData, handler: s.eventRaw},

		// NCAA shorthand: /ncaa/{sport}/... forwards to the unified routes.
		{path: "/ncaa/{sport}/{type}", kind: kindImage, image: s.ncaa},
		{path: "/ncaa/{sport}/{team1}/{type}", kind: kindImage, image: s.ncaa},
		{path: "/ncaa/{sport}/{team1}/{team2}/{type}", kind: kindImage, image: s.ncaa},

		// League images and data.
		{path: "/{league}/logo[.png]", kind: kindImage, image: s.logo},
		{path: "/{league}/thumb[.png]", kind: kindImage, image: s.thumb},
		{path: "/{league}/cover[.png]", kind: kindImage, image: s.cover},
		{path: "/{league}/raw", kind: kindData, handler: s.leagueRaw},

		// Team images and data.
		{path: "/{league}/{team1}/logo[.png]", kind: kindImage, image: s.logo},
		{path: "/{league}/{team1}/thumb[.png]", kind: kindImage, image: s.thumb},
		{path: "/{league}/{team1}/cover[.png]", kind: kindImage, image: s.cover},
		{path: "/{league}/{team1}/raw", kind: kindData, handler: s.teamRaw},

		// Matchup images.
		{path: "/{league}/{team1}/{team2}/logo[.png]", kind: kindImage, image: s.logo},
		{path: "/{league}/{team1}/{team2}/thumb[.png]", kind: kindImage, image: s.thumb},
		{path: "/{league}/{team1}/{team2}/cover[.png]", kind: kindImage, image: s.cover},

		// Deprecated aliases: same output as their replacements, with
		// Deprecation and Link headers naming the successor.
		{path: "/{league}/leaguelogo[.png]", kind: kindImage, image: deprecated("logo", s.logo)},
		{path: "/{league}/leaguethumb[.png]", kind: kindImage, image: deprecated("thumb", s.thumb)},
		{path: "/{league}/leaguecover[.png]", kind: kindImage, image: deprecated("cover", s.cover)},
		{path: "/{league}/{team1}/teamlogo[.png]", kind: kindImage, image: deprecated("logo", s.logo)},
	})
}

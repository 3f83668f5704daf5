package espn

import (
	"context"
	"net/url"
)

// maxBody bounds an ESPN JSON response. The largest real answer (college
// football teams) is a few megabytes.
const maxBody = 16 << 20

// getJSON fetches u and decodes the JSON body into v. A failure is a
// *catalog.UpstreamError: Status for a non-2xx answer, Timeout for a
// deadline. Values of the wrong JSON type are skipped, not fatal.
func (p *Provider) getJSON(ctx context.Context, u string, v any) error {
	return p.get.GetJSON(ctx, u, "GET "+pathOf(u), v)
}

// pathOf returns the path of u for error messages.
func pathOf(u string) string {
	if pu, err := url.Parse(u); err == nil {
		return pu.Path
	}
	return "?"
}

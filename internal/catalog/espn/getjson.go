package espn

import (
	"context"

	"gamethumbs/internal/catalog/providerhttp"
)

// maxBody bounds an ESPN JSON response. The largest real answer (college
// football teams) is a few megabytes.
const maxBody = 16 << 20

// getJSON fetches u and decodes the JSON body into v. A failure is a
// *catalog.UpstreamError: Status for a non-2xx answer, Timeout for a
// deadline. Values of the wrong JSON type are skipped, not fatal.
func (p *Provider) getJSON(ctx context.Context, u string, v any) error {
	return p.get.GetJSON(ctx, u, "GET "+providerhttp.Path(u), v)
}

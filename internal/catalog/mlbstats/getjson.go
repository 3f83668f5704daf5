package mlbstats

import (
	"context"

	"gamethumbs/internal/catalog/providerhttp"
)

// maxBody bounds one answer (a level's teams are well under 1 MB).
const maxBody = 8 << 20

// getJSON fetches a teams answer u into v (see providerhttp.Getter).
func (p *Provider) getJSON(ctx context.Context, u string, v any) error {
	return p.get.GetJSON(ctx, u, "GET /api/v1/teams", v)
}

// text is a JSON scalar read as a trimmed string (numbers as their
// literal); other values give "".
type text = providerhttp.Text

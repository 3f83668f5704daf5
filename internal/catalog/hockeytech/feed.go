package hockeytech

import (
	"context"
	"net/url"

	"gamethumbs/internal/catalog/providerhttp"
)

// maxBody bounds one feed answer.
const maxBody = 8 << 20

// feed calls the modulekit feed with the given view parameters. Errors
// name the view only: the URL carries the key, which is masked in
// transport errors.
func (p *Provider) feed(ctx context.Context, client, key string, params url.Values, v any) error {
	params.Set("feed", "modulekit")
	params.Set("key", key)
	params.Set("client_code", client)
	params.Set("fmt", "json")
	params.Set("lang", "en")
	g := p.get
	g.Redact = providerhttp.Mask(key, "***")
	return g.GetJSON(ctx, p.base+"/feed/?"+params.Encode(), client+" "+params.Get("view"), v)
}

// text is a JSON scalar read as a trimmed string (numbers as their
// literal); other values give "".
type text = providerhttp.Text

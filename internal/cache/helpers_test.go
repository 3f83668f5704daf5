package cache

import "context"

// bg is the context of tier calls in tests.
var bg = context.Background()

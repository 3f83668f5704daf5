package render

// testRenderer renders the package's tests: a derivative cache of the
// default size and a gate of GOMAXPROCS renders.
var testRenderer = New(Config{CacheBytes: DefaultCacheBytes})

package webpenc

import (
	"context"
	goruntime "runtime"
	"time"
)

// Instances are reused: a fresh one costs a new linear memory that
// libwebp then grows page by page, about a third of a thumbnail's encode
// (BenchmarkEncode in cmd/gamethumbs). At most maxInstances encode at
// once (a further Encode waits for one to finish), at most maxIdle wait
// between encodes, one whose memory grew past maxIdleBytes (a picture far
// larger than the service draws) is closed rather than kept, and idle
// ones are closed after idleFor without work, so an idle service holds
// no encoder memory.
var (
	maxInstances = max(2, goruntime.GOMAXPROCS(0))
	slots        = make(chan struct{}, maxInstances)
	idle         = make(chan *instance, maxIdle)
	reaper       = time.AfterFunc(time.Hour, closeIdle)
)

const (
	maxIdle      = 2
	maxIdleBytes = 64 << 20
	idleFor      = time.Minute
)

// encode runs one encode on a pooled instance.
func encode(rgba []byte, w, h, quality, method int, lossless bool) ([]byte, error) {
	ctx := context.Background()
	slots <- struct{}{}
	defer func() { <-slots }()
	var in *instance
	select {
	case in = <-idle:
	default:
		var err error
		if in, err = newInstance(ctx); err != nil {
			return nil, err
		}
	}
	data, err := in.run(ctx, rgba, w, h, quality, method, lossless)
	if err != nil || in.mod.Memory().Size() > maxIdleBytes {
		in.mod.Close(ctx)
		return data, err
	}
	select {
	case idle <- in:
		reaper.Reset(idleFor)
	default:
		in.mod.Close(ctx)
	}
	return data, nil
}

// closeIdle closes every idle instance; the next encode makes a new one.
func closeIdle() {
	for {
		select {
		case in := <-idle:
			in.mod.Close(context.Background())
		default:
			return
		}
	}
}

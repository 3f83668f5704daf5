package cache

import "context"

// WriteBehind returns c with Set taken off the caller's path: the picture
// is queued (at most queue of them) and stored by a goroutine of its own;
// when the queue is full it is dropped (the faster tiers still hold it).
// Get and Delete go to c at once; a Delete may be overtaken by a write
// still queued for the key. For the disk tier, whose Set writes a file.
func WriteBehind(c Cache, queue int) Cache {
	w := &writeBehind{Cache: c, q: make(chan queuedWrite, queue)}
	go func() {
		for q := range w.q {
			_ = c.Set(context.Background(), q.key, q.img)
		}
	}()
	return w
}

type writeBehind struct {
	Cache
	q chan queuedWrite
}

type queuedWrite struct {
	key string
	img *Image
}

// Set queues img; it refuses at once what the tier behind would refuse.
func (w *writeBehind) Set(_ context.Context, key string, img *Image) error {
	if err := lasting(img); err != nil {
		return err
	}
	select {
	case w.q <- queuedWrite{key, img}:
	default: // the writer is behind: skip
	}
	return nil
}

package cache

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Disk is the disk tier of images: an on-disk cache that survives restarts, bounded by the total
// size of its files. Entries are appended as records to segment files
// (about a sixteenth of the bound each, at most 64 MB), so storing a
// picture costs a write to an open file, not a file of its own to create,
// rename and later delete (creating a file is most of the kernel's work
// for a write on ext4). Each record carries its key and a CRC-32C of its
// bytes: a record an interrupted write left torn or garbled, or a foreign
// file, is never served. The oldest segment goes first when the files
// outgrow the bound; an entry read from the older half of the segments is
// appended again, so recently used entries outlive it.
//
// One Disk uses a directory at a time: two processes appending to the
// same segments would overwrite each other's records (a checksum or key
// mismatch, so a miss, never wrong bytes, but a cache that keeps losing
// its entries). OpenDisk takes the directory's lock file and refuses a
// directory in use with ErrDirInUse; Close lets go of it.
type Disk struct {
	dir    string
	lock   *os.File // holds the directory's lock while open (nil where there is none)
	closed bool     // Close was called (with mu held)
	max    int64
	segMax int64 // a segment takes no more records once it is this long
	ttl    time.Duration
	now    func() time.Time

	wmu sync.Mutex // serialises appends

	mu      sync.Mutex
	used    int64
	next    uint64     // number of the next segment
	segs    []*segment // oldest first; records are appended to the last
	entries map[string]*diskRec
}

// segment is one file of records.
type segment struct {
	num  uint64
	f    *os.File
	size int64    // bytes of its records; changed with wmu and mu held
	keys []string // keys of its records (some since written again elsewhere)
}

// diskRec is where the record of a key lies.
type diskRec struct {
	seg       *segment
	off, size int64
	created   time.Time
}

const (
	recMagic   = "GTR1"
	recFixed   = 16 // magic, header length, data length, CRC-32C of header and data
	segSuffix  = ".gtl"
	maxHeader  = 64 << 10
	maxSegment = 64 << 20
	// Files of the earlier one-file-per-entry layout, removed at open.
	lockName     = "lock" // the directory's lock file (see lockDir)
	legacySuffix = ".gtc"
	legacyTemp   = ".tmp-"
)

// ErrDirInUse is OpenDisk's error for a cache directory another process
// (or another open Disk) is using.
var ErrDirInUse = errors.New("cache dir: in use by another gamethumbs process (give each its own CACHE_DIR)")

// diskHeader is the JSON header of a record. Records written before ETag
// and Sum were kept have neither: their ETag is ETagOf their bytes.
type diskHeader struct {
	Key         string    `json:"key"`
	ContentType string    `json:"type"`
	Created     time.Time `json:"created"`
	ETag        string    `json:"etag,omitempty"`
	Sum         string    `json:"sum,omitempty"` // ETagOf the data
}

// OpenDisk opens (creating if needed) the cache directory dir, indexes the
// records of the segments already there (cutting off a torn tail an
// interrupted write left), removes files of the earlier layout and evicts
// down to maxBytes. Entries older than ttl are not served.
func OpenDisk(dir string, maxBytes int64, ttl time.Duration) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache dir: %w", err)
	}
	lock, err := lockDir(dir)
	if err != nil {
		if errors.Is(err, ErrDirInUse) {
			return nil, err
		}
		return nil, fmt.Errorf("cache dir: %w", err)
	}
	d := &Disk{dir: dir, lock: lock, max: maxBytes, segMax: min(max(maxBytes/16, 1), maxSegment), ttl: ttl, now: time.Now,
		entries: make(map[string]*diskRec)}
	names, err := os.ReadDir(dir) // sorted by name: segments in the order written
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("cache dir: %w", err)
	}
	for _, e := range names {
		name := e.Name()
		if strings.HasPrefix(name, legacyTemp) || strings.HasSuffix(name, legacySuffix) {
			os.Remove(filepath.Join(dir, name))
			continue
		}
		num, ok := segmentNumber(name)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_RDWR, 0)
		if err != nil {
			continue
		}
		s := &segment{num: num, f: f}
		d.scan(s)
		d.segs = append(d.segs, s)
		d.used += s.size
		d.next = num + 1
	}
	d.mu.Lock()
	d.evict()
	d.mu.Unlock()
	return d, nil
}

// segmentNumber parses a segment's file name (16 hex digits and the suffix).
func segmentNumber(name string) (uint64, bool) {
	hex, ok := strings.CutSuffix(name, segSuffix)
	if !ok || len(hex) != 16 {
		return 0, false
	}
	n, err := strconv.ParseUint(hex, 16, 64)
	return n, err == nil
}

func (d *Disk) segmentPath(num uint64) string {
	return filepath.Join(d.dir, fmt.Sprintf("%016x%s", num, segSuffix))
}

// scan indexes the records of s up to the first one that does not fit in
// the file or has no readable header, and cuts the file there. Contents
// are checked when read (Get), not here, so opening reads headers only.
func (d *Disk) scan(s *segment) {
	info, err := s.f.Stat()
	if err != nil {
		return
	}
	var fixed [recFixed]byte
	off, end := int64(0), info.Size()
	for off+recFixed <= end {
		if _, err := s.f.ReadAt(fixed[:], off); err != nil || string(fixed[:4]) != recMagic {
			break
		}
		hl, dl := int64(binary.BigEndian.Uint32(fixed[4:])), int64(binary.BigEndian.Uint32(fixed[8:]))
		size := recFixed + hl + dl
		if hl > maxHeader || off+size > end {
			break
		}
		head := make([]byte, hl)
		var h diskHeader
		if _, err := s.f.ReadAt(head, off+recFixed); err != nil || json.Unmarshal(head, &h) != nil {
			break
		}
		if d.live(h.Created) {
			d.entries[h.Key] = &diskRec{seg: s, off: off, size: size, created: h.Created}
			s.keys = append(s.keys, h.Key)
		}
		off += size
	}
	if off < end {
		s.f.Truncate(off) // the tail of a write that did not finish
	}
	s.size = off
}

// sound reports whether a record (whose checksum matched) is the whole
// picture of key: its own key, bytes, a content type, its ETag a quoted
// validator, and its bytes the ones it was written with (Sum, the ETagOf
// of the bytes; records written before Sum have none). Anything else is a
// miss, rendered again and written anew.
func (h *diskHeader) sound(key string, data []byte) bool {
	return h.Key == key && len(data) > 0 && h.ContentType != "" &&
		(h.ETag == "" || validETag(h.ETag)) && (h.Sum == "" || h.Sum == ETagOf(data))
}

// live reports whether an entry created then is still served (no ttl:
// always).
func (d *Disk) live(created time.Time) bool {
	return d.ttl <= 0 || d.now().Before(created.Add(d.ttl))
}

// Get returns the live picture of key.
func (d *Disk) Get(_ context.Context, key string) (*Image, bool) {
	d.mu.Lock()
	r, ok := d.entries[key]
	if ok && !d.live(r.created) {
		delete(d.entries, key) // the bytes go with their segment
		ok = false
	}
	if !ok {
		d.mu.Unlock()
		return nil, false
	}
	old := r.seg.num < d.segs[len(d.segs)/2].num
	d.mu.Unlock()

	raw := make([]byte, r.size)
	if n, err := r.seg.f.ReadAt(raw, r.off); n < len(raw) {
		_ = err // evicted meanwhile (file closed) or cut short: a miss
		d.forget(key, r)
		return nil, false
	}
	h, data, err := decodeRecord(raw)
	if err != nil || !h.sound(key, data) {
		d.forget(key, r)
		return nil, false
	}
	if old {
		d.wmu.Lock()
		d.mu.Lock()
		again := d.entries[key] == r
		d.mu.Unlock()
		if again {
			d.append(key, raw, nil, r.created)
		}
		d.wmu.Unlock()
	}
	img := &Image{Data: data, ContentType: h.ContentType, ETag: h.ETag, Modified: h.Created.UTC().Truncate(time.Second)}
	if img.ETag == "" {
		img.ETag = ETagOf(data)
	}
	return img, true
}

// Delete removes key's picture (its bytes go with their segment).
func (d *Disk) Delete(_ context.Context, key string) {
	d.mu.Lock()
	delete(d.entries, key)
	d.mu.Unlock()
}

// forget drops the index entry r of key unless key was written again.
func (d *Disk) forget(key string, r *diskRec) {
	d.mu.Lock()
	if d.entries[key] == r {
		delete(d.entries, key)
	}
	d.mu.Unlock()
}

// Set stores img under key and evicts the oldest segments beyond the
// bound. The picture is served once its record is written whole. One
// larger than the whole cache is not stored; a degraded one fails with
// ErrDegraded, an incomplete one with ErrIncomplete. Set writes to the
// file before it returns: callers on a request's path queue it
// (WriteBehind).
func (d *Disk) Set(_ context.Context, key string, img *Image) error {
	if err := lasting(img); err != nil {
		return err
	}
	head, err := json.Marshal(diskHeader{Key: key, ContentType: img.ContentType, Created: img.Modified,
		ETag: img.ETag, Sum: ETagOf(img.Data)})
	if err != nil {
		return err
	}
	data := img.Data
	if int64(recFixed+len(head)+len(data)) > d.max || len(head) > maxHeader {
		return nil
	}
	prefix := make([]byte, recFixed, recFixed+len(head))
	copy(prefix, recMagic)
	binary.BigEndian.PutUint32(prefix[4:], uint32(len(head)))
	binary.BigEndian.PutUint32(prefix[8:], uint32(len(data)))
	binary.BigEndian.PutUint32(prefix[12:], crc32.Update(crc32.Checksum(head, castagnoli), castagnoli, data))
	prefix = append(prefix, head...)
	d.wmu.Lock()
	defer d.wmu.Unlock()
	return d.append(key, prefix, data, img.Modified)
}

// append writes the record a+b of key at the end of the last segment
// (starting a new one when it is full) and indexes it. d.wmu held.
func (d *Disk) append(key string, a, b []byte, created time.Time) error {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return os.ErrClosed
	}
	var s *segment
	if n := len(d.segs); n > 0 && d.segs[n-1].size < d.segMax {
		s = d.segs[n-1]
	}
	d.mu.Unlock()
	if s == nil {
		var err error
		if s, err = d.newSegment(); err != nil {
			return err
		}
	}
	size := int64(len(a) + len(b))
	_, err := s.f.WriteAt(a, s.size)
	if err == nil && len(b) > 0 {
		_, err = s.f.WriteAt(b, s.size+int64(len(a)))
	}
	if err != nil {
		s.f.Truncate(s.size) // best effort; a leftover tail is cut at the next open
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.entries[key] = &diskRec{seg: s, off: s.size, size: size, created: created}
	s.keys = append(s.keys, key)
	s.size += size
	d.used += size
	d.evict()
	return nil
}

// newSegment creates the next segment file and makes it the last one.
// d.wmu held.
func (d *Disk) newSegment() (*segment, error) {
	d.mu.Lock()
	num := d.next
	d.mu.Unlock()
	for {
		f, err := os.OpenFile(d.segmentPath(num), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			num++ // not ours: leave it alone
			continue
		}
		if err != nil {
			return nil, err
		}
		s := &segment{num: num, f: f}
		d.mu.Lock()
		d.segs = append(d.segs, s)
		d.next = num + 1
		d.mu.Unlock()
		return s, nil
	}
}

// evict removes the oldest segments until the total fits. d.mu held.
func (d *Disk) evict() {
	for d.used > d.max && len(d.segs) > 0 {
		s := d.segs[0]
		d.segs[0] = nil
		d.segs = d.segs[1:]
		s.f.Close() // a Get reading it now misses
		os.Remove(d.segmentPath(s.num))
		d.used -= s.size
		for _, k := range s.keys {
			if r := d.entries[k]; r != nil && r.seg == s {
				delete(d.entries, k)
			}
		}
	}
}

// Close closes the segment files and lets go of the directory's lock, so
// another Disk may open it. Gets and Puts after Close miss and fail.
func (d *Disk) Close() error {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	for _, s := range d.segs {
		s.f.Close()
	}
	d.segs = nil
	clear(d.entries)
	d.used = 0
	if d.lock == nil {
		return nil
	}
	err := d.lock.Close()
	d.lock = nil
	return err
}

// Used reports the bytes of the cache files.
func (d *Disk) Used() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.used
}

// decodeRecord checks a whole record (fixed part, header, data) read from
// a segment and splits it.
func decodeRecord(raw []byte) (diskHeader, []byte, error) {
	var h diskHeader
	if len(raw) < recFixed || string(raw[:4]) != recMagic {
		return h, nil, errors.New("not a cache record")
	}
	hl, dl := int64(binary.BigEndian.Uint32(raw[4:])), int64(binary.BigEndian.Uint32(raw[8:]))
	if hl > maxHeader || recFixed+hl+dl != int64(len(raw)) {
		return h, nil, errors.New("corrupt cache record")
	}
	if crc32.Checksum(raw[recFixed:], castagnoli) != binary.BigEndian.Uint32(raw[12:]) {
		return h, nil, errors.New("cache record fails its checksum")
	}
	if err := json.Unmarshal(raw[recFixed:recFixed+hl], &h); err != nil {
		return h, nil, err
	}
	return h, raw[recFixed+hl:], nil
}

package render

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"weak"

	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

// weakLogo is a pixelSource as the fetcher's handles are: it holds its
// last decode weakly and decodes again (counted) once that is collected.
type weakLogo struct {
	src     *image.NRGBA
	mu      sync.Mutex
	px      weak.Pointer[image.RGBA]
	decodes atomic.Int64
}

func (l *weakLogo) ColorModel() color.Model { return color.RGBAModel }
func (l *weakLogo) Bounds() image.Rectangle { return l.src.Rect }
func (l *weakLogo) At(x, y int) color.Color { return l.Pixels().At(x, y) }
func (l *weakLogo) HeldBytes() int64        { return 40 << 10 }
func (l *weakLogo) Pixels() *image.RGBA {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p := l.px.Value(); p != nil {
		return p
	}
	l.decodes.Add(1)
	dst := image.NewRGBA(l.src.Rect)
	draw.Draw(dst, dst.Rect, l.src, image.Point{}, draw.Src)
	l.px = weak.Make(dst)
	return dst
}

func weakTeam(i int) (Team, *weakLogo) {
	fg := color.NRGBA{uint8(40 + 50*i), uint8(200 - 40*i), 90, 255}
	l := &weakLogo{src: rendertest.Logo(rendertest.Shield, 500, fg, color.NRGBA{255, 255, 255, 255})}
	return Team{Name: "Team", Abbr: "T", Color: colorOf(fg), AltColor: colorOf(fg), Logo: l}, l
}

// TestLogoDecodedOnceAcrossSizes: with the thumbnail and the cover in use,
// a new team's logo is decoded once for both, however often the collector
// runs between them, and let go once both sprites are built.
func TestLogoDecodedOnceAcrossSizes(t *testing.T) {
	r := New(Config{CacheBytes: 48 << 20})
	render := func(a, b Team, kind Kind) {
		t.Helper()
		sz := aspects[kind][0]
		img, err := r.Render(context.Background(), matchupScene(a, b), Options{Kind: kind, Width: sz.X, Height: sz.Y, Style: 1})
		if err != nil {
			t.Fatal(err)
		}
		raster.Release(img)
	}
	// Both sizes in use.
	c, _ := weakTeam(0)
	d, _ := weakTeam(1)
	render(c, d, KindThumb)
	render(c, d, KindCover)

	a, la := weakTeam(2)
	b, lb := weakTeam(3)
	render(a, b, KindThumb)
	if !r.cache.pins.held(la) || !r.cache.pins.held(lb) {
		t.Fatal("a team drawn at one of two sizes in use is not pinned")
	}
	runtime.GC()
	runtime.GC()
	render(a, b, KindCover)
	if n := la.decodes.Load() + lb.decodes.Load(); n != 2 {
		t.Errorf("%d decodes of two new logos drawn at two sizes with a collection between, want 2", n)
	}
	if r.cache.pins.held(la) || r.cache.pins.held(lb) {
		t.Error("a logo stays pinned after its sprites of every size in use are built")
	}
}

// TestPinsFollowSizesInUse: a logo is pinned only while a size in use
// lacks its sprite; a size not drawn for a day no longer counts; the
// pins' bytes are bounded.
func TestPinsFollowSizesInUse(t *testing.T) {
	now := time.Unix(1e9, 0)
	ps := newPins(3 << 20)
	ps.now = func() time.Time { return now }
	thumb, cover := spriteClass{side: 540}, spriteClass{side: 500}
	px := image.NewRGBA(image.Rect(0, 0, 500, 500)) // 1 MB
	a, b := &weakLogo{}, &weakLogo{}

	ps.use(thumb)
	ps.built(a, px, thumb)
	if ps.held(a) {
		t.Fatal("pinned although the only size in use is built")
	}
	ps.use(cover)
	ps.built(a, px, thumb)
	if !ps.held(a) {
		t.Fatal("not pinned while the cover size lacks its sprite")
	}
	ps.built(a, px, cover)
	if ps.held(a) {
		t.Fatal("still pinned with both sprites built")
	}
	now = now.Add(classInUse + time.Minute)
	ps.use(thumb)
	ps.built(b, px, thumb)
	if ps.held(b) {
		t.Fatal("pinned for a size not drawn for a day")
	}
	ps.use(cover)
	for range 5 {
		ps.built(&weakLogo{}, px, thumb)
	}
	if got := ps.px.Stats().Bytes; got > 3<<20 {
		t.Fatalf("pins hold %d bytes, bound %d", got, 3<<20)
	}
}

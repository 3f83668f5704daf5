package webpenc

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"image"
	"io"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// libwebp.wasm.gz is lib/webp.wasm.gz of github.com/gen2brain/webp
// v0.5.5, byte for byte (TestModuleIsUpstreams checks its SHA-256): libwebp
// v1.4.0 built with the WASI SDK, exporting malloc, free, encode and
// decode, importing nothing. Its encode is, in C:
//
//	uint8_t *encode(uint8_t *rgba, int w, int h, size_t *size, int colorspace,
//	                int quality, int method, int lossless, int exact);
//
// It returns a malloc'ed WebP file and stores its length in *size (0 and
// NULL on failure).
//
//go:embed libwebp.wasm.gz
var moduleGz []byte

// memoryLimitPages bounds one instance's linear memory: 4096 pages of
// 64 KiB, 256 MiB, several times what a 1920x1440 encode needs.
const memoryLimitPages = 4096

var (
	compileOnce sync.Once
	runtime     wazero.Runtime
	module      wazero.CompiledModule
	compileErr  error
)

// compiled returns the compiled module, compiling it at the first call
// (compiling is costly, so it happens once per process and the compiled
// code is kept).
func compiled() (wazero.CompiledModule, error) {
	compileOnce.Do(func() {
		ctx := context.Background()
		zr, err := gzip.NewReader(bytes.NewReader(moduleGz))
		if err != nil {
			compileErr = fmt.Errorf("webp: module: %w", err)
			return
		}
		wasm, err := io.ReadAll(zr)
		if err != nil {
			compileErr = fmt.Errorf("webp: module: %w", err)
			return
		}
		runtime = wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithMemoryLimitPages(memoryLimitPages))
		module, compileErr = runtime.CompileModule(ctx, wasm)
		if compileErr != nil {
			compileErr = fmt.Errorf("webp: compile: %w", compileErr)
		}
	})
	return module, compileErr
}

// instance is one instantiated encoder with its exported functions.
type instance struct {
	mod                  api.Module
	malloc, free, encode api.Function
}

func newInstance(ctx context.Context) (*instance, error) {
	cm, err := compiled()
	if err != nil {
		return nil, err
	}
	// An empty name lets the module be instantiated any number of times;
	// _initialize is the start function of a WASI reactor (C constructors).
	mod, err := runtime.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithName("").WithStartFunctions("_initialize"))
	if err != nil {
		return nil, fmt.Errorf("webp: instantiate: %w", err)
	}
	in := &instance{mod: mod, malloc: mod.ExportedFunction("malloc"), free: mod.ExportedFunction("free"), encode: mod.ExportedFunction("encode")}
	if in.malloc == nil || in.free == nil || in.encode == nil {
		mod.Close(ctx)
		return nil, errors.New("webp: module lacks malloc, free or encode")
	}
	return in, nil
}

// alloc reserves n bytes in the instance's memory.
func (in *instance) alloc(ctx context.Context, n int) (uint32, error) {
	res, err := in.malloc.Call(ctx, uint64(n))
	if err != nil {
		return 0, err
	}
	if res[0] == 0 {
		return 0, fmt.Errorf("webp: out of memory for %d bytes", n)
	}
	return uint32(res[0]), nil
}

// run encodes tightly packed NRGBA rows in this instance. An error may
// leave the instance unusable: the caller drops it.
func (in *instance) run(ctx context.Context, rgba []byte, w, h, quality, method int, lossless bool) ([]byte, error) {
	mem := in.mod.Memory()
	src, err := in.alloc(ctx, len(rgba)+4)
	if err != nil {
		return nil, err
	}
	defer in.free.Call(ctx, uint64(src))
	sizePtr := src + uint32(len(rgba)) // size_t is 32 bits in wasm32
	if !mem.Write(src, rgba) || !mem.WriteUint32Le(sizePtr, 0) {
		return nil, errors.New("webp: write outside the module's memory")
	}
	ll := uint64(0)
	if lossless {
		ll = 1
	}
	res, err := in.encode.Call(ctx, uint64(src), uint64(w), uint64(h), uint64(sizePtr), 0, uint64(quality), uint64(method), ll, 0)
	if err != nil {
		return nil, fmt.Errorf("webp: encode: %w", err)
	}
	out := uint32(res[0])
	n, ok := mem.ReadUint32Le(sizePtr)
	if out == 0 || !ok || n == 0 {
		return nil, errors.New("webp: libwebp could not encode the picture")
	}
	defer in.free.Call(ctx, uint64(out))
	data, ok := mem.Read(out, n)
	if !ok {
		return nil, errors.New("webp: result outside the module's memory")
	}
	return bytes.Clone(data), nil
}

func errSize(b image.Rectangle) error {
	return fmt.Errorf("webp: cannot encode a %dx%d picture (at most %d px a side, %d in all)", b.Dx(), b.Dy(), maxSide, maxEncodedPixels)
}

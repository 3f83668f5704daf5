# syntax=docker/dockerfile:1
#
# gamethumbs container: a static Go binary on distroless (no shell, no
# package manager), running as the non-root user 65532.
#
#   docker build --build-arg VERSION=v1.2.3 -t gamethumbs .
#   docker run --rm -p 3000:3000 gamethumbs              # ESPN data
#   docker run --rm -p 3000:3000 -e DEMO=true gamethumbs # offline demo league
#
# The image is the binary (about 18 MiB: static, stripped; the WebP
# encoder is libwebp as WebAssembly, run in pure Go, no tags needed) plus
# distroless/static (about 2 MB: CA certificates, tzdata, /etc/passwd with
# "nonroot").

ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-alpine AS build
WORKDIR /src
ENV CGO_ENABLED=0 GOFLAGS=-buildvcs=false
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
ARG VERSION=dev
# Reported by /info as git.branch and git.tag (empty when not given).
ARG GIT_BRANCH=
ARG GIT_TAG=
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -ldflags "-s -w -X gamethumbs/internal/buildinfo.Version=${VERSION} -X gamethumbs/internal/buildinfo.Branch=${GIT_BRANCH} -X gamethumbs/internal/buildinfo.Tag=${GIT_TAG}" \
        -o /out/gamethumbs ./cmd/gamethumbs \
 && mkdir -p /out/cache

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gamethumbs /usr/local/bin/gamethumbs
COPY --from=build /src/LICENSE /usr/share/doc/gamethumbs/LICENSE
COPY --from=build /src/internal/fonts/LICENSE-Apache-2.0.txt /src/internal/webpenc/LICENSE-libwebp.txt /src/internal/webpenc/LICENSE-gen2brain-webp.txt /usr/share/doc/gamethumbs/
# CACHE_DIR target, owned by the runtime user so a named volume mounted
# here is writable.
COPY --from=build --chown=65532:65532 /out/cache /var/cache/gamethumbs
USER 65532:65532
ENV PORT=3000
EXPOSE 3000
# The binary checks itself: GET http://127.0.0.1:$PORT/health, exit 0 or 1.
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/gamethumbs", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/gamethumbs"]

// Package render draws the pictures of gamethumbs: league, team and
// matchup thumbnails, covers and logos in every style. It is pure: no
// HTTP, no provider calls, no files. It takes a Scene (league, teams with
// decoded logos and colours) and Options and returns an image or writes
// a PNG (internal/pngenc encodes); the pixel work itself (canvases,
// blending, shapes, gradients, blur, scaling, sprites) is internal/raster's.
//
// A Renderer holds what renders share: the Gate bounding how many run at
// once (the service's one render gate: the image store admits jobs
// through it and holds a slot of it for each) and the byte-bounded cache
// of logo derivatives (scaled logos, sprites, shadow and text masks, logo
// statistics) on internal/lru.
// Build one with New and call Render, RenderPNG or Wordmark on it;
// Release recycles a rendered image; Options.Validate checks options.
//
// Layout of the package:
//
//   - renderer.go, gate.go, logocache.go, held.go, warm.go: the Renderer,
//     its gate and derivative cache, what one render holds of the cache,
//     and the parallel warming of a matchup's logo sprites.
//   - render.go, options.go, errors.go, scene.go: entry point, painter,
//     validation, the Scene and Options types.
//   - band.go: RenderPNG, which paints thumbnails and covers in bands of
//     about a megabyte and encodes each as soon as it is painted. Drawing
//     code therefore takes its geometry from the painter (W, H, full),
//     never from the bounds of the image it draws on, and clips to that
//     image.
//   - masks.go, shadow_soft.go, layer.go, logo_shadow.go: cached path
//     masks, soft shadows, background layers and shape shadows (the
//     caching of raster's primitives).
//   - logo.go, logoid.go, contrast.go: logo handling (trim, scaling,
//     greyscale, logo+shadow+halo sprites keyed by logo identity) and the
//     colour-clash rule.
//   - legibility.go, trace.go: the legibility rule (OKLab colour
//     difference over a logo's edge and body) behind variant choice,
//     alternate fills and the halo rescue; WithLogoTrace and Legibility
//     measure finished pictures (the hardcase package's tests use them).
//   - bust.go: athletes' headshots, anchored on an edge or in a circle.
//   - text.go, badge.go, wordmark.go: embedded Roboto (internal/fonts),
//     measuring, fitting, wrapping and drawing text; the quality badge;
//     the wordmark card of a league without a logo.
//   - league.go, team.go, matchup.go and matchup_split.go (styles 1-2),
//     matchup_badge.go (3-4), matchup_grid.go (5-6), matchup_emboss.go,
//     emboss_overlay.go, emboss_texture.go and emboss_paint.go (98-99),
//     matchup_stadium.go and matchup_stadium_photo.go (10-13: the home
//     venue, its graded photo kept per Renderer): one file per family of
//     pictures.
//   - logo_kind.go (KindLogo entry, trim, badge), logo_matchup.go (logo
//     styles 1-2 and the compact card), logo_badges.go (3-6),
//     logo_compact.go (team style=1), skiplogos.go (league style=1 and
//     skipLogos matchups), namecard.go (name mode on logos).
//
// Geometry follows the reference renderer's layouts as fractions of the
// canvas; its pixel values (blur radii, strokes) are given for a 1080-px
// short side and scaled by min(W, H)/1080, so any canvas size gives the
// same picture.
package render

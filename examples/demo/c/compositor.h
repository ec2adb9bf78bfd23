/*
 * A small compositor for the demo hosts: draws an animcore render list (ac_render_list_fill())
 * with Cairo, as Core Animation's render server would (reference core-animation-geometry.md
 * §1.5-1.7 and §3). The engine says where every layer is and what it looks like; this file only
 * turns each entry into Cairo calls. Its Python twin, examples/demo/python/compositor.py, makes
 * the same calls with the same numbers in the same order, so both draw the same pixels.
 *
 * Per entry, in the list's order (header "Render list"; reference §3.1):
 *   background  the bounds filled with background_color, rounded by corner_radius on the
 *               masked_corners (radius clamped to half the shorter side);
 *   contents    the host's own surface registered for the entry's contents token
 *               (compositor_set_contents()), placed by contents_gravity, cropped by
 *               contents_rect, sized by contents_scale, mirrored in y when
 *               AC_RENDER_CONTENTS_FLIPPED, and in nine parts when contents_center is not the
 *               unit rect (0, 0, 1, 1): the corners at their logical size, the edges stretched
 *               along their side, the centre both ways (reference §3.4; caps wider together than
 *               the destination shrink in proportion [INFERRED]);
 *   sublayers   the entries up to subtree_end, recursively (the mask's entries excepted);
 *   border      a ring inside the bounds, border_width wide, inner radius
 *               max(corner_radius - border_width, 0);
 *   AC_RENDER_CLIPS          the contents and subtree clipped to the rounded bounds;
 *   AC_RENDER_OPACITY_GROUP  the layer and its subtree drawn in a Cairo group (the layer as if
 *                            opaque, its subtree at their own alphas, which start at 1 there)
 *                            and the group blended at opacity * alpha; otherwise each drawing
 *                            is multiplied by the entry's alpha;
 *   mask        the mask's entries (AC_RENDER_IS_MASK) drawn into a group of their own whose
 *               alpha masks the layer's group (cairo_mask);
 *   shadow      when shadow_opacity > 0 (and shadow_color has alpha), beneath the layer's
 *               body (§3.1 item 8, §3.3): the body (own drawing, subtree, border, clipped to
 *               the bounds when the entry clips) is drawn once into an offscreen ARGB32 surface
 *               in DEVICE space (cr's identity space: the root's space under the base matrix),
 *               covering cr's clip extents widened by the blur's reach and the offset; its alpha
 *               is blurred by a separable Gaussian in integer arithmetic (weights
 *               round(COMPOSITOR_KERNEL_ONE * exp(-d^2 / (2 sigma^2))), d <= ceil(3 sigma), each
 *               pass rounding sum / total half up; only the non-zero alpha's box widened by
 *               the reach is blurred: the rest is zero), filled with shadow_color at alpha
 *               shadow_color.a * shadow_opacity shifted by the offset, and the body painted
 *               over it. sigma = shadow_radius * sqrt(|det J|) device pixels, J the derivative
 *               of the entry's map (matrix, then base) at the bounds' centre, and the offset
 *               is the image of shadow_offset there: it turns and scales with the layer
 *               (sigma ~ shadowRadius as design tools take it [INFERRED]; for a perspective map
 *               J at the centre stands for the whole layer [INFERRED]; none when the centre is
 *               at or behind the eye). One shadow for the layer and its subtree; a layer
 *               drawing nothing casts none; the entry's own clip (masksToBounds) clips its
 *               shadow too (§3.1 item 7), its mask and opacity group apply to shadow and body
 *               together (the shadow comes before both in §3.1).
 *   instance_color  every colour drawn for the entry (background, border) is multiplied by
 *               it component by component; the contents' red, green and blue channels too (a
 *               copy of the surface, each premultiplied byte v becoming
 *               (v * f + COMPOSITOR_TINT_ONE / 2) / COMPOSITOR_TINT_ONE in integers, f =
 *               round(component * COMPOSITOR_TINT_ONE)), their alpha in the paint's alpha;
 *               the shadow's red, green and blue, its alpha coming from the body it is cast
 *               from, already multiplied (so the instance alpha applies once [INFERRED]);
 *   AC_RENDER_SUBLAYERS_ONLY  a transform layer: nothing of its own (no background, contents,
 *               border or shadow), only its sublayers;
 *   class       with an engine (compositor_set_engine()), a shape layer's shape (between the
 *               contents and the sublayers) and a gradient layer's gradient (over the
 *               background, beneath the contents, clipped to the rounded bounds), read by the
 *               entry's layer handle: compositor_shape.h;
 *   transition  an entry with AC_TRANSITION_IN_EFFECT (header "Transitions in the render
 *               list"): its old image (the snapshot) and its new one (the entry and its
 *               subtree drawn in a group) composited in its place at the entry's offsets and
 *               alphas, by its layering (cross-dissolve: old * old_alpha + new * new_alpha
 *               with Cairo's ADD), both clipped to the rounded bounds when the entry clips.
 *               The snapshot: at AC_TRANSITION_BEGAN, before drawing, the previous list's
 *               entries of the layer (the compositor keeps a copy of the list it last drew)
 *               drawn again into a surface of the target's size in device space; none when
 *               the layer was not drawn (the old image is then empty). A shape or gradient in
 *               the snapshot is drawn from the layer's values at the snapshot [INFERRED: the
 *               engine keeps no older ones; change them before the transition, not with it].
 *               Dropped at AC_TRANSITION_ENDED, at a BEGAN of the same layer, or when the
 *               layer has no entry. An offset is moved in the root's space by the image of the
 *               layer-space offset at the bounds' centre (exact for an affine matrix; for a
 *               layer in perspective, the centre's stands for the whole [INFERRED]).
 *
 * Transforms. An entry's matrix maps its plane to the root's space: p' = p . M, divided by w,
 * for points (x, y, 0, 1). When m14 = m24 = 0 and m44 = 1 the map is affine and the entry is
 * drawn once under the Cairo matrix (m11, m12, m21, m22, m41, m42) after the compositor's base
 * matrix. Otherwise (perspective: a sublayerTransform with m34, a door turned about y) the map
 * is a homography, which Cairo cannot draw; the compositor approximates it piecewise: the
 * bounds, widened by COMPOSITOR_MARGIN on every side (so the antialiased edges survive), are cut
 * into a COMPOSITOR_GRID x COMPOSITOR_GRID grid of cells, each cell into two triangles, and each
 * triangle's drawing is clipped to the triangle's image (without antialiasing, so neighbouring
 * triangles tile the plane without seams) under the one affine map that takes the triangle's
 * three corners exactly where the homography does. The pieces meet along their edges (the
 * approximation is continuous); inside a cell the error is second order in the cell's size. A
 * triangle with a corner at or behind the eye (w <= 0) is not drawn. A clip (masksToBounds) in
 * perspective is the rounded bounds as a polygon (each corner's arc in COMPOSITOR_ARC_STEPS
 * chords) with every vertex projected.
 */
#ifndef ANIMCORE_DEMO_COMPOSITOR_H
#define ANIMCORE_DEMO_COMPOSITOR_H

#include "compositor_shape.h"

#include <animcore.h>
#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

#define COMPOSITOR_MAX_CONTENTS 16 /* the host's contents table */
#define COMPOSITOR_GRID 16         /* cells per side of a layer drawn in perspective */
#define COMPOSITOR_MARGIN 2.0      /* how far (in the layer's units) the grid reaches past the bounds */
#define COMPOSITOR_ARC_STEPS 8     /* chords per rounded corner of a clip in perspective */
#define COMPOSITOR_BLUR_SIGMAS 3.0      /* the shadow blur's kernel reaches 3 sigma */
#define COMPOSITOR_BLUR_MAX_REACH 64    /* ... but at most 64 device pixels either side */
#define COMPOSITOR_KERNEL_ONE 4096      /* the kernel's fixed point: the centre weight */
#define COMPOSITOR_TINT_ONE 65536       /* an instance colour component's fixed point: 1 */
#define COMPOSITOR_MAX_SNAPSHOTS 16     /* transitions' old images kept at once */

/* A transition's old image: the layer's last drawing, in device pixels. */
typedef struct compositor_snapshot {
    ac_layer layer;
    uint64_t id;              /* the transition's id */
    cairo_surface_t *surface; /* owned; NULL: the layer was not drawn */
    cairo_matrix_t base;      /* the root's space into the surface's pixels */
} compositor_snapshot;

typedef struct compositor {
    int count;
    uint64_t tokens[COMPOSITOR_MAX_CONTENTS];
    cairo_surface_t *surfaces[COMPOSITOR_MAX_CONTENTS]; /* not owned */
    ac_engine *engine;         /* NULL: shape and gradient layers draw as plain layers */
    compositor_layer_keys keys;
    ac_render_entry *previous; /* a copy of the list drawn last (owned) */
    size_t previous_count, previous_capacity;
    int snapshot_count;
    compositor_snapshot snapshots[COMPOSITOR_MAX_SNAPSHOTS];
} compositor;

void compositor_init(compositor *c);
/* Lets the compositor read shape and gradient layers' values from engine (by layer handle). */
void compositor_set_engine(compositor *c, ac_engine *engine);
/* Frees what the compositor holds (its copy of the last list, its snapshots). */
void compositor_finish(compositor *c);
/* Registers (or replaces) the surface drawn for layers whose "contents" token is token (not 0). */
void compositor_set_contents(compositor *c, uint64_t token, cairo_surface_t *surface);
/*
 * Draws entries[0 .. count) (a render list, its root first) onto cr, under cr's current matrix
 * (the root's space mapped by it). cr's state is restored afterwards. Takes and drops the
 * transitions' snapshots the entries ask for and keeps a copy of the list for the next draw.
 */
void compositor_draw(compositor *c, cairo_t *cr, const ac_render_entry *entries, size_t count);

#endif

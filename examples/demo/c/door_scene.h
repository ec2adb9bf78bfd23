/*
 * Seed 003's door (Listing 9.2) as a layer tree, shared by the demos that show it: a 300 x 300
 * container whose sublayerTransform has the perspective m34 = -1/500; the doorway; the door
 * (frame 128 x 256, position (86, 150), anchorPoint (0, 0.5): it turns about its left edge) with
 * the host's "Door.png" as contents, rounded corners that clip it, a border, and a window: a
 * sublayer at opacity 0.7 (an opacity group) whose mask is a rounded layer.
 */
#ifndef DOOR_SCENE_H
#define DOOR_SCENE_H

#include "compositor.h"

#define DOOR_SCENE_SIZE 300 /* the container, and the screen, in points */

typedef struct door_scene {
    ac_layer container, doorway, door, window, window_mask;
    cairo_surface_t *image; /* "Door.png", the door's contents */
} door_scene;

/* Builds the tree in engine and gives comp the door's image under its contents token. */
void door_scene_build(ac_engine *engine, compositor *comp, door_scene *scene);

/* Releases the layers and the image (before the engine is destroyed). */
void door_scene_release(ac_engine *engine, door_scene *scene);

#endif

// Stand-in for the canvas library's include/Surface.h: a bitmap with a logical size (dp) and an
// actual size (pixels = logical * display scale).
#ifndef _CANVAS_SURFACE_H_
#define _CANVAS_SURFACE_H_

#include <PackedImageData.h>

namespace canvas {
  class Surface {
  public:
    Surface(unsigned int logical_width, unsigned int logical_height, unsigned int actual_width, unsigned int actual_height)
      : logical_width(logical_width), logical_height(logical_height), actual_width(actual_width), actual_height(actual_height) { }
    Surface(const Surface &) = delete;
    Surface & operator=(const Surface &) = delete;
    virtual ~Surface() = default;

    unsigned int getLogicalWidth() const { return logical_width; }
    unsigned int getLogicalHeight() const { return logical_height; }
    unsigned int getActualWidth() const { return actual_width; }
    unsigned int getActualHeight() const { return actual_height; }

  private:
    unsigned int logical_width, logical_height, actual_width, actual_height;
  };
};

#endif

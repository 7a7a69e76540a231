// Stand-in for the canvas library's include/PackedImageData.h: pixels in one InternalFormat,
// level 0 then each mip level (each half the size, rounded up), rows with no padding.
// Only the uncompressed formats; block-compressed data is out of the stand-in's scope.
#ifndef _PACKEDIMAGEDATA_H_
#define _PACKEDIMAGEDATA_H_

#include <InternalFormat.h>

#include <cstddef>
#include <cstring>
#include <memory>

namespace canvas {
  class PackedImageData {
  public:
    PackedImageData(InternalFormat format, unsigned short width, unsigned short height, unsigned short levels,
                    const unsigned char * input = nullptr)
      : format(format), width(width), height(height), levels(levels),
        data(new unsigned char[calculateSize(width, height, levels, format)]) {
      size_t n = calculateSize();
      if (input) std::memcpy(data.get(), input, n); else std::memset(data.get(), 0, n);
    }

    unsigned short getWidth() const { return width; }
    unsigned short getHeight() const { return height; }
    unsigned short getLevels() const { return levels; }
    InternalFormat getInternalFormat() const { return format; }
    unsigned short getBytesPerPixel() const { return getBytesPerPixel(format); }
    unsigned short getBytesPerRow() const { return getBytesPerRow(width, format); }

    static unsigned short getBytesPerPixel(InternalFormat f) {
      switch (f) {
      case R8: case LA44: return 1;
      case RG8: case RGB565: case RGBA4: case LUMINANCE_ALPHA: case RGB555: case RGBA5551: return 2;
      case RGBA8: case RGB8: case R32F: return 4;
      default: return 0;
      }
    }
    static unsigned short getBytesPerRow(unsigned short w, InternalFormat f) { return (unsigned short)(w * getBytesPerPixel(f)); }
    static size_t calculateSize(unsigned short w, unsigned short h, unsigned short levels, InternalFormat f) {
      size_t total = 0;
      for (unsigned short l = 0; l < levels; l++) {
        total += size_t(h) * getBytesPerRow(w, f);
        w = (unsigned short)((w + 1) / 2);
        h = (unsigned short)((h + 1) / 2);
      }
      return total;
    }
    size_t calculateSize() const { return calculateSize(width, height, levels, format); }
    const unsigned char * getData() const { return data.get(); }
    unsigned char * getData() { return data.get(); }

  private:
    InternalFormat format;
    unsigned short width, height, levels;
    std::shared_ptr<unsigned char[]> data;
  };
};

#endif

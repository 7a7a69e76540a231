// Stand-in for the canvas library's include/PackedImageData.h: pixels in one InternalFormat,
// level 0 then each mip level (each half the size, rounded up), rows with no padding.
// Only the uncompressed formats; block-compressed data is out of the stand-in's scope.
// Packing from an ImageData writes the 16-bit formats as a Linux build of canvas cebec78 does
// (src/FloydSteinberg.cpp and src/PackedImageData.cpp without __APPLE__ / __ANDROID__): RGB565
// and RGBA4 with BLUE in the high bits, RGB555 and RGBA5551 with red in bits 10-14 (and alpha in
// bit 15); little-endian words. Channels are truncated (canvas dithers; the bit layout is what
// the stand-in is for). One level only.
#ifndef _PACKEDIMAGEDATA_H_
#define _PACKEDIMAGEDATA_H_

#include <ImageData.h>
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

    PackedImageData(InternalFormat format, unsigned short levels, const ImageData & input)
      : PackedImageData(format, input.getWidth(), input.getHeight(), levels) {
      const unsigned char * in = input.getData();
      const unsigned n = unsigned(width) * height, ch = input.getNumChannels();
      if (ch != 4) return;  // the stand-in packs 4-channel input only
      for (unsigned i = 0; i < n; i++) {
        const unsigned r = in[4 * i], g = in[4 * i + 1], b = in[4 * i + 2], a = in[4 * i + 3];
        unsigned word = 0;
        switch (format) {
        case RGB565: word = (r >> 3) | ((g >> 2) << 5) | ((b >> 3) << 11); break;          // PACK_RGB565(R, G, B)
        case RGBA4: word = ((b >> 4) << 12) | ((g >> 4) << 8) | ((r >> 4) << 4) | (a >> 4); break;
        case RGB555: word = (b >> 3) | ((g >> 3) << 5) | ((r >> 3) << 10); break;          // PACK_RGB555(B, G, R)
        case RGBA5551: word = (b >> 3) | ((g >> 3) << 5) | ((r >> 3) << 10) | ((a >> 7) << 15); break;
        case RGBA8: std::memcpy(data.get() + 4 * i, in + 4 * i, 4); continue;
        default: return;  // other formats: left zero (out of the stand-in's scope)
        }
        data.get()[2 * i] = (unsigned char)(word & 0xff);
        data.get()[2 * i + 1] = (unsigned char)(word >> 8);
      }
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

// Stand-in for the canvas library's include/ImageData.h: decoded pixels, `num_channels` bytes per
// pixel (4: R, G, B, A), rows with no padding. Only what PackedImageData packs from.
#ifndef _IMAGEDATA_H_
#define _IMAGEDATA_H_

#include <cstddef>
#include <cstring>
#include <memory>

namespace canvas {
  class ImageData {
  public:
    ImageData(const unsigned char * input, unsigned short width, unsigned short height, unsigned short num_channels)
      : width(width), height(height), num_channels(num_channels), data(new unsigned char[calculateSize()]) {
      if (input) std::memcpy(data.get(), input, calculateSize()); else std::memset(data.get(), 0, calculateSize());
    }
    unsigned short getWidth() const { return width; }
    unsigned short getHeight() const { return height; }
    unsigned short getNumChannels() const { return num_channels; }
    const unsigned char * getData() const { return data.get(); }
    unsigned char * getData() { return data.get(); }
    size_t calculateSize() const { return size_t(width) * height * num_channels; }
  private:
    unsigned short width, height, num_channels;
    std::unique_ptr<unsigned char[]> data;
  };
};

#endif

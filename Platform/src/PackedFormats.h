// The 16-bit pixel formats as the engine reads them and as the phone shows them: red in the high
// bits (semantics.md section 7: RGB565 rrrrrggggggbbbbb, RGBA4 rrrrggggbbbbaaaa, RGB555
// xrrrrrgggggbbbbb, RGBA5551 rrrrrgggggbbbbba), little-endian words. The canvas library packs
// them differently by the system it is built for (src/FloydSteinberg.cpp, src/PackedImageData.cpp:
// red high only `#if defined __APPLE__ || defined __ANDROID__`; a Linux build puts blue there in
// RGB565 and RGBA4; RGBA5551 keeps alpha in the top bit everywhere). So the platform asks the
// canvas it is linked with, once at start: it packs four known pixels (red, green, blue,
// transparent black) per format through canvas's own packer, reads where each channel's bits
// went, and from then on moves every 16-bit word of an image in that format into the engine's
// layout (docs/decisions/2026-11-28-platform-packed-colours.md).
#ifndef PREVIEW_PACKEDFORMATS_H
#define PREVIEW_PACKEDFORMATS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace preview {

// Where one channel's bits are in a 16-bit word.
struct BitField {
  int shift = 0, width = 0;
  bool operator==(const BitField & o) const { return shift == o.shift && width == o.width; }
};

// A 16-bit format's channel fields (alpha width 0: none).
struct WordLayout {
  BitField red, green, blue, alpha;
  bool operator==(const WordLayout & o) const { return red == o.red && green == o.green && blue == o.blue && alpha == o.alpha; }
  std::string describe() const;  // "r11:5 g5:6 b0:5"
};

// The layout of each 16-bit format the canvas library packs, against the engine's.
class PackedFormats {
 public:
  // Probes the canvas library the platform is linked with (canvas::PackedImageData from
  // canvas::ImageData). Lines for the log, one per format, go to `report`.
  static PackedFormats probeCanvas(std::vector<std::string> & report);

  // The engine's layout of `format` (an InternalFormat ordinal); false for formats that are not
  // 16-bit words with colour channels.
  static bool engineLayout(int format, WordLayout & out);
  // The fields of a word from its probes: red, green, blue and transparent black packed.
  static bool layoutFromProbes(uint16_t red, uint16_t green, uint16_t blue, uint16_t clear, bool hasAlpha, WordLayout & out);

  // The image's bytes in the engine's layout: `data` itself when the canvas packs `format` as
  // the engine reads it (or for any other format), else a converted copy in `scratch`.
  const unsigned char * toEngine(int format, const unsigned char * data, size_t size, std::vector<unsigned char> & scratch) const;
  // Whether words of `format` are rewritten.
  bool converts(int format) const;

  // Sets the canvas's layout of `format` (tests; probeCanvas for the real thing).
  void setCanvasLayout(int format, const WordLayout & layout) { canvas[index(format)] = {true, layout}; }

 private:
  static int index(int format);  // 0..3 for RGB565, RGBA4, RGB555, RGBA5551; -1 otherwise
  struct Known { bool known = false; WordLayout layout; };
  Known canvas[4];
};

}  // namespace preview

#endif

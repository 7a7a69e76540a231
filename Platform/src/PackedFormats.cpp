#include "PackedFormats.h"

#include <ImageData.h>
#include <InternalFormat.h>
#include <PackedImageData.h>


namespace preview {

namespace {

const int formats[4] = {int(canvas::InternalFormat::RGB565), int(canvas::InternalFormat::RGBA4),
                        int(canvas::InternalFormat::RGB555), int(canvas::InternalFormat::RGBA5551)};
const char * const formatNames[4] = {"RGB565", "RGBA4", "RGB555", "RGBA5551"};

// The one run of set bits in `bits` as a field; false when there is none or it has a gap.
bool field(uint16_t bits, BitField & out) {
  if (bits == 0) return false;
  int shift = 0;
  while (!((bits >> shift) & 1)) shift++;
  int width = 0;
  while (shift + width < 16 && ((bits >> (shift + width)) & 1)) width++;
  if ((bits >> (shift + width)) != 0) return false;
  out = {shift, width};
  return true;
}

uint16_t take(uint16_t word, const BitField & f) { return uint16_t((word >> f.shift) & ((1u << f.width) - 1)); }

// One 1x1 pixel (straight R, G, B, A bytes, as canvas's 4-channel ImageData holds them) packed
// into `format` by the canvas library.
uint16_t packOne(int format, unsigned char r, unsigned char g, unsigned char b, unsigned char a) {
  const unsigned char pixel[4] = {r, g, b, a};
  canvas::ImageData image(pixel, 1, 1, 4);
  canvas::PackedImageData packed(canvas::InternalFormat(format), 1, image);
  const unsigned char * d = packed.getData();
  return uint16_t(d[0] | (d[1] << 8));  // a little-endian word, as the engine reads them
}

}  // namespace

std::string WordLayout::describe() const {
  auto one = [](char name, const BitField & f) { return std::string(1, name) + std::to_string(f.shift) + ":" + std::to_string(f.width); };
  std::string s = one('r', red) + " " + one('g', green) + " " + one('b', blue);
  if (alpha.width) s += " " + one('a', alpha);
  return s;
}

int PackedFormats::index(int format) {
  for (int i = 0; i < 4; i++)
    if (formats[i] == format) return i;
  return -1;
}

bool PackedFormats::engineLayout(int format, WordLayout & out) {
  switch (index(format)) {
  case 0: out = {{11, 5}, {5, 6}, {0, 5}, {0, 0}}; return true;    // rrrrrggggggbbbbb
  case 1: out = {{12, 4}, {8, 4}, {4, 4}, {0, 4}}; return true;    // rrrrggggbbbbaaaa
  case 2: out = {{10, 5}, {5, 5}, {0, 5}, {0, 0}}; return true;    // xrrrrrgggggbbbbb
  case 3: out = {{11, 5}, {6, 5}, {1, 5}, {0, 1}}; return true;    // rrrrrgggggbbbbba
  default: return false;
  }
}

bool PackedFormats::layoutFromProbes(uint16_t red, uint16_t green, uint16_t blue, uint16_t clear, bool hasAlpha, WordLayout & out) {
  if (clear != 0) return false;
  uint16_t alpha = hasAlpha ? uint16_t(red & green & blue) : 0;
  WordLayout l;
  if (!field(uint16_t(red & ~alpha), l.red) || !field(uint16_t(green & ~alpha), l.green) || !field(uint16_t(blue & ~alpha), l.blue)) return false;
  if (hasAlpha && !field(alpha, l.alpha)) return false;
  out = l;
  return true;
}

PackedFormats PackedFormats::probeCanvas(std::vector<std::string> & report) {
  PackedFormats p;
  for (int i = 0; i < 4; i++) {
    WordLayout engine, found;
    engineLayout(formats[i], engine);
    bool alpha = engine.alpha.width != 0;
    uint16_t r = packOne(formats[i], 255, 0, 0, 255), g = packOne(formats[i], 0, 255, 0, 255),
             b = packOne(formats[i], 0, 0, 255, 255), clear = packOne(formats[i], 0, 0, 0, 0);
    std::string name = formatNames[i];
    if (!layoutFromProbes(r, g, b, clear, alpha, found) || !(found.red.width == engine.red.width && found.green.width == engine.green.width &&
                                                              found.blue.width == engine.blue.width && found.alpha.width == engine.alpha.width)) {
      report.push_back("canvas packs " + name + " in a layout the platform does not recognise; its images are passed unchanged");
      continue;
    }
    p.setCanvasLayout(formats[i], found);
    report.push_back("canvas packs " + name + " as " + found.describe() +
                     (found == engine ? " (as the engine reads it)" : "; moved to the engine's " + engine.describe()));
  }
  return p;
}

bool PackedFormats::converts(int format) const {
  int i = index(format);
  WordLayout engine;
  return i >= 0 && canvas[i].known && engineLayout(format, engine) && !(canvas[i].layout == engine);
}

const unsigned char * PackedFormats::toEngine(int format, const unsigned char * data, size_t size, std::vector<unsigned char> & scratch) const {
  if (!data || !converts(format)) return data;
  const WordLayout & from = canvas[index(format)].layout;
  WordLayout to;
  engineLayout(format, to);
  scratch.assign(data, data + size);
  for (size_t i = 0; i + 1 < size; i += 2) {
    uint16_t w = uint16_t(data[i] | (data[i + 1] << 8));  // little-endian words, as the engine reads them
    uint16_t v = uint16_t(take(w, from.red) << to.red.shift | take(w, from.green) << to.green.shift | take(w, from.blue) << to.blue.shift);
    if (to.alpha.width) v = uint16_t(v | take(w, from.alpha) << to.alpha.shift);
    scratch[i] = uint8_t(v & 0xff);
    scratch[i + 1] = uint8_t(v >> 8);
  }
  return scratch.data();
}

}  // namespace preview

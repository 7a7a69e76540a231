// The stand-in canvas over Cairo: paths in dp, scaled by the display scale into the surface's
// pixels. (The real canvas library also offsets by half a pixel and draws shadows and text;
// the stand-in needs neither.)
#include <ContextCairo.h>

#include <cmath>
#include <cstdlib>

using namespace canvas;

Color::Color(const std::string & s) {
  auto hex = [&](size_t at, size_t n) { return float(std::strtol(s.substr(at, n).c_str(), nullptr, 16)); };
  if (s.size() == 7 && s[0] == '#') {
    red = hex(1, 2) / 255.0f; green = hex(3, 2) / 255.0f; blue = hex(5, 2) / 255.0f;
  } else if (s.size() == 4 && s[0] == '#') {
    red = hex(1, 1) / 15.0f; green = hex(2, 1) / 15.0f; blue = hex(3, 1) / 15.0f;
  }
}

CairoSurface::CairoSurface(unsigned int lw, unsigned int lh, unsigned int aw, unsigned int ah, unsigned int num_channels)
  : Surface(lw, lh, aw, ah) {
  surface = cairo_image_surface_create(num_channels == 4 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, int(aw), int(ah));
  cr = cairo_create(surface);
}

CairoSurface::~CairoSurface() {
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
}

ContextCairo::ContextCairo(unsigned int width, unsigned int height, unsigned int num_channels, float display_scale)
  : Context(display_scale),
    default_surface(width, height, (unsigned int)(width * display_scale), (unsigned int)(height * display_scale), num_channels) {
  cairo_scale(default_surface.getCairo(), display_scale, display_scale);
}

Context & ContextCairo::beginPath() { cairo_new_path(default_surface.getCairo()); return *this; }
Context & ContextCairo::moveTo(double x, double y) { cairo_move_to(default_surface.getCairo(), x, y); return *this; }
Context & ContextCairo::lineTo(double x, double y) { cairo_line_to(default_surface.getCairo(), x, y); return *this; }
Context & ContextCairo::rect(double x, double y, double w, double h) { cairo_rectangle(default_surface.getCairo(), x, y, w, h); return *this; }
Context & ContextCairo::closePath() { cairo_close_path(default_surface.getCairo()); return *this; }

Context & ContextCairo::arc(double x, double y, double r, double a0, double a1, bool ccw) {
  if (ccw) cairo_arc_negative(default_surface.getCairo(), x, y, r, a0, a1);
  else cairo_arc(default_surface.getCairo(), x, y, r, a0, a1);
  return *this;
}

void ContextCairo::setSource(const Style & style) {
  const Color & c = style.getColor();
  cairo_set_source_rgba(default_surface.getCairo(), c.red, c.green, c.blue, c.alpha);
}

Context & ContextCairo::fill() {
  setSource(fillStyle);
  cairo_fill_preserve(default_surface.getCairo());
  return *this;
}

Context & ContextCairo::stroke() {
  setSource(strokeStyle);
  cairo_set_line_width(default_surface.getCairo(), lineWidth);
  cairo_stroke_preserve(default_surface.getCairo());
  return *this;
}

// Stand-in for the canvas library's include/ContextCairo.h: the Cairo backend. Its surfaces are
// Cairo image surfaces (ARGB32: premultiplied, native-endian 0xAARRGGBB), which a platform's
// setSurface reads through getCairoSurface(), as it would the real library's CairoSurface.
#ifndef _CANVAS_CONTEXTCAIRO_H_
#define _CANVAS_CONTEXTCAIRO_H_

#include <Context.h>

#include <cairo/cairo.h>

namespace canvas {
  class CairoSurface : public Surface {
  public:
    CairoSurface(unsigned int logical_width, unsigned int logical_height, unsigned int actual_width, unsigned int actual_height, unsigned int num_channels);
    ~CairoSurface();
    cairo_surface_t * getCairoSurface() { return surface; }
    cairo_t * getCairo() { return cr; }
  private:
    cairo_surface_t * surface;
    cairo_t * cr;
  };

  class ContextCairo : public Context {
  public:
    ContextCairo(unsigned int width, unsigned int height, unsigned int num_channels = 4, float display_scale = 1.0f);
    CairoSurface & getDefaultSurface() override { return default_surface; }
    Context & beginPath() override;
    Context & moveTo(double x, double y) override;
    Context & lineTo(double x, double y) override;
    Context & rect(double x, double y, double w, double h) override;
    Context & arc(double x, double y, double r, double a0, double a1, bool ccw = false) override;
    Context & closePath() override;
    Context & fill() override;
    Context & stroke() override;
  private:
    void setSource(const Style & style);
    CairoSurface default_surface;
  };

  class CairoContextFactory : public ContextFactory {
  public:
    explicit CairoContextFactory(float display_scale) : ContextFactory(display_scale) { }
    std::unique_ptr<Context> createContext(unsigned int width, unsigned int height, unsigned int num_channels = 4) override {
      return std::unique_ptr<Context>(new ContextCairo(width, height, num_channels, getDisplayScale()));
    }
    std::unique_ptr<Surface> createSurface(unsigned int width, unsigned int height, unsigned int num_channels = 4) override {
      return std::unique_ptr<Surface>(new CairoSurface(width, height, (unsigned int)(width * getDisplayScale()), (unsigned int)(height * getDisplayScale()), num_channels));
    }
  };
};

#endif

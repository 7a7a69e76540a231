// Stand-in for the canvas library's include/Context.h: an HTML5-canvas-like drawing context over
// a default Surface, and the ContextFactory a platform hands out. Only a handful of calls (solid
// colours, rectangles, arcs, paths); the user's real canvas library replaces all of it.
#ifndef _CANVAS_CONTEXT_H_
#define _CANVAS_CONTEXT_H_

#include <Surface.h>

#include <memory>
#include <string>

namespace canvas {
  // A solid colour, straight alpha, components 0...1. Parsed from "#rrggbb" or "#rgb".
  struct Color {
    float red = 0, green = 0, blue = 0, alpha = 1;
    Color() = default;
    Color(float r, float g, float b, float a = 1) : red(r), green(g), blue(b), alpha(a) { }
    explicit Color(const std::string & s);
  };

  // A fill or stroke style; assigning a colour string sets it (`ctx.fillStyle = "#ff0000"`).
  class Style {
  public:
    Style & operator=(const std::string & s) { color = Color(s); return *this; }
    Style & operator=(const Color & c) { color = c; return *this; }
    const Color & getColor() const { return color; }
  private:
    Color color;
  };

  class Context {
  public:
    explicit Context(float display_scale = 1.0f) : display_scale(display_scale) { }
    Context(const Context &) = delete;
    Context & operator=(const Context &) = delete;
    virtual ~Context() = default;

    virtual Surface & getDefaultSurface() = 0;
    virtual Context & beginPath() = 0;
    virtual Context & moveTo(double x, double y) = 0;
    virtual Context & lineTo(double x, double y) = 0;
    virtual Context & rect(double x, double y, double w, double h) = 0;
    virtual Context & arc(double x, double y, double r, double a0, double a1, bool ccw = false) = 0;
    virtual Context & closePath() = 0;
    virtual Context & fill() = 0;
    virtual Context & stroke() = 0;
    Context & fillRect(double x, double y, double w, double h) { beginPath(); rect(x, y, w, h); return fill(); }
    Context & strokeRect(double x, double y, double w, double h) { beginPath(); rect(x, y, w, h); return stroke(); }

    unsigned int getWidth() { return getDefaultSurface().getLogicalWidth(); }
    unsigned int getHeight() { return getDefaultSurface().getLogicalHeight(); }
    float getDisplayScale() const { return display_scale; }

    Style fillStyle, strokeStyle;
    float lineWidth = 1.0f;

  private:
    float display_scale;
  };

  class Image;

  class ContextFactory {
  public:
    explicit ContextFactory(float display_scale) : display_scale(display_scale) { }
    virtual ~ContextFactory() { }
    virtual std::unique_ptr<Context> createContext(unsigned int width, unsigned int height, unsigned int num_channels = 4) = 0;
    virtual std::unique_ptr<Surface> createSurface(unsigned int width, unsigned int height, unsigned int num_channels = 4) = 0;
    float getDisplayScale() const { return display_scale; }
  private:
    float display_scale;
  };
};

#endif

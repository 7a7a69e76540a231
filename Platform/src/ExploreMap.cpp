// The map page of a walk: one column per depth, each screen a node with its thumbnail and path,
// each tap a labelled arrow. Drawn by the page itself (inline SVG computed here; no script, no
// outside library), so it opens from disk anywhere.
#include "Explore.h"
#include "ExploreText.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace preview {

namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

struct Box {
  double x0, y0, x1, y1;
  bool meets(const Box & o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// A text's box from its character count: a generous average advance per character at that size (the
// page's sans-serif), so that a label kept clear of a box by this estimate is clear on screen too.
double textWidth(const std::string & text, double size) {
  size_t chars = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) chars++;
  return double(chars) * size * 0.55;
}

// The point at `t` of the cubic curve p0 p1 p2 p3 (one axis).
double cubic(double p0, double p1, double p2, double p3, double t) {
  const double u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

}  // namespace

std::string explorerMapPage(const std::vector<ExploreScreen> & screens, const std::vector<ExploreEdge> & edges,
                            double aspect) {
  const double thumbW = 108, thumbH = std::min(240.0, thumbW * aspect), colW = 300, rowH = thumbH + 70, pad = 30;
  std::map<int, int> perDepth;  // screens placed so far in each column
  std::vector<std::pair<double, double> > at(screens.size());
  int maxDepth = 0, maxRows = 0;
  for (size_t i = 0; i < screens.size(); i++) {
    int d = screens[i].depth, row = perDepth[d]++;
    at[i] = {pad + d * colW, pad + 30 + row * rowH};
    maxDepth = std::max(maxDepth, d);
    maxRows = std::max(maxRows, row + 1);
  }
  const double width = pad * 2 + (maxDepth + 1) * colW, height = pad * 2 + 30 + maxRows * rowH;
  // Arrows between two screens, their labels joined; taps that stay on their screen are listed.
  std::map<std::pair<int, int>, std::vector<std::string> > arrows;
  std::map<int, std::vector<std::string> > stays;
  int failed = 0;
  for (auto & e : edges) {
    if (e.to < 0) failed++;
    else if (e.to == e.from) stays[e.from].push_back(e.label);
    else arrows[{e.from, e.to}].push_back(e.label);
  }
  // What a label must not cover: each screen's frame and the lines under it.
  std::vector<Box> taken;
  for (size_t i = 0; i < screens.size(); i++) {
    const double x = at[i].first, y = at[i].second;
    double textW = textWidth(screens[i].name + " · " + screens[i].title, 12);
    if (stays.count(int(i))) textW = std::max(textW, textWidth("00 tap(s) stay here", 11));
    taken.push_back({x - 4, y - 4, x + std::max(thumbW + 4, textW), y + thumbH + (stays.count(int(i)) ? 40 : 24)});
  }
  std::string svg;
  for (int d = 0; d <= maxDepth; d++)
    svg += "<text x=\"" + num(pad + d * colW) + "\" y=\"" + num(pad + 10) + "\" class=\"col\">depth " + std::to_string(d) +
           "</text>\n";
  for (auto & a : arrows) {
    auto from = at[size_t(a.first.first)], to = at[size_t(a.first.second)];
    double x1 = from.first + thumbW, y1 = from.second + thumbH / 2, x2 = to.first, y2 = to.second + thumbH / 2;
    std::string d;
    if (x2 > x1) {  // forward: a curve between the columns
      double mx = (x1 + x2) / 2;
      d = "M" + num(x1) + " " + num(y1) + " C" + num(mx) + " " + num(y1) + " " + num(mx) + " " + num(y2) + " " + num(x2) +
          " " + num(y2);
    } else {  // back to an earlier (or the same) column: around the top of the nodes
      x2 = to.first + thumbW / 2;
      y2 = to.second;
      double top = std::min(y1, y2) - 40;
      d = "M" + num(x1) + " " + num(y1) + " C" + num(x1 + 60) + " " + num(top) + " " + num(x2) + " " + num(top) + " " +
          num(x2) + " " + num(y2);
    }
    std::string label = join(a.second);
    if (a.second.size() > 1) {
      label = a.second[0] + " (+" + std::to_string(a.second.size() - 1) + ")";
    }
    double lx = (x1 + x2) / 2, ly = (y1 + y2) / 2 - 4;
    // Taps back to an earlier column are many (every screen's back, every way home): drawn faint and
    // labelled on hover only, so the forward structure stays readable.
    const bool forward = to.first > from.first;
    if (forward) {
      // On the curve, as near its middle as it can be without covering a screen, its lines or another
      // label (the middle of a curve between two rows is right under the first row's names).
      // Else a little above or below the curve (into the band between a row's names and the next row).
      const double w = textWidth(label, 11), mx = (x1 + x2) / 2;
      bool placed = false;
      for (double t : {0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74}) {
        for (double dy : {0.0, 12.0, -12.0, 24.0, -24.0, 36.0, -36.0}) {
          const double px = cubic(x1, mx, mx, x2, t), py = cubic(y1, y1, y2, y2, t) - 4 + dy;
          const Box box{px - w / 2 - 2, py - 11, px + w / 2 + 2, py + 4};
          if (std::any_of(taken.begin(), taken.end(), [&](const Box & b) { return b.meets(box); })) continue;
          lx = px;
          ly = py;
          taken.push_back(box);
          placed = true;
          break;
        }
        if (placed) break;
      }
    }
    svg += std::string("<g class=\"") + (forward ? "edge" : "edge back") + "\"><title>" + html(join(a.second)) +
           "</title><path d=\"" + d + "\" marker-end=\"url(#" + (forward ? "arrow" : "faint") + ")\"/>" +
           (forward ? "<text x=\"" + num(lx) + "\" y=\"" + num(ly) + "\">" + html(label) + "</text>" : "") + "</g>\n";
  }
  for (size_t i = 0; i < screens.size(); i++) {
    auto & s = screens[i];
    double x = at[i].first, y = at[i].second;
    std::string path = s.labels.empty() ? "the first screen" : join(s.labels);
    svg += "<g class=\"node\" id=\"" + html(s.name) + "\"><title>" + html(s.name + ": " + path) + "</title>";
    svg += "<rect x=\"" + num(x - 3) + "\" y=\"" + num(y - 3) + "\" width=\"" + num(thumbW + 6) + "\" height=\"" +
           num(thumbH + 6) + "\" rx=\"4\"/>";
    svg += "<image href=\"screens/" + html(s.name) + ".png\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
           num(thumbW) + "\" height=\"" + num(thumbH) + "\"/>";
    svg += "<text x=\"" + num(x) + "\" y=\"" + num(y + thumbH + 18) + "\" class=\"name\">" + html(s.name) + " · " +
           html(s.title) + "</text>";
    if (stays.count(int(i)))
      svg += "<text x=\"" + num(x) + "\" y=\"" + num(y + thumbH + 34) + "\" class=\"stay\">" +
             std::to_string(stays[int(i)].size()) + " tap(s) stay here</text>";
    svg += "</g>\n";
  }
  std::string page =
    "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Screen map</title>\n<style>\n"
    "body{font:14px system-ui,sans-serif;margin:16px;color:#202124}h1{font-size:20px}\n"
    ".node rect{fill:#fff;stroke:#5f6368}.node text.name{font-size:12px;fill:#202124}"
    ".node text.stay{font-size:11px;fill:#80868b}\n"
    ".edge path{fill:none;stroke:#1a73e8;stroke-width:1.5}.edge text{font-size:11px;fill:#174ea6;text-anchor:middle;"
    "paint-order:stroke;stroke:#fff;stroke-width:3}\n.edge.back path{stroke:#c0c4c9;stroke-width:1;stroke-dasharray:4 3}\n"
    ".col{font-size:13px;font-weight:600;fill:#5f6368}\n</style></head><body>\n";
  page += "<h1>Screen map: " + std::to_string(screens.size()) + " screen(s), " + std::to_string(edges.size()) +
          " tap(s)" + (failed ? ", " + std::to_string(failed) + " failing (explore.json \"failures\")" : "") +
          "</h1>\n<p>Each arrow is a tap from one screen to another; hover an arrow or a screen for its whole "
          "path; dashed grey arrows lead back to earlier screens. <a href=\"gallery/index.html\">Gallery</a> · <a href=\"explore.json\">explore.json</a></p>\n";
  page += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height) +
          "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\">\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" "
          "refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" "
          "fill=\"#1a73e8\"/></marker><marker id=\"faint\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
          "markerHeight=\"6\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#c0c4c9\"/></marker></defs>\n" +
          svg + "</svg>\n</body></html>\n";
  return page;
}

}  // namespace preview

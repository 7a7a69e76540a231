// Small text helpers of `--explore`: JSON strings, HTML text and the screen hash.
#ifndef PREVIEW_EXPLORETEXT_H
#define PREVIEW_EXPLORETEXT_H

#include <cstdint>
#include <cstdio>
#include <string>

namespace preview {

// `s` as a JSON string literal (control characters as \u escapes; UTF-8 kept).
inline std::string quoted(const std::string & s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') { out += '\\'; out += char(c); }
    else if (c == '\n') out += "\\n";
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += char(c);
  }
  return out + "\"";
}

// `s` as HTML text or attribute value.
inline std::string html(const std::string & s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else if (c == '\'') out += "&#39;";
    else out += c;
  }
  return out;
}

// FNV-1a, 64 bits, as 16 hex digits: the same text gives the same hash on every machine.
inline std::string hashHex(const std::string & s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) { h ^= c; h *= 0x100000001b3ull; }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
  return buf;
}

}  // namespace preview

#endif

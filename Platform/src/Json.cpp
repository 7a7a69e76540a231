#include "Json.h"

#include <cstdio>

#include <cstdlib>

namespace preview {

const JsonValue * JsonValue::find(const std::string & key) const {
  if (kind != Object) return nullptr;
  for (auto & m : object) if (m.first == key) return &m.second;
  return nullptr;
}

namespace {

class Parser {
 public:
  explicit Parser(const std::string & t) : text(t) { }

  JsonValue document() {
    JsonValue v = value(0);
    skipSpace();
    if (pos != text.size()) fail("text after the JSON value");
    return v;
  }

 private:
  const std::string & text;
  size_t pos = 0;

  [[noreturn]] void fail(const std::string & why) {
    throw JsonError("offset " + std::to_string(pos) + ": " + why);
  }
  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\r' || text[pos] == '\t')) pos++;
  }
  bool take(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) { pos++; return true; }
    return false;
  }
  void expect(char c) { if (!take(c)) fail(std::string("expected '") + c + "'"); }
  bool literal(const char * word) {
    size_t n = std::char_traits<char>::length(word);
    if (text.compare(pos, n, word) == 0) { pos += n; return true; }
    return false;
  }

  JsonValue value(int depth) {
    if (depth > 64) fail("nested too deeply");
    skipSpace();
    if (pos >= text.size()) fail("unexpected end of text");
    JsonValue v;
    char c = text[pos];
    if (c == '{') {
      pos++;
      v.kind = JsonValue::Object;
      if (take('}')) return v;
      do {
        skipSpace();
        if (pos >= text.size() || text[pos] != '"') fail("expected a member name");
        std::string key = string();
        expect(':');
        v.object.emplace_back(key, value(depth + 1));
      } while (take(','));
      expect('}');
    } else if (c == '[') {
      pos++;
      v.kind = JsonValue::Array;
      if (take(']')) return v;
      do { v.array.push_back(value(depth + 1)); } while (take(','));
      expect(']');
    } else if (c == '"') {
      v.kind = JsonValue::String;
      v.string = string();
    } else if (literal("true")) {
      v.kind = JsonValue::Bool; v.boolean = true;
    } else if (literal("false")) {
      v.kind = JsonValue::Bool;
    } else if (literal("null")) {
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      const char * start = text.c_str() + pos;
      char * end = nullptr;
      v.kind = JsonValue::Number;
      v.number = std::strtod(start, &end);
      if (end == start) fail("bad number");
      pos += size_t(end - start);
    } else {
      fail(std::string("unexpected character '") + c + "'");
    }
    return v;
  }

  static void appendUtf8(std::string & out, unsigned cp) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) { out += char(0xC0 | (cp >> 6)); out += char(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { out += char(0xE0 | (cp >> 12)); out += char(0x80 | ((cp >> 6) & 0x3F)); out += char(0x80 | (cp & 0x3F)); }
    else { out += char(0xF0 | (cp >> 18)); out += char(0x80 | ((cp >> 12) & 0x3F)); out += char(0x80 | ((cp >> 6) & 0x3F)); out += char(0x80 | (cp & 0x3F)); }
  }
  unsigned hex4() {
    if (pos + 4 > text.size()) fail("short \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
      char c = text[pos++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f') v |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= unsigned(c - 'A' + 10);
      else fail("bad \\u escape");
    }
    return v;
  }
  std::string string() {
    pos++;  // opening quote
    std::string out;
    while (true) {
      if (pos >= text.size()) fail("unterminated string");
      char c = text[pos++];
      if (c == '"') return out;
      if ((unsigned char)c < 0x20) fail("control character in string");
      if (c != '\\') { out += c; continue; }
      if (pos >= text.size()) fail("unterminated escape");
      char e = text[pos++];
      switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        unsigned cp = hex4();
        if (cp >= 0xD800 && cp < 0xDC00 && text.compare(pos, 2, "\\u") == 0) {
          pos += 2;
          unsigned lo = hex4();
          if (lo < 0xDC00 || lo > 0xDFFF) fail("bad surrogate pair");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        } else if (cp >= 0xD800 && cp < 0xE000) {
          fail("lone surrogate");
        }
        appendUtf8(out, cp);
        break;
      }
      default: fail(std::string("bad escape \\") + e);
      }
    }
  }
};

}  // namespace

JsonValue parseJson(const std::string & text) { return Parser(text).document(); }

namespace {

void writeString(std::string & out, const std::string & s) {
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') { out += '\\'; out += char(c); }
    else if (c < 0x20) { char buf[8]; std::snprintf(buf, sizeof buf, "\\u%04x", c); out += buf; }
    else out += char(c);
  }
  out += '"';
}

void write(std::string & out, const JsonValue & v) {
  switch (v.kind) {
    case JsonValue::Null: out += "null"; break;
    case JsonValue::Bool: out += v.boolean ? "true" : "false"; break;
    case JsonValue::Number: { char buf[32]; std::snprintf(buf, sizeof buf, "%.17g", v.number); out += buf; break; }
    case JsonValue::String: writeString(out, v.string); break;
    case JsonValue::Array:
      out += '[';
      for (size_t i = 0; i < v.array.size(); i++) { if (i) out += ','; write(out, v.array[i]); }
      out += ']';
      break;
    case JsonValue::Object:
      out += '{';
      for (size_t i = 0; i < v.object.size(); i++) {
        if (i) out += ',';
        writeString(out, v.object[i].first);
        out += ':';
        write(out, v.object[i].second);
      }
      out += '}';
      break;
  }
}

}  // namespace

std::string toJson(const JsonValue & value) {
  std::string out;
  write(out, value);
  return out;
}

}  // namespace preview

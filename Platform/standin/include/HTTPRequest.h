// Stand-in for the httpclient library's include/HTTPRequest.h: method and URI of one request.
// Two API generations, as httpclient has them: up to cef38ae `HTTPRequest::RequestType` with
// `getType()` and `HTTPRequest::GET`; from 941fea9 on `enum class Method` with `getMethod()` and
// `Method::GET` (built with -DSTANDIN_HTTPCLIENT_METHOD). The platform compiles against both.
#ifndef _HTTPREQUEST_H_
#define _HTTPREQUEST_H_

#include <string>

namespace httpclient {
#ifdef STANDIN_HTTPCLIENT_METHOD
  enum class Method { GET = 1, POST, OPTIONS };
  static inline std::string to_string(Method method) {
    switch (method) {
    case Method::GET: return "GET";
    case Method::POST: return "POST";
    case Method::OPTIONS: return "OPTIONS";
    }
    return "";
  }
#endif
  class HTTPRequest {
  public:
#ifdef STANDIN_HTTPCLIENT_METHOD
    using RequestType = Method;
    HTTPRequest(Method type, const std::string & uri) : type(type), uri(uri) { }
    Method getMethod() const { return type; }  // httpclient: `const Method` (the const is ignored)
#else
    enum RequestType { GET = 1, POST, OPTIONS };
    HTTPRequest(RequestType type, const std::string & uri) : type(type), uri(uri) { }
    RequestType getType() const { return type; }
    const char * getTypeString() const { return type == GET ? "GET" : type == POST ? "POST" : "OPTIONS"; }
#endif
    const std::string & getURI() const { return uri; }
    const std::string & getContent() const { return content; }
    void setContent(const std::string & c) { content = c; }
    void setFollowLocation(bool f) { follow_location = f; }
    bool getFollowLocation() const { return follow_location; }
  private:
    RequestType type;
    std::string uri, content;
    bool follow_location = true;
  };
};

#endif

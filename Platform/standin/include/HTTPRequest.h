// Stand-in for the httpclient library's include/HTTPRequest.h: method and URI of one request.
#ifndef _HTTPREQUEST_H_
#define _HTTPREQUEST_H_

#include <string>

namespace httpclient {
  class HTTPRequest {
  public:
    enum RequestType { GET = 1, POST, OPTIONS };
    HTTPRequest(RequestType type, const std::string & uri) : type(type), uri(uri) { }
    RequestType getType() const { return type; }
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

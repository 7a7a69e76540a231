// Stand-in for the httpclient library's include/HTTPClientInterface.h: the callbacks a request
// reports to, in order: result code, headers, body chunks, disconnect (or an error text).
#ifndef _HTTPCLIENTINTERFACE_H_
#define _HTTPCLIENTINTERFACE_H_

#include <string_view>

namespace httpclient {
  class HTTPClientInterface {
  public:
    virtual ~HTTPClientInterface() = default;
    virtual void handleResultCode(int) { }
    virtual void handleErrorText(std::string_view) { }
    virtual void handleLogText(std::string_view) { }
    virtual bool handleRedirectUrl(std::string_view) { return true; }
    virtual void handleHeader(std::string_view, std::string_view) { }
    virtual bool handleChunk(std::string_view chunk) = 0;
    virtual void handleDisconnect() { }
    virtual bool onIdle() { return true; }
  };
};

#endif

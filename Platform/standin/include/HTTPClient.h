// Stand-in for the httpclient library's include/HTTPClient.h: a client whose one virtual
// `request` does the work, convenience Get/Post on top, and the factory a platform hands out.
#ifndef _HTTPCLIENT_H_
#define _HTTPCLIENT_H_

#include <Authorization.h>
#include <HTTPClientInterface.h>
#include <HTTPRequest.h>
#include <HTTPResponse.h>

#include <memory>
#include <string>

namespace httpclient {
  class HTTPClient {
  public:
    HTTPClient(const std::string & user_agent, bool enable_cookies, bool enable_keepalive)
      : user_agent(user_agent), enable_cookies(enable_cookies), enable_keepalive(enable_keepalive) { }
    HTTPClient(const HTTPClient &) = delete;
    HTTPClient & operator=(const HTTPClient &) = delete;
    virtual ~HTTPClient() = default;

    HTTPResponse Get(const std::string & uri, bool follow_location = true) {
      HTTPRequest req(HTTPRequest::RequestType::GET, uri);
      req.setFollowLocation(follow_location);
      HTTPResponse response;
      request(req, noAuth, response);
      return response;
    }
    void Get(const std::string & uri, HTTPClientInterface & callback, bool follow_location = true) {
      HTTPRequest req(HTTPRequest::RequestType::GET, uri);
      req.setFollowLocation(follow_location);
      request(req, noAuth, callback);
    }
    HTTPResponse Post(const std::string & uri, const std::string & data) {
      HTTPRequest req(HTTPRequest::RequestType::POST, uri);
      req.setContent(data);
      HTTPResponse response;
      request(req, noAuth, response);
      return response;
    }

    virtual void request(const HTTPRequest & req, const Authorization & auth, HTTPClientInterface & callback) = 0;
    virtual void clearCookies() = 0;

    Authorization noAuth;

  protected:
    std::string user_agent;
    bool enable_cookies, enable_keepalive;
  };

  class HTTPClientFactory {
  public:
    explicit HTTPClientFactory(const char * default_user_agent = "httpclient") : default_user_agent(default_user_agent) { }
    virtual ~HTTPClientFactory() { }
    std::unique_ptr<HTTPClient> createClient(std::string user_agent, bool enable_cookies = true, bool enable_keepalive = true) {
      return createClient2(user_agent, enable_cookies, enable_keepalive);
    }
    std::unique_ptr<HTTPClient> createClient(bool enable_cookies = true, bool enable_keepalive = true) {
      return createClient2(default_user_agent, enable_cookies, enable_keepalive);
    }
  protected:
    virtual std::unique_ptr<HTTPClient> createClient2(std::string user_agent, bool enable_cookies = true, bool enable_keepalive = true) = 0;
  private:
    std::string default_user_agent;
  };
};

#endif

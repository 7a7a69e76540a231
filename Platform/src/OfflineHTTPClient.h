// HTTP without a network, so previews are the same on every machine: a GET of
// http(s)://HOST/PATH answers with the file DIR/HOST/PATH ("index" for a path ending in "/"; the
// query is ignored), status 200. Anything else fails the way a network failure does in the
// httpclient library's Curl client: an error text, then the disconnect, and no status code.
// Apps call it without checking, so failing must be quiet and complete.
#ifndef PREVIEW_OFFLINEHTTPCLIENT_H
#define PREVIEW_OFFLINEHTTPCLIENT_H

#include <HTTPClient.h>

#include <memory>
#include <string>

namespace preview {

class OfflineHTTPClient : public httpclient::HTTPClient {
 public:
  OfflineHTTPClient(const std::string & folder, const std::string & user_agent)
    : httpclient::HTTPClient(user_agent, false, false), folder(folder) { }
  void request(const httpclient::HTTPRequest & req, const httpclient::Authorization & auth,
               httpclient::HTTPClientInterface & callback) override;
  void clearCookies() override { }

  // The file that answers `uri`, or "" (and `why`) when none may.
  static std::string fileFor(const std::string & folder, const std::string & uri, std::string & why);

 private:
  std::string folder;
};

class OfflineHTTPClientFactory : public httpclient::HTTPClientFactory {
 public:
  explicit OfflineHTTPClientFactory(const std::string & folder) : folder(folder) { }
 protected:
  std::unique_ptr<httpclient::HTTPClient> createClient2(std::string user_agent, bool, bool) override {
    return std::unique_ptr<httpclient::HTTPClient>(new OfflineHTTPClient(folder, user_agent));
  }
 private:
  std::string folder;
};

}  // namespace preview

#endif

// HTTP without a network, so previews are the same on every machine: a GET of
// http(s)://HOST/PATH answers with the file DIR/HOST/PATH ("index" for a path ending in "/"; the
// query and fragment are ignored), status 200. The file is a function of the URL alone (never of
// the look, the device or the time). Anything else fails the way a network failure does in the
// httpclient library's Curl client: an error text, then the disconnect, and no status code. Apps
// call it without checking, so failing is complete, and every GET it cannot answer is a warning
// on stderr naming the URL and the file it looked for; -v lists every request with its answer.
#ifndef PREVIEW_OFFLINEHTTPCLIENT_H
#define PREVIEW_OFFLINEHTTPCLIENT_H

#include "RunContext.h"

#include <HTTPClient.h>

#include <memory>
#include <string>

namespace preview {

class OfflineHTTPClient : public httpclient::HTTPClient {
 public:
  OfflineHTTPClient(std::shared_ptr<RunContext> context, const std::string & user_agent)
    : httpclient::HTTPClient(user_agent, false, false), context(std::move(context)) { }
  void request(const httpclient::HTTPRequest & req, const httpclient::Authorization & auth,
               httpclient::HTTPClientInterface & callback) override;
  void clearCookies() override { }

  // The file that answers `uri`, or "" (and `why`) when none may. `looked` is the file it looked
  // for ("" when the URL names none: not http(s), no host, a path climbing out of the folder).
  static std::string fileFor(const std::string & folder, const std::string & uri, std::string & why, std::string & looked);

 private:
  std::shared_ptr<RunContext> context;
};

class OfflineHTTPClientFactory : public httpclient::HTTPClientFactory {
 public:
  explicit OfflineHTTPClientFactory(std::shared_ptr<RunContext> context) : context(std::move(context)) { }
 protected:
  std::unique_ptr<httpclient::HTTPClient> createClient2(std::string user_agent, bool, bool) override {
    return std::unique_ptr<httpclient::HTTPClient>(new OfflineHTTPClient(context, user_agent));
  }
 private:
  std::shared_ptr<RunContext> context;
};

}  // namespace preview

#endif

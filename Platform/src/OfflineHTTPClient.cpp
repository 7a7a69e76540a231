#include "OfflineHTTPClient.h"

#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <type_traits>

namespace preview {

namespace {

// The request's method, whichever httpclient API the build has (a compile-time feature test, no
// version number): from httpclient 941fea9 on `getMethod()` returns `enum class Method` (GET, and
// `to_string`); up to cef38ae `getType()` returns `HTTPRequest::RequestType` (`HTTPRequest::GET`,
// `getTypeString()`). The `int` overload is tried first; SFINAE drops the one that does not compile.
template <class R>
auto isGet(const R & r, int) -> decltype(r.getMethod() == std::decay_t<decltype(r.getMethod())>::GET) {
  return r.getMethod() == std::decay_t<decltype(r.getMethod())>::GET;
}
template <class R>
auto isGet(const R & r, long) -> decltype(r.getType() == R::GET) {
  return r.getType() == R::GET;
}
template <class R>
auto methodName(const R & r, int) -> decltype(std::string(to_string(r.getMethod()))) {
  return to_string(r.getMethod());
}
template <class R>
auto methodName(const R & r, long) -> decltype(std::string(r.getTypeString())) {
  return r.getTypeString();
}

}  // namespace

std::string OfflineHTTPClient::fileFor(const std::string & folder, const std::string & uri, std::string & why, std::string & looked) {
  looked.clear();
  std::string rest;
  for (const char * scheme : {"http://", "https://"}) {
    std::string s(scheme);
    if (uri.compare(0, s.size(), s) == 0) rest = uri.substr(s.size());
  }
  if (rest.empty()) { why = "not an http(s) URL"; return ""; }
  rest = rest.substr(0, rest.find_first_of("?#"));
  size_t slash = rest.find('/');
  std::string host = rest.substr(0, slash), path = slash == std::string::npos ? "/" : rest.substr(slash);
  if (host.empty()) { why = "no host in the URL"; return ""; }
  if (path.back() == '/') path += "index";
  // Confined to the folder: no segment may climb out of it.
  std::string full = "/" + host + path;
  if (full.find("/../") != std::string::npos || full.find("/./") != std::string::npos || full.compare(full.size() - 3, 3, "/..") == 0) {
    why = "refused path " + full + " (it leaves the HTTP folder)"; return "";
  }
  if (folder.empty()) { why = "no HTTP folder was given (--http DIR, or http/ beside the script), so no file " + full.substr(1); return ""; }
  looked = folder + full;
  struct stat st;
  if (stat(looked.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) { why = "no file " + looked; return ""; }
  return looked;
}

void OfflineHTTPClient::request(const httpclient::HTTPRequest & req, const httpclient::Authorization &,
                                httpclient::HTTPClientInterface & callback) {
  const std::string method = methodName(req, 0), uri = req.getURI();
  std::string why, looked, file;
  if (isGet(req, 0)) file = fileFor(context->httpDir, uri, why, looked);
  else why = "only GET is answered offline";
  std::string data;
  bool read = false;
  if (!file.empty()) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream body;
    if (in && (body << in.rdbuf())) { data = body.str(); read = true; }
    else why = "cannot read " + file;
  }
  if (!read) {
    context->log("http", method + " " + uri + " -> network error: " + why);
    // A GET the folder cannot answer is a problem in the preview's setup: always said.
    if (isGet(req, 0)) context->warn("HTTP GET " + uri + " not answered: " + why);
    callback.handleErrorText("offline: " + why + " for " + uri);
    callback.handleDisconnect();
    return;
  }
  context->log("http", method + " " + uri + " -> 200 " + file + " (" + std::to_string(data.size()) + " bytes)");
  callback.handleResultCode(200);
  callback.handleHeader("Content-Length", std::to_string(data.size()));
  callback.handleChunk(data);  // one chunk; a callback that declines it only ends early
  callback.handleDisconnect();
}

}  // namespace preview

#include "OfflineHTTPClient.h"

#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace preview {

std::string OfflineHTTPClient::fileFor(const std::string & folder, const std::string & uri, std::string & why) {
  if (folder.empty()) { why = "offline: no HTTP folder was given (--http)"; return ""; }
  std::string rest;
  for (const char * scheme : {"http://", "https://"}) {
    std::string s(scheme);
    if (uri.compare(0, s.size(), s) == 0) rest = uri.substr(s.size());
  }
  if (rest.empty()) { why = "offline: not an http(s) URL: " + uri; return ""; }
  rest = rest.substr(0, rest.find_first_of("?#"));
  size_t slash = rest.find('/');
  std::string host = rest.substr(0, slash), path = slash == std::string::npos ? "/" : rest.substr(slash);
  if (host.empty()) { why = "offline: no host in " + uri; return ""; }
  if (path.back() == '/') path += "index";
  // Confined to the folder: no segment may climb out of it.
  std::string full = "/" + host + path;
  if (full.find("/../") != std::string::npos || full.find("/./") != std::string::npos || full.compare(full.size() - 3, 3, "/..") == 0) {
    why = "offline: refused path " + full; return "";
  }
  std::string file = folder + full;
  struct stat st;
  if (stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) { why = "offline: no file " + file + " for " + uri; return ""; }
  return file;
}

void OfflineHTTPClient::request(const httpclient::HTTPRequest & req, const httpclient::Authorization &,
                                httpclient::HTTPClientInterface & callback) {
  std::string why;
  std::string file = req.getType() == httpclient::HTTPRequest::GET ? fileFor(folder, req.getURI(), why) : "";
  if (req.getType() != httpclient::HTTPRequest::GET) why = "offline: only GET is answered";
  std::ifstream in(file, std::ios::binary);
  if (file.empty() || !in) {
    callback.handleErrorText(why.empty() ? "offline: cannot read " + file : why);
    callback.handleDisconnect();
    return;
  }
  std::ostringstream body;
  body << in.rdbuf();
  std::string data = body.str();
  callback.handleResultCode(200);
  callback.handleHeader("Content-Length", std::to_string(data.size()));
  callback.handleChunk(data);  // one chunk; a callback that declines it only ends early
  callback.handleDisconnect();
}

}  // namespace preview

// Stand-in for the httpclient library's include/HTTPResponse.h: a callback that keeps everything.
#ifndef _HTTPRESPONSE_H_
#define _HTTPRESPONSE_H_

#include <HTTPClientInterface.h>

#include <string>
#include <unordered_map>

namespace httpclient {
  class HTTPResponse : public HTTPClientInterface {
  public:
    bool isSuccess() const { return result_code >= 200 && result_code <= 299; }
    bool isError() const { return result_code == 0 || (result_code >= 400 && result_code <= 599); }
    int getResultCode() const { return result_code; }
    const std::string & getContent() { return content; }
    const std::string & getErrorText() { return error_text; }
    const std::unordered_map<std::string, std::string> & getHeaders() const { return headers; }

    void handleResultCode(int code) override { result_code = code; }
    void handleErrorText(std::string_view s) override { error_text = std::string(s); }
    void handleHeader(std::string_view k, std::string_view v) override { headers[std::string(k)] = std::string(v); }
    bool handleChunk(std::string_view chunk) override { content += chunk; return true; }

  private:
    int result_code = 0;
    std::string content, error_text;
    std::unordered_map<std::string, std::string> headers;
  };
};

#endif

// Stand-in for the httpclient library's include/Authorization.h (Sometrik/httpclient): no auth.
#ifndef _AUTHORIZATION_H_
#define _AUTHORIZATION_H_

#include <string>

namespace httpclient {
  class Authorization {
  public:
    virtual ~Authorization() = default;
    virtual const char * getHeaderName() const { return "Authorization"; }
    virtual std::string createHeader() const { return ""; }
  };
};

#endif

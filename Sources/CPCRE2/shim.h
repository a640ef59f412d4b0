// SPDX-License-Identifier: Apache-2.0
#ifndef SWITCHBOARD_CPCRE2_SHIM_H
#define SWITCHBOARD_CPCRE2_SHIM_H
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif

#include "switchboard_support.h"

_Thread_local int switchboard_delivering = 0;
_Thread_local void *switchboard_queue = 0;

package title

import "gamethumbs/internal/testutil"

// cpuTime is the process's CPU time in nanoseconds (testutil.CPUTime).
func cpuTime() int64 { return int64(testutil.CPUTime()) }

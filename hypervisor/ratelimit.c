// SPDX-License-Identifier: GPL-2.0
/* Rate limit for guest-provoked log lines; see jailhouse/ratelimit.h. */
#include <jailhouse/ratelimit.h>

bool ratelimit_pass(struct ratelimit *rl, __u64 now, __u64 interval,
		    unsigned int burst, unsigned int *missed)
{
	*missed = 0;
	if (now - rl->window_start >= interval) {
		*missed = rl->missed;
		rl->window_start = now;
		rl->passed = 0;
		rl->missed = 0;
	}
	if (rl->passed < burst) {
		rl->passed++;
		return true;
	}
	rl->missed++;
	return false;
}

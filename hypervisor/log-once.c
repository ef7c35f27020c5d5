// SPDX-License-Identifier: GPL-2.0
/* Keys logged once; see jailhouse/log-once.h. */
#include <jailhouse/log-once.h>

bool log_once_first(struct log_once *set, __u64 key)
{
	unsigned int n;

	for (n = 0; n < set->num; n++)
		if (set->keys[n] == key)
			return false;
	if (set->num < LOG_ONCE_KEYS)
		set->keys[set->num++] = key;
	return true;
}

# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios. A fixed sleep before judging a cell is a race
# on a slow or loaded machine (CI runs QEMU under TCG beside other work);
# wait for the state instead, with a bound.

# wait_until SECONDS COMMAND [ARGS]: run COMMAND every 0.2 s until it
# succeeds (return 0) or SECONDS have passed (return 1).
wait_until() {
	wait_limit=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$wait_limit" ] || return 1
		sleep 0.2
	done
}

# cell_in_state NAME STATE: `jailhouse cell list` shows cell NAME in STATE.
cell_in_state() {
	jailhouse cell list | grep -q "^ *[0-9][0-9]*  *$1  *$2 "
}

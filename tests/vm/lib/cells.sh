# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios (after signed.sh) that run one inmate after the
# other in the signed sandbox-demo cell: create, load (with a command
# line at 0x1000), start, judge, destroy. The scenario sets CELL_CPU (the
# CPU the cell takes from Linux), CELL_CONFIG (its config in the tree),
# WORK (a scratch directory) and defines fail MESSAGE (print, exit 1).
#
# A sentinel buffer in root memory, at 0x3c200000 (the cell reservation,
# outside the cell's 1 MiB; the memory tests aim there), must never
# change.

. tests/vm/lib/wait.sh

cell=sandbox-demo
sentinel=0x3c200000

state() {
	jailhouse cell list |
		sed -n "s/^[0-9]*  *$cell  *\(.*[^ ]\)  *$CELL_CPU$/\1/p"
}

sentinel_bytes() {
	dd if=/dev/mem bs=4096 skip=$((sentinel / 4096)) count=1 2>/dev/null
}

sentinel_ok() {
	sentinel_bytes | cmp -s - "$WORK/sentinel" ||
		fail "$1: the sentinel buffer at $sentinel changed"
}

# The signed cell config, and the sentinel written.
cells_setup() {
	jh-sign -o "$WORK/cell" "$CELL_CONFIG"
	head -c 4096 /dev/urandom >"$WORK/sentinel"
	dd if="$WORK/sentinel" of=/dev/mem bs=4096 \
		seek=$((sentinel / 4096)) conv=notrunc 2>/dev/null
	sentinel_ok "setup"
	online0=$(cat /sys/devices/system/cpu/online)
}

# start IMAGE [ARGS]: create the cell, load the signed IMAGE (and ARGS,
# its command line), start it, let it run ${CELL_RUN_SECONDS:-2} s.
start() {
	jh-sign --cell $cell -o "$WORK/image" "$1"
	jailhouse cell create "$WORK/cell"
	if [ -n "${2:-}" ]; then
		printf '%s' "$2" >"$WORK/cmdline"
		jh-sign --cell $cell "$WORK/cmdline"
		jailhouse cell load $cell "$WORK/image" "$WORK/cmdline" \
			-a 0x1000
	else
		jailhouse cell load $cell "$WORK/image"
	fi
	jailhouse cell start $cell
	sleep "${CELL_RUN_SECONDS:-2}"
}

# finish NAME: destroyed within bounded time, the CPU back in Linux (the
# CPUs online as at setup), the sentinel unchanged.
finish() {
	t0=$(date +%s)
	jailhouse cell destroy $cell
	[ $(($(date +%s) - t0)) -le 5 ] || fail "$1: destroy took too long"
	[ "$(cat /sys/devices/system/cpu/online)" = "$online0" ] ||
		fail "$1: online CPUs $(cat /sys/devices/system/cpu/online)"
	sentinel_ok "$1"
	echo "cell $1: ok"
}

failures() { jailhouse console | grep -c "Cell \"$cell\" FAILED" || true; }

# expect_failed TEST ARGS [ALSO-ACCEPTED-STATE]: the isolation test
# inmates/tests/x86/TEST.bin is failed by the hypervisor (not the inmate
# giving up by itself), or its cell is in the other state accepted.
expect_failed() {
	before=$(failures)
	start "inmates/tests/x86/$1.bin" "$2"
	# On a slow machine the hypervisor may not have caught it yet.
	[ -n "${3:-}" ] || wait_until 20 cell_in_state $cell failed || true
	s=$(state)
	case "$s" in
	failed)	[ "$(failures)" -gt "$before" ] ||
			fail "$1: failed, but not by the hypervisor" ;;
	"${3:-failed}") ;;
	*) fail "$1: cell state '$s', expected failed${3:+ or $3}" ;;
	esac
	finish "$1"
}

# cpu_exits KIND: the count of KIND exits (a row of `jailhouse hypervisor
# info`) on the cell's CPU since enable.
cpu_exits() {
	jailhouse hypervisor info |
		awk -v kind="$1" -v col=$((CELL_CPU + 2)) \
			'$1 == kind { print $col + 0 }'
}

# keeps_running TEST ARGS [KIND MIN]: inmates/tests/x86/TEST.bin keeps
# its cell running (with at least MIN more KIND exits on its CPU than
# before its start) and is destroyed as usual.
keeps_running() {
	[ -z "${3:-}" ] || n0=$(cpu_exits "$3")
	start "inmates/tests/x86/$1.bin" "$2"
	[ "$(state)" = running ] || fail "$1: state '$(state)'"
	if [ -n "${3:-}" ]; then
		n=$(($(cpu_exits "$3") - ${n0:-0}))
		[ "$n" -ge "$4" ] || fail "$1: only $n $3 exits on CPU $CELL_CPU"
	fi
	finish "$1"
}

# shutdown-ignore never answers the shutdown request: the request times
# out (bounded for a sandbox), the cell is failed and stopped.
shutdown_ignored() {
	start inmates/tests/x86/shutdown-ignore.bin ""
	t0=$(date +%s)
	jailhouse cell shutdown $cell || true
	[ $(($(date +%s) - t0)) -le 5 ] || fail "shutdown-ignore: shutdown hung"
	[ "$(state)" = failed ] || fail "shutdown-ignore: state '$(state)'"
	finish shutdown-ignore
}

# lock-running holds running-locked and denies shutdown: it keeps
# running, but its lock vetoes nothing and destroy wins.
lock_vetoes_nothing() {
	start inmates/tests/x86/lock-running.bin ""
	if jailhouse cell shutdown $cell 2>"$WORK/err"; then
		fail "lock-running: shutdown was approved"
	fi
	grep -q "Operation not permitted" "$WORK/err" ||
		fail "lock-running: $(cat "$WORK/err")"
	finish lock-running
}

# SPDX-License-Identifier: GPL-2.0
# Sourced by the benchmarks that boot a test machine: takes an optional
# leading "--machine qemu|bochs" off the arguments (default qemu), and
# checks that what is left is at most a number of seconds.
machine=qemu
if [ "${1:-}" = --machine ]; then
	machine=${2:-}
	shift 2
fi
usage() {
	echo "usage: $0 [--machine qemu|bochs] [SECONDS]" >&2
	exit 2
}
case "$machine" in
qemu|bochs) ;;
*) usage ;;
esac
# SECONDS, if given, is a number: "--help" booted a machine before.
case "${1:-10}" in
''|*[!0-9]*) usage ;;
esac

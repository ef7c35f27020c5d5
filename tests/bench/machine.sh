# SPDX-License-Identifier: GPL-2.0
# Sourced by the benchmarks that boot a test machine: takes an optional
# leading "--machine qemu|bochs" off the arguments (default qemu).
machine=qemu
if [ "${1:-}" = --machine ]; then
	machine=${2:-}
	shift 2
fi
case "$machine" in
qemu|bochs) ;;
*) echo "usage: $0 [--machine qemu|bochs] [SECONDS]" >&2; exit 2 ;;
esac

# SPDX-License-Identifier: GPL-2.0
# Boot an inmate on bare QEMU as the hypervisor starts a cell, without the
# hypervisor: reset-stub.bin jumps to real mode 0000:0000, where the inmate
# is loaded; mkcomm's comm region sits at 0x100000 (console COM2, the TSC
# at the host's frequency, which TCG's RDTSC returns, the APIC timer at
# QEMU's 1 GHz); the command line is written into the image at 0x1000 as
# `jailhouse cell load -s ... -a 0x1000` would. The hypervisor's side of
# the comm region (messages) is played through QEMU's gdb stub.
# Source this file; every function takes the run's directory first:
#   bare_boot DIR INMATE.bin [CMDLINE]   start (in the background);
#                                        $BARE_QEMU_ARGS: more options
#   bare_wait DIR com1|com2 REGEX        wait until the UART log matches
#   bare_send DIR MSG                    post a message as the hypervisor
#   bare_fault DIR                       make the next instruction UD2
#   bare_comm DIR                        print "cell_state msg reply"
#   bare_stop DIR                        end QEMU
# Logs: DIR/com1.log, DIR/com2.log, DIR/qemu.log.

bare_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BARE_TIMEOUT=${BARE_TIMEOUT:-20}	# seconds to wait for a line
BARE_COMM_REVISION=${BARE_COMM_REVISION:-2}	# what the comm region says
BARE_LIFETIME=120			# no QEMU of ours outlives this

# The host's TSC frequency, approximated by the CPU clock (1 GHz if unknown).
bare_tsc_khz() {
	local khz

	khz=$(awk '/^cpu MHz/ { printf "%d\n", $4 * 1000; exit }' /proc/cpuinfo)
	echo "${khz:-1000000}"
}

bare_boot() { # DIR INMATE [CMDLINE]
	local dir=$1 inmate=$2 cmdline=${3:-}

	mkdir -p "$dir"
	if [ ${#cmdline} -ge 256 ]; then
		echo "bare_boot: command line longer than 255 bytes" >&2
		return 1
	fi
	"$bare_top/tests/inmates/mkcomm" "$dir/comm.bin" 0x2f8 \
		"$(bare_tsc_khz)" 1000000 "$BARE_COMM_REVISION" || return 1
	cp "$inmate" "$dir/inmate.bin"
	printf '%s\0' "$cmdline" | dd of="$dir/inmate.bin" bs=1 seek=4096 \
		conv=notrunc status=none
	# shellcheck disable=SC2086 # BARE_QEMU_ARGS: words, split
	timeout "$BARE_LIFETIME" qemu-system-x86_64 \
		-machine q35 -accel tcg -cpu max -m 128 -smp 1 \
		-nodefaults -display none -no-reboot \
		-bios "$bare_top/tests/inmates/reset-stub.bin" \
		-device loader,file="$dir/inmate.bin",addr=0 \
		-device loader,file="$dir/comm.bin",addr=0x100000 \
		-serial file:"$dir/com1.log" -serial file:"$dir/com2.log" \
		-chardev socket,id=gdb,path="$dir/gdb.sock",server=on,wait=off \
		-gdb chardev:gdb ${BARE_QEMU_ARGS:-} >"$dir/qemu.log" 2>&1 &
	echo $! >"$dir/qemu.pid"
}

bare_wait() { # DIR com1|com2 REGEX
	local log=$1/$2.log deadline=$((SECONDS + BARE_TIMEOUT))

	until grep -aEq -- "$3" "$log" 2>/dev/null; do
		if [ $SECONDS -ge $deadline ]; then
			echo "bare_wait: no line matching '$3' in $log" >&2
			return 1
		fi
		sleep 0.1
	done
	grep -aE -m 1 -- "$3" "$log"
}

# Run gdb commands against the stopped machine, then let it run on.
bare_gdb() { # DIR COMMAND...
	local dir=$1 args=() cmd

	shift
	for cmd in "$@"; do
		args+=(-ex "$cmd")
	done
	gdb -nx -batch -ex 'set architecture i386:x86-64' \
		-ex "target remote $dir/gdb.sock" "${args[@]}" -ex detach \
		2>"$dir/gdb.err"
}

# As the hypervisor does: clear the reply, then post the message.
bare_send() { # DIR MSG
	bare_gdb "$1" 'set *(unsigned int *)0x100010 = 0' \
		"set *(unsigned int *)0x10000c = $2" >/dev/null
}

# An inmate bug, injected: the instruction the CPU stopped at becomes UD2.
bare_fault() { # DIR
	bare_gdb "$1" 'set *(unsigned short *)$pc = 0x0b0f' >/dev/null
}

bare_comm() { # DIR
	bare_gdb "$1" 'printf "%u %u %u\n", *(unsigned int *)0x100008, '\
'*(unsigned int *)0x10000c, *(unsigned int *)0x100010' |
		grep -E '^[0-9]+ [0-9]+ [0-9]+$'
}

bare_stop() { # DIR
	local pid

	[ -f "$1/qemu.pid" ] || return 0
	pid=$(cat "$1/qemu.pid")
	rm -f "$1/qemu.pid"
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}

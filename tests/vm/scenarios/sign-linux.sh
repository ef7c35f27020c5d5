#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The signed path of `jailhouse cell linux` (docs/linux-cells.md): an
# unsigned bzImage, a tampered initramfs, a command line the linux class
# does not admit (an unsigned one), a command line signed for another
# cell, and a kernel that is no bzImage are each refused, the loader's log
# line naming the file's role and the reason, and no cell is left behind:
# the tool destroys the cell it created and CPU 2 comes back to Linux.
# Then the signed set loads and the measurement log has each part.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
. tests/vm/lib/linux.sh
work=/tmp/sign-linux
mkdir -p $work
fail() {
	echo "sign-linux: FAIL: $*"
	dmesg | tail -n 5
	exit 1
}

# refused WHAT LOG-REGEX ARGS...: `jailhouse cell linux ARGS` fails, the
# kernel log says LOG-REGEX, no cell and no offline CPU remain.
refused() {
	what=$1 expect=$2
	shift 2
	if jailhouse cell linux "$@" 2>$work/err; then
		fail "$what: accepted"
	fi
	dmesg | tail -n 8 | grep -Eq "$expect" ||
		fail "$what: no log line matching '$expect'"
	! jailhouse cell list | grep -q linux-demo ||
		fail "$what: the cell was left behind"
	[ "$(cat /sys/devices/system/cpu/cpu2/online)" = 1 ] ||
		fail "$what: CPU 2 not back in Linux"
	echo "sign-linux: $what refused: $(head -n 1 $work/err)"
}

signed_load_module
signed_enable || fail "enable"
signed_policy || fail "policy"
jh-sign -o $work/cell.cell configs/x86/linux-demo.cell
linux_sign linux-demo $work/ok
g=$work/ok

cp guest/bzImage $work/unsigned-bzImage
refused "unsigned bzImage" "linux-demo.*(unsigned|ENODATA|signature)" \
	$work/cell.cell $work/unsigned-bzImage -i $g/initramfs -C $g/cmdline \
	-l $g/loader.bin

cp $g/initramfs $work/tampered
printf '\377' | dd of=$work/tampered bs=1 seek=4096 conv=notrunc 2>/dev/null
refused "tampered initramfs" "linux-demo.*(signature|verif|rejected)" \
	$work/cell.cell $g/bzImage -i $work/tampered -C $g/cmdline \
	-l $g/loader.bin

refused "unsigned command line" "linux-demo.*(string|unsigned)" \
	$work/cell.cell $g/bzImage -i $g/initramfs -c "$LINUX_CMDLINE" \
	-l $g/loader.bin

printf '%s init=/bin/sh\n' "$LINUX_CMDLINE" >$work/other.txt
jh-sign --cell sandbox-demo -o $work/other $work/other.txt
refused "command line signed for another cell" "linux-demo.*(name|cell)" \
	$work/cell.cell $g/bzImage -i $g/initramfs -C $work/other \
	-l $g/loader.bin

jh-sign --cell linux-demo -o $work/notbz inmates/demos/x86/tiny-demo.bin
refused "an inmate as the kernel" "linux-demo.*linux: kernel" \
	$work/cell.cell $work/notbz -i $g/initramfs -C $g/cmdline \
	-l $g/loader.bin

linux_boot $work/cell.cell $g || fail "the signed set is refused"
# The cell, loader, kernel, initramfs, command line and boot pages.
jailhouse measurements | tee $work/log
[ "$(grep -c "linux-demo" $work/log)" -ge 6 ] ||
	fail "the measurement log lacks parts of the Linux boot"
jailhouse cell destroy linux-demo
echo "sign-linux: ok"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# Hypercalls belong to the guest kernel: VMMCALL DISABLE from Linux user
# space gets -EPERM and the hypervisor stays; natively it is #UD.
set -e
fail() { echo "enable-usercall: FAIL: $*"; exit 1; }

# A 138-byte static x86-64 ELF (one PT_LOAD at 0x400000, entry 0x400078):
#   xor eax,eax; xor edi,edi; xor esi,esi; vmmcall
#   mov edi,eax; mov eax,60; syscall        (exit status = low byte of RAX)
printf '\177ELF\2\1\1\0\0\0\0\0\0\0\0\0\2\0\76\0\1\0\0\0\170\0\100\0\0\0\0\0\100\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\100\0\70\0\1\0\0\0\0\0\0\0\1\0\0\0\5\0\0\0\0\0\0\0\0\0\0\0\0\0\100\0\0\0\0\0\0\0\100\0\0\0\0\0\212\0\0\0\0\0\0\0\212\0\0\0\0\0\0\0\0\20\0\0\0\0\0\0\61\300\61\377\61\366\17\1\331\211\307\270\74\0\0\0\17\5' \
	> /tmp/usercall
chmod +x /tmp/usercall

rc=0
/tmp/usercall || rc=$?
[ $rc -ge 128 ] || fail "native VMMCALL did not fault (status $rc)"

insmod kernel-module/jailhouse.ko sig_enforce=0
jailhouse enable configs/x86/qemu-svm.cell
for cpu in 0 1 2 3; do
	rc=0
	taskset -c $cpu /tmp/usercall || rc=$?
	# -EPERM = -1: status 255.
	[ $rc = 255 ] || fail "CPU $cpu: user VMMCALL gave status $rc"
done
jailhouse hypervisor info > /dev/null || fail "hypervisor gone"
jailhouse disable
echo "enable-usercall: ok"

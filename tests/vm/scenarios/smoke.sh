#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The loader loads into the stock kernel and /dev/jailhouse answers.
set -e
insmod kernel-module/jailhouse.ko
test -c /dev/jailhouse
jailhouse --version | tee /tmp/version
grep -q '^loader: ' /tmp/version
rmmod jailhouse
test ! -e /dev/jailhouse
echo "smoke: ok"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# `jailhouse hardware check` on the QEMU machine, before anything is
# loaded: it can run the hypervisor (AMD-V with nested paging, the DMAR
# table with Linux's VT-d off, memmap=), so nothing is missing and the
# exit status is 0.
set -e
jailhouse hardware check | tee /tmp/hardware
grep -q '^ok  *cpu  *AMD-V (svm) with nested paging' /tmp/hardware
grep -q '^ok  *iommu ' /tmp/hardware
grep -q '^ok  *memmap  *memmap=' /tmp/hardware
! grep -q '^missing' /tmp/hardware
echo "hardware-check: ok"

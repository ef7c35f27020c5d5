#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# A sandbox without DMA isolation must say so (docs/policy.md,
# "dma-exposure"). On the QEMU machine as the hypervisor sees it without
# its IOMMU unit (configs/x86/qemu-svm-no-iommu.cell: every root PCI
# device but the host bridge can reach all RAM by DMA), the shipped
# sandbox policy refuses to create sandbox-demo, naming each exposed root
# device; the policy that accepts the exposure by name
# (policy/sandbox-dma-exposed.pol) admits it, and the loader logs the
# accepted exposure at create.
set -eu
. tests/vm/lib/signed.sh
work=/tmp/dma
mkdir -p $work
fail() { echo "sign-policy-dma: FAIL: $*"; dmesg | tail -n 8; exit 1; }
step() { echo "--- sign-policy-dma: $*"; }

step "enable without an IOMMU unit"
signed_load_module
jh-sign /lib/firmware/jailhouse.bin
jh-sign -o $work/sys.cell configs/x86/qemu-svm-no-iommu.cell
jailhouse enable $work/sys.cell
jh-sign -o $work/cell configs/x86/sandbox-demo.cell

step "the strict sandbox policy refuses the cell"
jh-sign -o $work/strict.pol policy/sandbox.pol
jailhouse policy load $work/strict.pol
if jailhouse cell create $work/cell 2>$work/err; then
	fail "sandbox cell created with its RAM exposed to root DMA"
fi
grep -q "Operation not permitted" $work/err || fail "$(cat $work/err)"
exposed=$(dmesg | grep -c "cell 'sandbox-demo' refused by the policy \
(class 'sandbox'): root PCI device [0-9]*: root PCI device reaching all RAM \
by DMA (no IOMMU unit)")
[ "$exposed" = 6 ] || fail "$exposed exposed root devices named, not 6"

step "the policy accepting DMA exposure admits it, logged"
jh-sign -o $work/exposed.pol policy/sandbox-dma-exposed.pol
jailhouse policy load $work/exposed.pol
jailhouse cell create $work/cell
dmesg | tail -n 5 | grep "cell 'sandbox-demo' (class 'sandbox'): 6 root PCI \
devices without an IOMMU unit can reach its RAM by DMA; the policy accepts \
this exposure" || fail "accepted exposure not logged"
jailhouse cell destroy sandbox-demo
jailhouse disable
echo "sign-policy-dma: ok"

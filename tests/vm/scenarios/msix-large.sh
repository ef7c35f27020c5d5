#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# qemu-device: nvme,serial=jh22
# MSI-X tables of any size are intercepted (issue 22 item 3): QEMU's nvme
# controller (00:04.0, added for this scenario only) has 65 vectors, one
# more than the hypervisor once remapped, which left compatibility-format
# interrupts allowed for the whole machine. With nvme in the root's
# config (a variant of qemu-svm, flagged for DMA; no driver binds it),
# its table is intercepted at enable next to e1000e's, and the
# compatibility format is blocked. (While a table cannot be intercepted,
# cells with DMA devices are refused: unit test_msix_table.)
set -eu
. tests/vm/lib/signed.sh
work=/tmp/msix-large
mkdir -p $work
fail() { echo "msix-large: FAIL: $*"; jailhouse console | tail -n 20; exit 1; }

nvme=
for d in /sys/bus/pci/devices/*; do
	[ "$(cat $d/vendor):$(cat $d/device)" = 0x1b36:0x0010 ] && nvme=${d##*/}
done
[ -n "$nvme" ] || fail "no nvme controller in the machine"
bdf=${nvme#0000:}
echo "msix-large: nvme at $bdf"

signed_load_module
jh-config show configs/x86/qemu-svm.cell >$work/sys.conf
sed "/bdf: \"00:03.0\"/a\\    - {bdf: \"$bdf\", type: device, class: 0x010802, iommu: 0, flags: [dma]}" \
	$work/sys.conf >$work/nvme.conf
cmp -s $work/sys.conf $work/nvme.conf && fail "sed changed nothing"
jh-config build $work/nvme.conf -o $work/nvme.unsigned
jh-sign /lib/firmware/jailhouse.bin
jh-sign -o $work/nvme.cell $work/nvme.unsigned
jailhouse enable $work/nvme.cell
jailhouse console | grep "MSI-X: $bdf: 65 entries at .* intercepted" ||
	fail "nvme's 65-entry table not intercepted: $(jailhouse console | grep MSI-X)"
jailhouse console | grep "MSI-X: 00:02.0: 5 entries at .* intercepted" ||
	fail "e1000e's table not intercepted"
jailhouse console |
	grep "MSI and MSI-X entry remapped, compatibility format blocked" ||
	fail "compatibility-format interrupts not blocked"
jailhouse disable
echo "msix-large: ok"

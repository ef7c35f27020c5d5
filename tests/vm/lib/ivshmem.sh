# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios whose root cell is peer 0 of the two-peer
# ivshmem device 00:0e.0 (four vectors; state table, R/W section and
# one output section per peer at 0x3effc000).

# ivshmem_root_conf WORK: qemu-svm.cell 16 KiB shorter in RAM, plus the
# device, as WORK/root.conf and built, unsigned, as WORK/root.cell.
ivshmem_root_conf() {
	jh-config show configs/x86/qemu-svm.cell | sed \
	    -e 's/{phys: 0x3c000000, size: 48M,/{phys: 0x3c000000, size: 0x2ffc000,/' \
	    -e '/phys: 0x3c000000/a\
    - {phys: 0x3effc000, size: 4K, flags: [read]}\
    - {phys: 0x3effd000, size: 4K, flags: [read, write]}\
    - {phys: 0x3effe000, size: 4K, flags: [read, write]}\
    - {phys: 0x3efff000, size: 4K, flags: [read]}' \
	    -e '/bdf: "00:1f.3"/a\
    - {bdf: "00:0e.0", type: ivshmem, class: 0xff0000,\
       shmem-regions: 5, shmem-id: 0, shmem-peers: 2, shmem-vectors: 4}' \
	    >"$1/root.conf"
	grep -q 0x2ffc000 "$1/root.conf" || fail "root config: sed missed"
	jh-config build "$1/root.conf" -o "$1/root.cell"
}

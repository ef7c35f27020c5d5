# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios (after signed.sh and wait.sh) that run the device
# fuzzer inmates/tests/x86/dev-fuzz in rounds: each round creates the cell
# dev-fuzz, runs one seed (random accesses the cell may make, then the
# hostile access of class seed % 10), must see the cell failed by the
# hypervisor after its hostile access, not before, and destroys it. The
# scenario sets WORK (a scratch directory), DEV_FUZZ_CPU (the cell's CPU),
# DEV_FUZZ_DEVICES (config lines after the cell's memory: pins, PCI
# devices after the ivshmem device 00:0e.0), DEV_FUZZ_ARGS (command line
# after the seed), DEV_FUZZ_CLASS (more lines of the policy class, such
# as a machine without an IOMMU unit needs) and defines fail MESSAGE
# (print, exit 1).

# The cell (1 MiB at 0x3c600000, the ivshmem sections after it) and the
# policy class that admits it, loaded.
dev_fuzz_setup() {
	cat >"$WORK/dev.conf" <<CONF
cell:
  name: "dev-fuzz"
  flags: [sandbox, virtual-console-permitted, virtual-console-active]
  security-version: 1
  msg-reply-timeout: 1000
  cpus: [$DEV_FUZZ_CPU]
  memory:
    - {phys: 0x3c600000, virt: 0, size: 1M,
       flags: [read, write, execute, loadable]}
    - {virt: 0x100000, size: 4K, flags: [read, write, comm-region]}
    # ivshmem 00:0e.0: state table, read-write, outputs 0 (ours) and 1
    - {phys: 0x3c700000, virt: 0x200000, size: 4K, flags: [read]}
    - {phys: 0x3c701000, virt: 0x201000, size: 4K, flags: [read, write]}
    - {phys: 0x3c702000, virt: 0x202000, size: 4K, flags: [read, write]}
    - {phys: 0x3c703000, virt: 0x203000, size: 4K, flags: [read]}
  pci:
    - {bdf: "00:0e.0", type: ivshmem, class: 0xff0000,
       shmem-regions: 2, shmem-id: 0, shmem-peers: 2, shmem-vectors: 4}
$DEV_FUZZ_DEVICES
CONF
	cat >"$WORK/dev.policy" <<POLICY
classes:
  - name: dev-fuzz
    cells: ["dev-fuzz"]
    max-memory: 2M
    max-cpus: 1
    pci-allow: ["ff", "00ff"]
    root-shared: false
    sandbox-required: true
    max-reply-timeout: 1000
    min-security-version: 1
${DEV_FUZZ_CLASS:-}
POLICY
	jh-config build "$WORK/dev.conf" -o "$WORK/dev.unsigned"
	jh-sign -o "$WORK/dev.cell" "$WORK/dev.unsigned"
	jh-policy compile "$WORK/dev.policy" -o "$WORK/dev.pol"
	jh-sign --type policy "$WORK/dev.pol"
	jailhouse policy load "$WORK/dev.pol"
	jh-sign --cell dev-fuzz -o "$WORK/dev-fuzz.bin" \
		inmates/tests/x86/dev-fuzz.bin
}

dev_failures() {
	jailhouse console | grep -c 'Cell "dev-fuzz" FAILED' || true
}

dev_said() { jailhouse console | grep -q "dev-fuzz: seed $1: $2"; }

# dev_round SEED: one round, failed at its hostile access, destroyed.
dev_round() {
	printf 'seed=%s %s' "$1" "$DEV_FUZZ_ARGS" >"$WORK/devcmd"
	jh-sign --cell dev-fuzz "$WORK/devcmd"
	before=$(dev_failures)
	jailhouse cell create "$WORK/dev.cell"
	jailhouse cell load dev-fuzz "$WORK/dev-fuzz.bin" "$WORK/devcmd" \
		-a 0x1000
	jailhouse cell start dev-fuzz
	wait_until 60 cell_in_state dev-fuzz failed ||
		fail "dev-fuzz seed $1: not failed within 60 s"
	[ "$(dev_failures)" -gt "$before" ] ||
		fail "dev-fuzz seed $1: failed, but not by the hypervisor"
	dev_said "$1" "[0-9]* accesses done" ||
		fail "dev-fuzz seed $1: failed before its hostile access"
	! jailhouse console | grep -q "dev-fuzz: Test result: FAILURE" ||
		fail "dev-fuzz seed $1: a hostile access went through"
	jailhouse console | grep "dev-fuzz: .*seed $1: hostile" | tail -n 1
	jailhouse cell destroy dev-fuzz ||
		fail "dev-fuzz seed $1: destroy failed"
}

# dev_rounds MAX SECONDS: seeds 1 to MAX, no new one after SECONDS; every
# cell destroyed.
dev_rounds() {
	t0=$(date +%s)
	seed=1
	while [ $seed -le "$1" ] && [ $(($(date +%s) - t0)) -lt "$2" ]; do
		dev_round $seed
		seed=$((seed + 1))
	done
	echo "dev-fuzz: $((seed - 1)) rounds in $(($(date +%s) - t0)) s"
	[ "$(jailhouse cell list | wc -l)" = 1 ] ||
		fail "dev-fuzz: a cell is still listed"
}

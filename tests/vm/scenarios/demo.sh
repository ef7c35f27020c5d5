#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What `make demo` shows: the whole signed-sandbox story under Debian's
# stock kernel. Not run by make check: the scenarios it walks through are,
# each with its own assertions. The sandbox's own output is on COM2, which
# `make demo` prints beside COM1.
# tpm: swtpm
set -eu
. /jailhouse/tests/vm/lib/signed.sh
. /jailhouse/tests/vm/lib/wait.sh
. /jailhouse/tests/vm/lib/linux.sh
work=/tmp/demo
mkdir -p $work
banner() { printf '\n===== %s\n' "$*"; }
cell_state() { jailhouse cell list | awk -v c=sandbox-demo '$2 == c'; }

banner "Debian's stock kernel, unmodified"
uname -a

banner "IMA records what the loader accepts (the rule the package ships)"
mount -t securityfs securityfs /sys/kernel/security 2>/dev/null || true
grep -v '^#' systemd/ima-policy | tee /sys/kernel/security/ima/policy

banner "Loading jailhouse.ko and trusting a fresh development key"
signed_load_module
jailhouse keyring list

banner "An unsigned system config is refused before anything runs"
if jailhouse enable configs/x86/qemu-svm.cell; then
	echo "demo: unsigned config accepted" && exit 1
fi

banner "Signing jailhouse.bin and the system config, then enabling"
signed_enable
echo "CPUs in the hypervisor: $(jailhouse console | grep -c activating)"

banner "Linux now runs as the root cell; it keeps working"
dd if=/dev/urandom of=$work/data bs=1M count=16 2>/dev/null
sha256sum $work/data

banner "The signed sandbox policy"
signed_policy

banner "An unsigned cell is refused"
if jailhouse cell create configs/x86/sandbox-demo.cell; then
	echo "demo: unsigned cell accepted" && exit 1
fi

banner "The signed sandbox cell: CPU 3 leaves Linux"
jh-sign -o $work/cell configs/x86/sandbox-demo.cell
jailhouse cell create $work/cell
echo "Linux's CPUs: $(cat /sys/devices/system/cpu/online)"
jailhouse cell list

banner "Loading and starting the signed sandbox-demo (its output: COM2)"
jh-sign --cell sandbox-demo -o $work/demo.bin inmates/demos/x86/sandbox-demo.bin
jailhouse cell load sandbox-demo $work/demo.bin
jailhouse cell start sandbox-demo
sleep 5
cell_state
jailhouse cell stats sandbox-demo

banner "Shutdown (the sandbox approves) and destroy (its memory is zeroed)"
jailhouse cell shutdown sandbox-demo
jailhouse cell destroy sandbox-demo
echo "Linux's CPUs: $(cat /sys/devices/system/cpu/online)"

banner "A sandbox that breaks the rules is stopped; Linux goes on"
jh-sign --cell sandbox-demo -o $work/bad.bin inmates/tests/x86/pio-denied.bin
jailhouse cell create $work/cell
jailhouse cell load sandbox-demo $work/bad.bin
jailhouse cell start sandbox-demo
sleep 2
cell_state
jailhouse console | grep FAILED | tail -n 1
jailhouse cell destroy sandbox-demo

banner "A Linux sandbox next to a bare-metal one"
# The bare-metal sandbox writes to the hypervisor's console this time
# (jailhouse console): COM2 is the Linux cell's.
jh-config show configs/x86/sandbox-demo.cell | sed \
	-e 's/flags: \[sandbox\]/flags: [sandbox, virtual-console-permitted, virtual-console-active]/' \
	-e '/console:/d' -e '/^  pio:/,/0x2f8/d' \
	-e '/^  ioapic-pins:/,/pins: \[3\]/d' >$work/vcon.conf
jh-config build $work/vcon.conf -o $work/vcon.unsigned
jh-sign -o $work/vcon.cell $work/vcon.unsigned
jailhouse cell create $work/vcon.cell
jailhouse cell load sandbox-demo $work/demo.bin
jailhouse cell start sandbox-demo
jh-sign -o $work/linux.cell configs/x86/linux-demo.cell
linux_sign linux-demo $work/linux
echo "kernel, initramfs, command line and linux-loader, signed for linux-demo"
jailhouse cell linux $work/linux.cell $work/linux/bzImage \
	-i $work/linux/initramfs -C $work/linux/cmdline -l $work/linux/loader.bin
sleep 15
jailhouse cell list
echo "Linux's CPUs: $(cat /sys/devices/system/cpu/online)"
jailhouse cell stats linux-demo
jailhouse console | grep -a "sandbox-demo:" | tail -n 3
jailhouse cell destroy linux-demo
jailhouse cell destroy sandbox-demo
echo "Linux's CPUs: $(cat /sys/devices/system/cpu/online)"

banner "What the loader measured, each line extended into TPM PCR 13"
jailhouse measurements

banner "Remote attestation: a TPM quote with the verifier's fresh nonce"
jailhouse attest --enroll $work/enrolled >/dev/null
nonce=$(head -c 16 /dev/urandom | xxd -p)
jailhouse attest --nonce "$nonce" --out $work/quote
ls $work/quote
echo "The verifier (on its own machine; here for the demo) checks the"
echo "quote, replays the log to PCR 13 and IMA's list to PCR 10, and"
echo "judges every image's digest:"
jailhouse measurements | awk '$2 != "pcr-base" { print $5 }' >$work/expected
# --allow-unsigned: the Linux cell's boot pages, built by the loader
# (docs/attestation.md).
jh-attest-verify --ak $work/enrolled/ak.pub.pem --nonce "$nonce" \
	--allow-unsigned --expected $work/expected $work/quote

banner "Disabling: every CPU back to native mode"
jailhouse disable
sha256sum $work/data
rmmod jailhouse
banner "demo: ok"

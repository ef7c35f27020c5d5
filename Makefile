# SPDX-License-Identifier: GPL-2.0
# One build for every part. `make` builds; `make check` runs all tests and
# ends with "N passed, N failed"; `make demo` runs the main job in QEMU;
# `make stress` runs the long cycles of tests/stress (not part of check);
# `make deb` writes the Debian packages into out/deb/ (scripts/mkdeb).
# `make guest` builds the sandbox guest kernel (cached: built once) and
# initramfs (guest/); it is not part of `all`, the kernel takes minutes.

PARTS := hypervisor kernel-module hostlib tools policy configs signer inmates \
	tests/inmates tests/unit tests/fuzz tests/hostile

all: $(PARTS)

$(PARTS) guest:
	$(MAKE) -C $@

# The user-space programs link the host library.
tools policy signer: hostlib
# configs are compiled and checked with tools/jh-config.
configs: tools

deps:
	@scripts/deps --check 2>/dev/null || scripts/deps

check: deps
	$(MAKE) all guest
	tests/check

demo: deps
	$(MAKE) all guest
	tests/vm/run --machine qemu --show --out out/demo tests/vm/scenarios/demo.sh

stress: deps
	$(MAKE) all
	tests/stress

deb: deps
	scripts/mkdeb

clean:
	for part in $(PARTS) guest; do $(MAKE) -C $$part clean; done
	rm -rf out

.PHONY: all deps check demo stress deb clean guest $(PARTS)

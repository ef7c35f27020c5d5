// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the hypervisor's MMIO instruction decoder
 * (hypervisor/arch/x86/mmio-decode.c), which reads instruction bytes a
 * guest chose. The first input byte picks 64- or 32-bit code, the rest
 * are the bytes at RIP. An accepted instruction must lie within the bytes
 * given and MMIO_MAX_INSN, access 1, 2 or 4 bytes, name a register 0-15
 * or none (immediates only for stores), and AH-BH only for registers 0-3.
 */
#include <stdint.h>
#include <stdlib.h>

#include <jailhouse/errno.h>
#include <asm/mmio-decode.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct mmio_insn *insn, size_t avail)
{
	if (insn->len == 0 || insn->len > avail || insn->len > MMIO_MAX_INSN)
		abort();
	if (insn->size != 1 && insn->size != 2 && insn->size != 4)
		abort();
	if (insn->reg == MMIO_REG_NONE ? !insn->write : insn->reg > 15)
		abort();
	if (insn->high_byte && (insn->reg > 3 || insn->size != 1))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mmio_insn insn;

	if (size < 1)
		return 0;
	if (mmio_decode(data + 1, size - 1, data[0] & 1, &insn) == 0)
		check(&insn, size - 1);
	return 0;
}

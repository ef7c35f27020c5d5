// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the hypervisor's MMIO instruction decoders
 * (hypervisor/arch/x86/mmio-decode.c), which read instruction bytes a
 * guest chose. The first input byte picks 64- or 32-bit code, the rest
 * are the bytes at RIP. An accepted MOV must lie within the bytes given
 * and MMIO_MAX_INSN, access 1, 2 or 4 bytes (8 only in 64-bit code, for
 * the root's refused accesses), name a register 0-15 or none (immediates
 * only for stores), and AH-BH only for registers 0-3. An accepted MOVS or
 * STOS must lie within the bytes given and have 1-, 2-, 4- or 8-byte
 * elements; the elements it skips in a page stay within that page's
 * count and the REP count.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/errno.h>
#include <asm/mmio-decode.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct mmio_insn *insn, size_t avail, bool code64)
{
	if (insn->len == 0 || insn->len > avail || insn->len > MMIO_MAX_INSN)
		abort();
	if (insn->size != 1 && insn->size != 2 && insn->size != 4 &&
	    (insn->size != 8 || !code64))
		abort();
	if (insn->reg == MMIO_REG_NONE ? !insn->write : insn->reg > 15)
		abort();
	if (insn->high_byte && (insn->reg > 3 || insn->size != 1))
		abort();
}

/* The register values come from the input's tail when there is one. */
static void check_string(const struct mmio_string *str, size_t avail,
			 const uint8_t *data, size_t size)
{
	uint64_t rdi = 0, rcx = 1, skipped;

	if (str->len == 0 || str->len > avail || str->len > MMIO_MAX_INSN)
		abort();
	if (str->size != 1 && str->size != 2 && str->size != 4 &&
	    str->size != 8)
		abort();
	if (size >= 16) {
		memcpy(&rdi, data + size - 16, 8);
		memcpy(&rcx, data + size - 8, 8);
	}
	skipped = mmio_string_skip(str, rdi, rcx, data[0] & 2);
	if (skipped > 4096 || (str->rep ? skipped > rcx : skipped > 1))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mmio_string str;
	struct mmio_insn insn;
	bool code64;

	if (size < 1)
		return 0;
	code64 = data[0] & 1;
	if (mmio_decode(data + 1, size - 1, code64, &insn) == 0)
		check(&insn, size - 1, code64);
	if (mmio_decode_string(data + 1, size - 1, code64, &str) == 0)
		check_string(&str, size - 1, data, size);
	return 0;
}

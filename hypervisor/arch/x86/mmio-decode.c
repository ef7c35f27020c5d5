// SPDX-License-Identifier: GPL-2.0
/* Decoder of asm/mmio.h; plain logic, also built for the host. */
#include <jailhouse/errno.h>
#include <asm/mmio.h>

#define OP_STORE		0x89
#define OP_LOAD			0x8b
#define OP_STORE_IMM		0xc7
#define REX_MASK		0xf0
#define REX			0x40
#define REX_W			0x8
#define REX_R			0x4

static bool is_segment_prefix(__u8 byte)
{
	return byte == 0x26 || byte == 0x2e || byte == 0x36 ||
	       byte == 0x3e || byte == 0x64 || byte == 0x65;
}

/* Bytes of ModRM, SIB and displacement; 0 for a register operand. */
static unsigned int modrm_len(const __u8 *p, unsigned int avail)
{
	unsigned int mod = p[0] >> 6, rm = p[0] & 7, len = 1;

	if (mod == 3)
		return 0;
	if (rm == 4) {
		if (avail < 2)
			return 0;
		len++;
		if (mod == 0 && (p[1] & 7) == 5)
			return len + 4;
	}
	if (mod == 0 && rm == 5)
		return len + 4;
	if (mod == 1)
		return len + 1;
	return mod == 2 ? len + 4 : len;
}

static __u32 read_le32(const __u8 *p)
{
	return p[0] | (p[1] << 8) | (p[2] << 16) | ((__u32)p[3] << 24);
}

static int decode_operands(const __u8 *code, unsigned int pos,
			   unsigned int avail, __u8 rex,
			   struct mmio_insn *insn)
{
	__u8 op = code[pos++], reg;
	unsigned int len;

	if (pos >= avail)
		return -EINVAL;
	reg = ((code[pos] >> 3) & 7) | (rex & REX_R ? 8 : 0);
	len = modrm_len(code + pos, avail - pos);
	if (!len)
		return -EINVAL;
	pos += len;
	insn->write = op != OP_LOAD;
	insn->reg = reg;
	if (op == OP_STORE_IMM) {
		if ((reg & 7) || pos + 4 > avail)
			return -EINVAL;
		insn->reg = MMIO_REG_NONE;
		insn->imm = read_le32(code + pos);
		pos += 4;
	}
	if (pos > avail || pos > MMIO_MAX_INSN)
		return -EINVAL;
	insn->len = pos;
	return 0;
}

int mmio_decode(const __u8 *code, unsigned int avail, bool code64,
		struct mmio_insn *insn)
{
	unsigned int pos = 0;
	__u8 rex = 0;

	if (avail > MMIO_MAX_INSN)
		avail = MMIO_MAX_INSN;
	while (pos < avail && is_segment_prefix(code[pos]))
		pos++;
	if (pos < avail && code64 && (code[pos] & REX_MASK) == REX)
		rex = code[pos++];
	if (pos >= avail || (rex & REX_W))
		return -EINVAL;
	if (code[pos] != OP_STORE && code[pos] != OP_LOAD &&
	    code[pos] != OP_STORE_IMM)
		return -EINVAL;
	return decode_operands(code, pos, avail, rex, insn);
}

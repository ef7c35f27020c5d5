// SPDX-License-Identifier: GPL-2.0
/* Decoder of asm/mmio-decode.h; plain logic, also built for the host. */
#include <jailhouse/errno.h>
#include <asm/mmio-decode.h>

#define OP_STORE8		0x88
#define OP_STORE		0x89
#define OP_LOAD8		0x8a
#define OP_LOAD			0x8b
#define OP_LOAD_MOFFS8		0xa0
#define OP_LOAD_MOFFS		0xa1
#define OP_STORE_MOFFS8		0xa2
#define OP_STORE_MOFFS		0xa3
#define OP_STORE_IMM8		0xc6
#define OP_STORE_IMM		0xc7
#define OP_TWO_BYTE		0x0f
#define OP2_MOVZX8		0xb6
#define OP2_MOVZX16		0xb7
#define OP_MOVS8		0xa4
#define OP_MOVS			0xa5
#define OP_STOS8		0xaa
#define OP_STOS			0xab
#define PREFIX_OPSIZE		0x66
#define PREFIX_REP		0xf3
#define REX_MASK		0xf0
#define REX			0x40
#define REX_W			0x8
#define REX_R			0x4
/* Byte registers 4-7 without REX are AH, CH, DH, BH. */
#define REG_HIGH_BYTE_FIRST	4

/* What an opcode does, before ModRM. */
struct mmio_op {
	bool write;
	/** Bytes of the access; 0x66 halves 4 to 2, REX.W doubles it. */
	unsigned int size;
	/** Bytes of the immediate operand (stores of a constant). */
	unsigned int imm_len;
	/** A load clears the register's upper bits, else merges. */
	bool zero_extend;
	/** The register operand is a byte register (88, 8A). */
	bool byte_reg;
	/** No ModRM: an absolute address follows, the register is AL-RAX. */
	bool moffs;
};

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

static __u32 read_le(const __u8 *p, unsigned int len)
{
	__u32 value = 0;

	while (len--)
		value = (value << 8) | p[len];
	return value;
}

/* The opcode at @code (@avail bytes): its length, or 0 if unknown. */
static unsigned int lookup_op(const __u8 *code, unsigned int avail,
			      bool opsize, bool rex_w, struct mmio_op *op)
{
	unsigned int wide = rex_w ? 8 : opsize ? 2 : 4;

	*op = (struct mmio_op){ .size = wide, .zero_extend = !opsize };
	switch (code[0]) {
	case OP_STORE8:
		op->size = 1;
		op->byte_reg = true;
		/* fall through */
	case OP_STORE:
		op->write = true;
		return 1;
	case OP_LOAD8:
		op->size = 1;
		op->zero_extend = false;
		op->byte_reg = true;
		/* fall through */
	case OP_LOAD:
		return 1;
	case OP_LOAD_MOFFS8:
	case OP_STORE_MOFFS8:
		op->size = 1;
		op->zero_extend = false;
		/* fall through */
	case OP_LOAD_MOFFS:
	case OP_STORE_MOFFS:
		op->write = code[0] & 2;
		op->moffs = true;
		return 1;
	case OP_STORE_IMM8:
		op->size = 1;
		/* fall through */
	case OP_STORE_IMM:
		op->write = true;
		/* REX.W: a 32-bit immediate, sign-extended. */
		op->imm_len = op->size == 8 ? 4 : op->size;
		return 1;
	case OP_TWO_BYTE:
		if (avail < 2 || opsize || rex_w ||
		    (code[1] != OP2_MOVZX8 && code[1] != OP2_MOVZX16))
			return 0;
		op->size = code[1] == OP2_MOVZX8 ? 1 : 2;
		op->zero_extend = true;
		return 2;
	}
	return 0;
}

/* MOV between AL/AX/EAX and the address in the next 8 (4) bytes. */
static int decode_moffs(unsigned int pos, unsigned int avail, bool code64,
			const struct mmio_op *op, struct mmio_insn *insn)
{
	pos += code64 ? 8 : 4;
	if (pos > avail)
		return -EINVAL;
	*insn = (struct mmio_insn){
		.len = pos,
		.write = op->write,
		.size = op->size,
		.zero_extend = op->zero_extend,
		.reg = 0,
	};
	return 0;
}

static int decode_operands(const __u8 *code, unsigned int pos,
			   unsigned int avail, __u8 rex,
			   const struct mmio_op *op, struct mmio_insn *insn)
{
	unsigned int len;
	__u8 reg;

	if (pos >= avail)
		return -EINVAL;
	reg = ((code[pos] >> 3) & 7) | (rex & REX_R ? 8 : 0);
	len = modrm_len(code + pos, avail - pos);
	if (!len)
		return -EINVAL;
	pos += len;
	*insn = (struct mmio_insn){
		.write = op->write,
		.size = op->size,
		.zero_extend = op->zero_extend,
		.reg = reg,
	};
	if (op->imm_len) {
		/* C6 and C7 are MOV only with reg field 0. */
		if ((reg & 7) || pos + op->imm_len > avail)
			return -EINVAL;
		insn->reg = MMIO_REG_NONE;
		insn->imm = read_le(code + pos, op->imm_len);
		pos += op->imm_len;
	} else if (op->byte_reg && !rex && reg >= REG_HIGH_BYTE_FIRST) {
		insn->reg = reg - REG_HIGH_BYTE_FIRST;
		insn->high_byte = true;
	}
	if (pos > avail || pos > MMIO_MAX_INSN)
		return -EINVAL;
	insn->len = pos;
	return 0;
}

int mmio_decode(const __u8 *code, unsigned int avail, bool code64,
		struct mmio_insn *insn)
{
	unsigned int pos = 0, oplen;
	bool opsize = false;
	struct mmio_op op;
	__u8 rex = 0;

	if (avail > MMIO_MAX_INSN)
		avail = MMIO_MAX_INSN;
	while (pos < avail && (is_segment_prefix(code[pos]) ||
			       (code[pos] == PREFIX_OPSIZE && !opsize)))
		opsize |= code[pos++] == PREFIX_OPSIZE;
	if (pos < avail && code64 && (code[pos] & REX_MASK) == REX)
		rex = code[pos++];
	if (pos >= avail)
		return -EINVAL;
	oplen = lookup_op(code + pos, avail - pos, opsize, rex & REX_W, &op);
	if (!oplen || (opsize && op.size == 1))
		return -EINVAL;
	if (op.moffs)
		return decode_moffs(pos + oplen, avail, code64, &op, insn);
	return decode_operands(code, pos + oplen, avail, rex, &op, insn);
}

int mmio_decode_string(const __u8 *code, unsigned int avail, bool code64,
		       struct mmio_string *str)
{
	unsigned int pos = 0;
	bool opsize = false, rep = false;
	__u8 rex = 0;

	if (avail > MMIO_MAX_INSN)
		avail = MMIO_MAX_INSN;
	for (; pos < avail; pos++) {
		if (code[pos] == PREFIX_OPSIZE)
			opsize = true;
		else if (code[pos] == PREFIX_REP)
			rep = true;
		else if (!is_segment_prefix(code[pos]))
			break;
	}
	if (pos < avail && code64 && (code[pos] & REX_MASK) == REX)
		rex = code[pos++];
	if (pos >= avail)
		return -EINVAL;
	*str = (struct mmio_string){
		.len = pos + 1,
		.size = rex & REX_W ? 8 : opsize ? 2 : 4,
		.movs = code[pos] == OP_MOVS8 || code[pos] == OP_MOVS,
		.rep = rep,
	};
	if (code[pos] == OP_MOVS8 || code[pos] == OP_STOS8)
		str->size = 1;
	else if (code[pos] != OP_MOVS && code[pos] != OP_STOS)
		return -EINVAL;
	return 0;
}

__u64 mmio_string_skip(const struct mmio_string *str, __u64 rdi, __u64 rcx,
		       bool down)
{
	__u64 in_page = rdi & (MMIO_PAGE_SIZE - 1), count;

	if (!str->rep)
		return 1;
	if (down)
		count = in_page / str->size + 1;
	else
		count = (MMIO_PAGE_SIZE - in_page + str->size - 1) / str->size;
	return rcx < count ? rcx : count;
}

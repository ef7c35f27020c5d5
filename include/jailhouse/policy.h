/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Binary sandbox policy: which signers may sign which cells, and what
 * each class of sandbox cell may have. Compiled from text by `jh-policy
 * compile`, signed (type policy), loaded with JAILHOUSE_POLICY_LOAD and
 * enforced by the loader at cell create through lib/policy.c; `jh-sign`
 * and `jh-policy check` apply the same code on the host.
 *
 * Layout: struct jailhouse_policy, then without padding
 *   num_signers     x struct jailhouse_policy_signer,
 *   num_classes     x struct jailhouse_policy_class,
 *   num_patterns    x struct jailhouse_policy_pattern,
 *   num_pio_ranges  x struct jailhouse_pio (cell-config.h),
 *   num_pci_rules   x struct jailhouse_policy_pci_rule,
 *   num_msr_ranges  x struct jailhouse_msr_range (cell-config.h).
 * Signers and classes refer to runs of patterns, port ranges, PCI rules
 * and MSR ranges by first index and count. Packed, fixed-width, little endian; reserved
 * fields zero; every size a multiple of 8. Nothing is trusted before
 * jailhouse_policy_validate() passed.
 *
 * Deny by default: a cell no class matches is refused, a port not in the
 * class's ranges is refused, an MSR range not inside the class's ranges
 * with at least the same access is refused, a PCI device must match an allow rule and no
 * deny rule. Classes are tried in order; the first whose patterns match
 * the cell name applies. A policy that names signers admits only those
 * (each for its cell name patterns); one that names none leaves the
 * choice of signers to the trusted keyring.
 */
#ifndef _JAILHOUSE_POLICY_H
#define _JAILHOUSE_POLICY_H

#include <jailhouse/cell-config.h>
#include <jailhouse/signature.h>

#define JAILHOUSE_POLICY_SIGNATURE	"JHPOL"
#define JAILHOUSE_POLICY_REVISION	2

#define JAILHOUSE_POLICY_MAX_SIGNERS	64
#define JAILHOUSE_POLICY_MAX_CLASSES	64
#define JAILHOUSE_POLICY_MAX_PATTERNS	1024
#define JAILHOUSE_POLICY_MAX_PIO	1024
#define JAILHOUSE_POLICY_MAX_PCI_RULES	1024
#define JAILHOUSE_POLICY_MAX_MSR	1024

/* Glob over cell names: '*' any run, '?' any one character. */
#define JAILHOUSE_POLICY_PATTERN_LEN	32	/* NUL-terminated */

struct jailhouse_policy_pattern {
	char pattern[JAILHOUSE_POLICY_PATTERN_LEN];
} JAILHOUSE_PACKED;

/*
 * A signer, named by a typed identity as a signature's SignerInfo names
 * it: the subject key identifier of its X.509 certificate (the bytes of
 * the extension, as OpenSSL and the kernel keyring see them) or its
 * certificate's serial number (for a certificate without one), and the
 * cell names it may sign. Type and bytes are compared together.
 */
#define JAILHOUSE_POLICY_KEY_ID_LEN	32

struct jailhouse_policy_signer {
	__u8 key_id[JAILHOUSE_POLICY_KEY_ID_LEN];	/* zero-padded */
	__u16 key_id_type;	/* JAILHOUSE_SIGNER_* (signature.h) */
	__u16 key_id_len;	/* 1..32 */
	__u32 first_pattern;
	__u32 num_patterns;
	__u32 reserved;
} JAILHOUSE_PACKED;

/* Class flags. */
/* ROOTSHARED regions allowed; every PCI device behind an IOMMU unit;
 * the cell must carry JAILHOUSE_CELL_SANDBOX (destroy always wins). */
#define JAILHOUSE_POLICY_ROOTSHARED_OK	0x1
#define JAILHOUSE_POLICY_IOMMU_REQUIRED	0x2
#define JAILHOUSE_POLICY_SANDBOX_REQUIRED 0x4
/* Unsigned strings (`jailhouse cell load -s`) may be loaded into its
 * cells; without it only signed images. Unknown to older loaders, which
 * refuse a policy that sets it: no revision change is needed. */
#define JAILHOUSE_POLICY_UNSIGNED_STRINGS 0x8
/* Its cells may take IOAPIC pins whose interrupt a Linux driver holds
 * (Jailhouse's ioapic-demo takes the ACPI SCI); without it the loader
 * refuses such a cell. Unknown to older loaders, as above. */
#define JAILHOUSE_POLICY_ROOT_IRQS	0x10
/* Its cells may be created although a root PCI device can reach their
 * RAM by DMA (no IOMMU unit the hypervisor programs covers it): the
 * signed policy's named choice, logged at every create. Without it the
 * loader refuses such a cell. Unknown to older loaders, as above. */
#define JAILHOUSE_POLICY_DMA_EXPOSURE_OK 0x20
/* Its cells may carry the msr-fault flag: a refused MSR access raises
 * #GP in the cell instead of stopping it (a Linux cell's probes). Without
 * it the class keeps fail-on-violation and refuses such a cell. Unknown
 * to older loaders, as above. */
#define JAILHOUSE_POLICY_MSR_FAULT_OK	0x40
#define JAILHOUSE_POLICY_CLASS_FLAGS	0x7f

struct jailhouse_policy_class {
	char name[JAILHOUSE_POLICY_PATTERN_LEN];	/* NUL-terminated */
	__u32 first_pattern;	/* the cell names of this class */
	__u32 num_patterns;
	__u32 first_pio;	/* I/O ports its cells may have */
	__u32 num_pio;
	__u32 first_pci_rule;	/* PCI classes allowed and denied */
	__u32 num_pci_rules;
	/* Bytes of RAM (regions neither I/O nor comm region), at most. */
	__u64 max_memory;
	__u32 max_cpus;
	__u32 min_security_version;
	__u32 flags;		/* JAILHOUSE_POLICY_* */
	/* Longest msg_reply_timeout, ms, a cell may ask for (0 = "forever"
	 * is then refused too); 0: the class sets no bound. */
	__u32 max_reply_timeout;
	__u32 first_msr;	/* MSRs its cells may access directly */
	__u32 num_msr;
} JAILHOUSE_PACKED;

/* A device matches if (class_code & mask) == value. */
#define JAILHOUSE_POLICY_PCI_ALLOW	1
#define JAILHOUSE_POLICY_PCI_DENY	2

struct jailhouse_policy_pci_rule {
	__u32 value;		/* class << 16 | subclass << 8 | prog-if */
	__u32 mask;		/* 0xff0000, 0xffff00 or 0xffffff */
	__u32 action;		/* JAILHOUSE_POLICY_PCI_* */
	__u32 reserved;
} JAILHOUSE_PACKED;

struct jailhouse_policy {
	char signature[JAILHOUSE_SIGNATURE_LEN];	/* "JHPOL" */
	__u8 architecture;	/* JAILHOUSE_ARCH_* */
	__u16 revision;		/* JAILHOUSE_POLICY_REVISION */
	__u32 num_signers;
	__u32 num_classes;
	__u32 num_patterns;
	__u32 num_pio_ranges;
	__u32 num_pci_rules;
	__u32 num_msr_ranges;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_policy_pattern, 32);
JAILHOUSE_ABI_SIZE(struct jailhouse_policy_signer, 48);
JAILHOUSE_ABI_SIZE(struct jailhouse_policy_class, 88);
JAILHOUSE_ABI_SIZE(struct jailhouse_policy_pci_rule, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_policy, 32);

#endif /* !_JAILHOUSE_POLICY_H */

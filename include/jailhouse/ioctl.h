/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interface of /dev/jailhouse, shared by the loader and the tools.
 *
 * Every structure is fixed-width and packed, so 32- and 64-bit callers see
 * the same layout. Reserved fields must be zero; the loader rejects
 * anything else so that they can gain a meaning later.
 */
#ifndef _JAILHOUSE_IOCTL_H
#define _JAILHOUSE_IOCTL_H

#include <jailhouse/cell-config.h>
#include <jailhouse/types.h>

#ifdef __KERNEL__
#include <linux/ioctl.h>
#else
#include <sys/ioctl.h>
#endif

#define JAILHOUSE_DEVICE		"/dev/jailhouse"
#define JAILHOUSE_IOCTL_MAGIC		'J'

/* Answer of JAILHOUSE_GET_VERSION. */
struct jailhouse_version_info {
	/** JAILHOUSE_IOCTL_ABI of the loader. */
	__u32 ioctl_abi;
	__u32 reserved;
	/** NUL-terminated release string (JAILHOUSE_VERSION). */
	char version[32];
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_version_info, 40);

/*
 * Signed inputs reach the loader as open file descriptors, read in the
 * kernel with kernel_read_file_from_fd() so that IMA and LSMs see the
 * files too. The hypervisor image itself comes via request_firmware()
 * (JAILHOUSE_HV_FIRMWARE), which those see as well.
 */
#define JAILHOUSE_HV_FIRMWARE	"jailhouse.bin"

/* JAILHOUSE_ENABLE: start the hypervisor with this system config. */
struct jailhouse_enable_args {
	__s32 config_fd;
	__u32 flags;		/* must be 0 */
} JAILHOUSE_PACKED;

/* JAILHOUSE_CELL_CREATE: create a cell from a signed cell descriptor. */
struct jailhouse_cell_create_args {
	__s32 config_fd;
	__u32 flags;		/* must be 0 */
} JAILHOUSE_PACKED;

/* Names a cell: NUL-terminated within JAILHOUSE_CELL_NAME_LEN. */
struct jailhouse_cell_id {
	char name[JAILHOUSE_CELL_NAME_LEN];
} JAILHOUSE_PACKED;

/*
 * jailhouse_load_image.flags: image_fd holds an unsigned string of at
 * most JAILHOUSE_LOAD_STRING_MAX bytes (`jailhouse cell load -s`), loaded
 * only if the cell's policy class accepts unsigned strings, and measured.
 */
#define JAILHOUSE_LOAD_STRING		0x1
#define JAILHOUSE_LOAD_STRING_MAX	4096

/* One signed inmate image (or an unsigned string) of JAILHOUSE_CELL_LOAD. */
struct jailhouse_load_image {
	__s32 image_fd;
	__u32 flags;		/* 0 or JAILHOUSE_LOAD_STRING */
	/** Guest-physical load address inside a loadable region. */
	__u64 address;
} JAILHOUSE_PACKED;

/* JAILHOUSE_CELL_LOAD: stop the cell and load images into it. */
struct jailhouse_cell_load_args {
	struct jailhouse_cell_id cell;
	__u32 num_images;
	__u32 flags;		/* must be 0 */
	/** User pointer to num_images struct jailhouse_load_image. */
	__u64 images;
} JAILHOUSE_PACKED;

/*
 * JAILHOUSE_CELL_LOAD_LINUX: stop the cell and lay out a Linux boot in it
 * (docs/linux-cells.md): the linux-loader inmate at the cell's reset
 * address, the kernel and the initramfs where the boot protocol wants
 * them, and the boot parameters the loader builds itself from the
 * verified bzImage, command line and cell descriptor. Each file is an
 * inmate image signed for the cell; the command line may instead be an
 * unsigned string (JAILHOUSE_LINUX_CMDLINE_UNSIGNED), admitted as
 * `cell load -s` strings are. An fd of -1: no initramfs, an empty
 * command line.
 */
#define JAILHOUSE_LINUX_CMDLINE_UNSIGNED	0x1

struct jailhouse_cell_linux_args {
	struct jailhouse_cell_id cell;
	__s32 loader_fd;
	__s32 kernel_fd;
	__s32 initrd_fd;
	__s32 cmdline_fd;
	__u32 flags;		/* 0 or JAILHOUSE_LINUX_CMDLINE_UNSIGNED */
	__u32 reserved;		/* must be 0 */
} JAILHOUSE_PACKED;

/* JAILHOUSE_POLICY_LOAD: activate a signed sandbox policy. */
struct jailhouse_policy_load_args {
	__s32 policy_fd;
	__u32 flags;		/* must be 0 */
} JAILHOUSE_PACKED;

/*
 * JAILHOUSE_KEYRING_ADD: trust a DER X.509 certificate. The loader reads
 * the types its key may sign (JAILHOUSE_RIGHTS_OID, jailhouse/signature.h)
 * and adds it to the .jailhouse keyring, which user space cannot write
 * itself. Returns the key's serial.
 */
#define JAILHOUSE_CERT_MAX_SIZE		(64 * 1024)

struct jailhouse_keyring_add_args {
	__u64 cert;		/* user pointer to the DER certificate */
	__u32 size;		/* 1..JAILHOUSE_CERT_MAX_SIZE */
	__u32 flags;		/* must be 0 */
} JAILHOUSE_PACKED;

/* JAILHOUSE_HV_INFO: the hypervisor's memory use (GET_INFO hypercall). */
struct jailhouse_hv_info {
	__u64 mem_pool_size;	/* pages */
	__u64 mem_pool_used;	/* pages */
	__u64 remap_pool_size;	/* pages of hypervisor address space */
	__u64 remap_pool_used;
	__u32 num_cells;
	__u32 reserved;
} JAILHOUSE_PACKED;

#define JAILHOUSE_CPU_INFO_MAX_STATS	32

/*
 * JAILHOUSE_CPU_INFO: state and VM-exit counters of one CPU
 * (CPU_GET_INFO hypercall); stats[n] is JAILHOUSE_CPU_STAT_VMEXITS_n of
 * jailhouse/hypercall.h, for n < num_stats.
 */
struct jailhouse_cpu_info {
	__u32 cpu;		/* in: Linux CPU number */
	__u32 flags;		/* in: must be 0 */
	__u32 state;		/* out: JAILHOUSE_CPU_RUNNING or _FAILED */
	__u32 num_stats;	/* out */
	__u64 stats[JAILHOUSE_CPU_INFO_MAX_STATS];	/* out */
} JAILHOUSE_PACKED;

/* CPUs a cell descriptor can name (JAILHOUSE_MAX_CPU_SET_SIZE bytes). */
#define JAILHOUSE_CELL_INFO_CPU_BYTES	128

/*
 * JAILHOUSE_CELL_INFO: the cell at position @index of the loader's cells,
 * oldest first; -ENOENT past the last one. The state is the hypervisor's
 * (CELL_GET_STATE hypercall): JAILHOUSE_CELL_* of jailhouse/hypercall.h.
 */
struct jailhouse_cell_info {
	__u32 index;		/* in */
	__u32 flags;		/* in: must be 0 */
	struct jailhouse_cell_id cell;	/* out: its name */
	__u32 id;		/* out: the hypervisor's cell id */
	__u32 state;		/* out */
	__u8 cpus[JAILHOUSE_CELL_INFO_CPU_BYTES];	/* out: bit n = CPU n */
} JAILHOUSE_PACKED;

/*
 * A rollback floor: the highest security version the loader accepted for
 * images of @type. Hypervisor images, system configs and policies have
 * one floor per type (signer type and length 0, no name), whoever signed
 * them; cell descriptors and inmates one per signer (typed identity, as
 * the policy names signers) and cell name. All padding zero.
 */
struct jailhouse_floor {
	__u32 type;		/* JAILHOUSE_IMAGE_* */
	__u32 version;
	char name[32];		/* NUL-terminated, zero-padded */
	__u32 signer_type;	/* JAILHOUSE_SIGNER_* */
	__u32 signer_len;	/* 1..32 */
	__u8 signer[32];	/* zero-padded */
} JAILHOUSE_PACKED;

/* Floors one JAILHOUSE_FLOORS_GET/_RAISE moves at most. */
#define JAILHOUSE_FLOORS_MAX		4096

/*
 * JAILHOUSE_FLOORS_GET: copy up to @num floors to @floors; returns how
 * many the loader holds. JAILHOUSE_FLOORS_RAISE: raise the floors to
 * those given (never lowers one). The jailhouse tool keeps them in
 * JAILHOUSE_FLOORS_FILE across module reloads and reboots.
 */
struct jailhouse_floors_args {
	__u64 floors;		/* user pointer to struct jailhouse_floor[] */
	__u32 num;
	__u32 flags;		/* must be 0 */
} JAILHOUSE_PACKED;

/*
 * The floors file: this header, then @num struct jailhouse_floor.
 * Written by the jailhouse tool after every accepted image, read back
 * (raise only) before every command that verifies one.
 */
#define JAILHOUSE_FLOORS_FILE		"/var/lib/jailhouse/floors"
#define JAILHOUSE_FLOORS_MAGIC		"JHFLOORS"
#define JAILHOUSE_FLOORS_REVISION	1

struct jailhouse_floors_file {
	char magic[8];		/* JAILHOUSE_FLOORS_MAGIC, no NUL */
	__u32 revision;
	__u32 num;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_floor, 80);
JAILHOUSE_ABI_SIZE(struct jailhouse_floors_args, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_keyring_add_args, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_floors_file, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_enable_args, 8);
JAILHOUSE_ABI_SIZE(struct jailhouse_cell_create_args, 8);
JAILHOUSE_ABI_SIZE(struct jailhouse_load_image, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_cell_load_args, 48);
JAILHOUSE_ABI_SIZE(struct jailhouse_cell_linux_args, 56);
JAILHOUSE_ABI_SIZE(struct jailhouse_policy_load_args, 8);
JAILHOUSE_ABI_SIZE(struct jailhouse_hv_info, 40);
JAILHOUSE_ABI_SIZE(struct jailhouse_cpu_info, 272);
JAILHOUSE_ABI_SIZE(struct jailhouse_cell_info, 176);

#define JAILHOUSE_GET_VERSION \
	_IOR(JAILHOUSE_IOCTL_MAGIC, 0x00, struct jailhouse_version_info)
#define JAILHOUSE_ENABLE \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x01, struct jailhouse_enable_args)
#define JAILHOUSE_DISABLE \
	_IO(JAILHOUSE_IOCTL_MAGIC, 0x02)
#define JAILHOUSE_CELL_CREATE \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x03, struct jailhouse_cell_create_args)
#define JAILHOUSE_CELL_LOAD \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x04, struct jailhouse_cell_load_args)
#define JAILHOUSE_CELL_START \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x05, struct jailhouse_cell_id)
#define JAILHOUSE_CELL_SHUTDOWN \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x06, struct jailhouse_cell_id)
#define JAILHOUSE_CELL_DESTROY \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x07, struct jailhouse_cell_id)
#define JAILHOUSE_POLICY_LOAD \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x08, struct jailhouse_policy_load_args)
#define JAILHOUSE_HV_INFO \
	_IOR(JAILHOUSE_IOCTL_MAGIC, 0x09, struct jailhouse_hv_info)
#define JAILHOUSE_CPU_INFO \
	_IOWR(JAILHOUSE_IOCTL_MAGIC, 0x0a, struct jailhouse_cpu_info)
#define JAILHOUSE_CELL_INFO \
	_IOWR(JAILHOUSE_IOCTL_MAGIC, 0x0b, struct jailhouse_cell_info)
#define JAILHOUSE_FLOORS_GET \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x0c, struct jailhouse_floors_args)
#define JAILHOUSE_FLOORS_RAISE \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x0d, struct jailhouse_floors_args)
#define JAILHOUSE_KEYRING_ADD \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x0e, struct jailhouse_keyring_add_args)
#define JAILHOUSE_CELL_LOAD_LINUX \
	_IOW(JAILHOUSE_IOCTL_MAGIC, 0x0f, struct jailhouse_cell_linux_args)

#endif /* !_JAILHOUSE_IOCTL_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Common parts of the isolation test inmates. Each test does one thing a
 * sandbox must not be able to do. Its console shows
 *   NAME: attempting: WHAT
 * before the attempt and, if the cell is still running afterwards,
 *   NAME: Test result: RESULT (DETAILS)
 * with RESULT one of
 *   FAILURE   the access went through although it must stop the cell;
 *   SUCCESS   the inmate saw the access refused (hypercall errors);
 *   SURVIVED  the cell may legitimately go on (the architecture lets the
 *             hypervisor ignore the access): the root side checks that it
 *             had no effect;
 *   SKIP      the test cannot run here (e.g. no hypervisor).
 * The root side's verdict is the cell's state: FAILED, or for SUCCESS and
 * SURVIVED still running and destroyable, with root memory untouched.
 */
#ifndef _ISOLATION_H
#define _ISOLATION_H

#include <inmate.h>

enum test_result {
	TEST_SUCCESS,
	TEST_FAILURE,
	TEST_SURVIVED,
	TEST_SKIP,
};

/* Defined by each test: its name, the prefix of its lines. */
extern const char test_name[];

void test_attempt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void test_report(enum test_result result, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Stay alive, answering the comm region; stop on approved shutdown. */
void test_park(void);

/* An address from the command line (addr=), refused above 4 GiB. */
bool test_address(u64 def, u64 *addr);

/* PCI configuration space by ports 0xCF8/0xCFC (dword @reg of @bdf). */
#define PCI_REG_ID		0x00
u32 pci_conf1_read(u16 bdf, u8 reg);
void pci_conf1_write(u16 bdf, u8 reg, u32 value);
#define PCI_REG_STATUS_CAPS	0x00100000	/* in the command dword */
#define PCI_REG_CAP_PTR		0x34
/* Capability @id of @bdf, its offset, 0 if none (a list loop ends). */
u8 pci_conf1_find_cap(u16 bdf, u8 id);

struct hypercall_case {
	u32 code;
	unsigned long arg1, arg2;
	const char *what;
	bool must_fail;		/* a result >= 0 is a failure */
};

/* Issue each hypercall, print its result, report the verdict, park. */
void test_hypercalls(const struct hypercall_case *cases, unsigned int num);

/* A 64-bit GDTR or IDTR, for the tests that load their own tables. */
struct desc_reg {
	u16 limit;
	u64 base;
} __attribute__((packed));

#endif /* !_ISOLATION_H */

// SPDX-License-Identifier: GPL-2.0
/* Common parts of the isolation test inmates (see isolation.h). */
#include "isolation.h"

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define MAPPED_LIMIT		0x100000000ULL	/* header.S: 0-4 GiB */
#define CONF1_ADDR_PORT		0xcf8
#define CONF1_DATA_PORT		0xcfc
#define CONF1_ENABLE		0x80000000U

static const char *const result_names[] = {
	[TEST_SUCCESS] = "SUCCESS",
	[TEST_FAILURE] = "FAILURE",
	[TEST_SURVIVED] = "SURVIVED",
	[TEST_SKIP] = "SKIP",
};

void test_attempt(const char *fmt, ...)
{
	char what[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	printk("%s: attempting: %s\n", test_name, what);
}

void test_report(enum test_result result, const char *fmt, ...)
{
	char details[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(details, sizeof(details), fmt, ap);
	va_end(ap);
	printk("%s: Test result: %s (%s)\n", test_name,
	       result < ARRAY_SIZE(result_names) ? result_names[result] : "?",
	       details);
}

u32 pci_conf1_read(u16 bdf, u8 reg)
{
	outl(CONF1_ENABLE | (bdf << 8) | reg, CONF1_ADDR_PORT);
	return inl(CONF1_DATA_PORT);
}

void pci_conf1_write(u16 bdf, u8 reg, u32 value)
{
	outl(CONF1_ENABLE | (bdf << 8) | reg, CONF1_ADDR_PORT);
	outl(value, CONF1_DATA_PORT);
}

u8 pci_conf1_find_cap(u16 bdf, u8 id)
{
	unsigned int n;
	u8 cap;

	if (!(pci_conf1_read(bdf, PCI_REG_COMMAND) & PCI_REG_STATUS_CAPS))
		return 0;
	cap = pci_conf1_read(bdf, PCI_REG_CAP_PTR) & 0xfc;
	for (n = 0; n < 48 && cap; n++) {
		if ((pci_conf1_read(bdf, cap) & 0xff) == id)
			return cap;
		cap = (pci_conf1_read(bdf, cap) >> 8) & 0xfc;
	}
	return 0;
}

void test_park(void)
{
	while (!inmate_shutdown_approved())
		cpu_relax();
	printk("%s: shutdown request approved, stopping\n", test_name);
}

bool test_address(u64 def, u64 *addr)
{
	*addr = cmdline_parse_int(cmdline, "addr", def);
	if (*addr < MAPPED_LIMIT - sizeof(u64))
		return true;
	test_report(TEST_SKIP, "address 0x%llx is beyond the identity map",
		    *addr);
	return false;
}

void test_hypercalls(const struct hypercall_case *cases, unsigned int num)
{
	unsigned int i, wrong = 0;
	long result;

	if (!hypervisor_present()) {
		test_report(TEST_SKIP, "no hypervisor to call");
		return;
	}
	for (i = 0; i < num; i++) {
		test_attempt("hypercall %u (%s)", cases[i].code, cases[i].what);
		result = jailhouse_call(cases[i].code, cases[i].arg1,
					cases[i].arg2);
		printk("%s: hypercall %u returned %ld\n", test_name,
		       cases[i].code, result);
		if (cases[i].must_fail && result >= 0)
			wrong++;
	}
	if (wrong)
		test_report(TEST_FAILURE, "%u of %u hypercalls accepted",
			    wrong, num);
	else
		test_report(TEST_SUCCESS, "every hypercall refused");
}

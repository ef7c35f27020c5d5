// SPDX-License-Identifier: GPL-2.0
/*
 * Restart a sibling CPU by SIPI, over and over, so that a destroy that
 * has parked it finds it running again. Needs two CPUs. The boot CPU
 * starts the other one (`sibling=` APIC id, default 3) at the inmate's
 * entry; that one stops the boot CPU (INIT) and then sends it SIPIs for
 * ever, each starting it at a real-mode loop that adds AL = 1 to the
 * byte at COUNTER_ADDR. The cell is parked CPU by CPU in id order, so
 * with the boot CPU the lower one it is parked first, while the sender
 * still runs. The root side destroys the cell and checks that the
 * counter reads zero afterwards: a CPU woken during the destroy would go
 * on adding to it in memory the root cell has back, even once the loop
 * is scrubbed (zero bytes decode as that same add).
 */
#include "isolation.h"

#define DEFAULT_SIBLING		3
/* The loop and its counter, beyond the inmate's image and stack. */
#define STUB_ADDR		0xf0000UL
#define STUB_VECTOR		(STUB_ADDR >> 12)
/* AL = 1 and DS = 0x6001 (the counter at 0x60010) in one move. */
#define COUNTER_SEGMENT		0x6001
#define APIC_ICR_LOW		0x300

const char test_name[] = "sipi-sibling";

/* mov $COUNTER_SEGMENT, %ax; mov %ax, %ds; 1: add %al, (%bx,%si); jmp 1b */
static const u8 stub[] = {
	0xb8, COUNTER_SEGMENT & 0xff, COUNTER_SEGMENT >> 8,
	0x8e, 0xd8,
	0x00, 0x00,
	0xeb, 0xfc,
};

/* In .data: the second CPU's start clears the bss, not this. */
static volatile u32 boot_apic_id = ~0U;

static void start_sibling(u32 sibling)
{
	memcpy((void *)STUB_ADDR, stub, sizeof(stub));
	boot_apic_id = apic_id();
	test_attempt("CPU %u restarts CPU %u by SIPI for ever", sibling,
		     boot_apic_id);
	apic_send_ipi(sibling, APIC_ICR_INIT | APIC_ICR_ASSERT);
	apic_send_ipi(sibling, APIC_ICR_SIPI | APIC_ICR_ASSERT);
	for (;;)
		asm volatile("cli; hlt");
}

/*
 * After the INIT, xAPIC's ICR high keeps the boot CPU's id: one ICR low
 * write (one exit) per SIPI, as fast as the hypervisor takes them.
 */
static void restart_boot_cpu_for_ever(void)
{
	u64 base = read_msr(MSR_IA32_APIC_BASE);
	u32 sipi = APIC_ICR_SIPI | APIC_ICR_ASSERT | STUB_VECTOR;

	apic_send_ipi(boot_apic_id, APIC_ICR_INIT | APIC_ICR_ASSERT);
	if (base & APIC_BASE_X2APIC)
		for (;;)
			apic_send_ipi(boot_apic_id, sipi);
	for (;;)
		mmio_write32((base & APIC_BASE_ADDR_MASK) + APIC_ICR_LOW,
			     sipi);
}

void inmate_main(void)
{
	u32 sibling = cmdline_parse_int(cmdline, "sibling", DEFAULT_SIBLING);

	apic_init();
	if (boot_apic_id == ~0U)
		start_sibling(sibling);
	restart_boot_cpu_for_ever();
}

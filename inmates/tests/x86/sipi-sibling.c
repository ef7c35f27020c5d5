// SPDX-License-Identifier: GPL-2.0
/*
 * Restart a sibling CPU by SIPI, over and over, so that a destroy that
 * has parked it finds it running again. Needs two CPUs: the target
 * (`target=` APIC id, default 2) and the sender (`sender=`, default 3).
 * The sender stops the target (INIT) and then sends it SIPIs for ever,
 * each starting it at a real-mode loop that adds AL = 1 to the byte at
 * COUNTER_ADDR. The cell is parked CPU by CPU in id order, so with the
 * target the lower one it is parked first, while the sender still runs.
 * The root side destroys the cell and checks that the counter reads zero
 * afterwards: a CPU woken during the destroy would go on adding to it in
 * memory the root cell has back, even once the loop is scrubbed (zero
 * bytes decode as that same add).
 *
 * Every CPU of a cell starts at the entry and whichever arrives first
 * runs inmate_main() (docs/inmates.md), so the roles go by APIC id: a
 * target that arrives first starts the sender as the library starts any
 * CPU; a sender that arrives first stops the target where it waits.
 */
#include "isolation.h"

#define DEFAULT_TARGET		2
#define DEFAULT_SENDER		3
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

static u32 target;

/*
 * After the INIT, xAPIC's ICR high keeps the target's id: one ICR low
 * write (one exit) per SIPI, as fast as the hypervisor takes them.
 */
static void restart_target_for_ever(void)
{
	u64 base = read_msr(MSR_IA32_APIC_BASE);
	u32 sipi = APIC_ICR_SIPI | APIC_ICR_ASSERT | STUB_VECTOR;

	memcpy((void *)STUB_ADDR, stub, sizeof(stub));
	test_attempt("CPU %u restarts CPU %u by SIPI for ever", apic_id(),
		     target);
	apic_send_ipi(target, APIC_ICR_INIT | APIC_ICR_ASSERT);
	if (base & APIC_BASE_X2APIC)
		for (;;)
			apic_send_ipi(target, sipi);
	for (;;)
		mmio_write32((base & APIC_BASE_ADDR_MASK) + APIC_ICR_LOW,
			     sipi);
}

void inmate_main(void)
{
	u32 sender = cmdline_parse_int(cmdline, "sender", DEFAULT_SENDER);

	target = cmdline_parse_int(cmdline, "target", DEFAULT_TARGET);
	apic_init();
	if (apic_id() != target)
		restart_target_for_ever();
	if (smp_start_cpu(sender, restart_target_for_ever))
		test_report(TEST_FAILURE, "CPU %u did not start", sender);
	for (;;)
		asm volatile("cli; hlt");
}

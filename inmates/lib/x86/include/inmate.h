/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86 inmate library: what runs inside a non-root cell.
 *
 * The cell's boot CPU starts in real mode at guest address 0, where
 * header.S switches to 64-bit mode with an identity map of the first
 * 4 GiB (2 MiB pages, the top GiB uncached), clears the bss, sets up a
 * stack and calls inmate_main() through inmate_startup(). When
 * inmate_main() returns, the CPU stops.
 *
 * Memory map of an inmate (guest-physical, linked at 0, see inmate.lds.S):
 * startup code below 0x1000, the command line buffer at 0x1000, code and
 * data, bss, page tables and the stack; everything must end below the comm
 * region at 0x100000.
 */
#ifndef _INMATE_H
#define _INMATE_H

#include <stdbool.h>

#include <jailhouse/string.h>
#include <jailhouse/types.h>

#include <cmdline.h>
#include <comm.h>
#include <timing.h>
#include <x86.h>

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s32 s32;
typedef __s64 s64;

/* Provided by each inmate. */
void inmate_main(void);

/* Stop this CPU for good, interrupts off. */
void __attribute__((noreturn)) stop(void);

/* The command line at 0x1000 (empty unless the loader wrote one). */
extern char cmdline[CMDLINE_BUFFER_SIZE];

/*
 * Console: printk() goes to the hypervisor's debug console if the comm
 * region marks it active, else to the cell's 8250 UART (port I/O at
 * comm_region->console.address), else to the debug console if permitted.
 * Without a hypervisor only the UART is used.
 */
void console_init(void);
void printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Hypervisor: detected through CPUID leaf 0x40000000 ("Jailhouse"); the
 * hypercall instruction (VMMCALL on AMD and Hygon, VMCALL otherwise) is
 * chosen from the CPU vendor. Without a hypervisor, jailhouse_call() must not be
 * used: the instruction would raise #UD.
 */
void hypervisor_detect(void);
bool hypervisor_present(void);
long jailhouse_call(unsigned long code, unsigned long arg1, unsigned long arg2);

/*
 * Answer pending comm region messages, approving a shutdown request;
 * true if one was approved: the caller must then stop(). Cheap (one
 * memory read when nothing is pending, no VM exit): call it from loops.
 */
bool inmate_shutdown_approved(void);

/* Time: the TSC at comm_region->tsc_khz (1 GHz assumed if 0). */
u32 tsc_khz(void);
u64 tsc_read_ns(void);
void delay_us(u64 us);

/*
 * Local APIC, in the mode the CPU is in (x2APIC if IA32_APIC_BASE says
 * so, else xAPIC MMIO); its timer runs at comm_region->apic_khz.
 */
void apic_init(void);
u32 apic_id(void);
void apic_eoi(void);
#define APIC_ICR_FIXED		0x00000
#define APIC_ICR_NMI		0x00400
#define APIC_ICR_INIT		0x00500
#define APIC_ICR_SIPI		0x00600
#define APIC_ICR_ASSERT		0x04000
void apic_send_ipi(u32 dest_apic_id, u32 icr_low);
/*
 * Periodic timer raising vector every period_ns: 0, or -1 if the comm
 * region gives no APIC frequency or the period does not fit the counter.
 */
int apic_timer_start_periodic(u64 period_ns, u8 vector);
void apic_timer_stop(void);

/*
 * Interrupts: int_init() loads an IDT whose exception vectors (0-31)
 * report the fault, mark the cell FAILED and stop; a handler set for a
 * vector >= 32 runs with interrupts off and the library sends the APIC
 * EOI after it returns.
 */
typedef void (*int_handler_t)(unsigned int vector);
void int_init(void);
void int_set_handler(unsigned int vector, int_handler_t handler);

/*
 * PCI configuration space by ports (pci.c): @size 1, 2 or 4 bytes at
 * register @reg (below 256, aligned to @size) of @bdf. pci_find_device()
 * scans every bdf for the first with @vendor and @device; pci_find_cap()
 * walks the capability list. Both return -1 if nothing is found.
 */
#define PCI_REG_COMMAND		0x04
#define PCI_REG_CLASS_REV	0x08
#define PCI_REG_BAR(n)		(0x10 + 4 * (n))
#define PCI_CMD_MEMORY		0x0002
#define PCI_CMD_MASTER		0x0004
#define PCI_CAP_VENDOR		0x09
#define PCI_CAP_MSIX		0x11
u32 pci_read_config(u16 bdf, unsigned int reg, unsigned int size);
void pci_write_config(u16 bdf, unsigned int reg, u32 value,
		      unsigned int size);
int pci_find_device(u16 vendor, u16 device);
int pci_find_cap(u16 bdf, u8 cap);

/*
 * SMP: start the cell's CPU with APIC id @apic_id at @entry, on a stack
 * of its own, interrupts off (smp.c; at most SMP_MAX_APS of them).
 * Return: 0 once it runs there, -1 if it did not arrive within a second.
 */
#define SMP_MAX_APS		3
int smp_start_cpu(u32 apic_id, void (*entry)(void));
/*
 * The CPUs that arrived at the reset entry when the cell started (the
 * boot CPU first), by APIC id: smp_cpu_ids[0 .. smp_num_cpus - 1].
 * smp_wait_arrivals(), at startup, waits for them (a second at most).
 */
extern volatile u8 smp_cpu_ids[SMP_MAX_APS + 1];
extern unsigned int smp_num_cpus;
void smp_wait_arrivals(void);

#endif /* !_INMATE_H */

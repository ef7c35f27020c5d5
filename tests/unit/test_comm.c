// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor's side of the comm region (hypervisor/comm.c): what a
 * starting cell finds there, how its state is read, the bounded
 * shutdown handshake.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>
#include <jailhouse/comm.h>
#include <jailhouse/hypercall.h>

static struct {
	struct jailhouse_system sys;
	__u8 cpus[8];
} JAILHOUSE_PACKED sys_blob = {
	.sys = {
		.platform = {
			.pci_mmconfig_base = 0xb0000000,
			.pm_timer_address = 0x608,
			.apic_khz = 1000000,
		},
	},
};

static struct {
	struct jailhouse_cell_desc desc;
	__u8 cpus[8];
} JAILHOUSE_PACKED cell_blob = {
	.desc = {
		.signature = "JHCLL",
		.name = "inmate",
		.cpu_set_size = 8,
		.flags = JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED,
		.console = {
			.type = JAILHOUSE_CON_TYPE_UART_PIO,
			.address = 0x2f8,
			.size = 8,
		},
	},
	.cpus = { 0x0c },
};

static struct jailhouse_comm_region comm;

static void test_init_fills_region(void **state)
{
	(void)state;
	memset(&comm, 0xa5, sizeof(comm));
	comm_region_init(&comm, &cell_blob.desc, &sys_blob.sys, 2000000,
			 500000);
	assert_memory_equal(comm.signature, "JHCOMM", 6);
	assert_int_equal(comm.revision, 2);
	assert_int_equal(comm.cell_state, JAILHOUSE_CELL_RUNNING);
	assert_int_equal(comm.msg_to_cell, JAILHOUSE_MSG_NONE);
	assert_int_equal(comm.reply_from_cell, JAILHOUSE_MSG_NONE);
	assert_int_equal(comm.flags, JAILHOUSE_COMM_FLAG_DBG_PUTC_PERMITTED);
	assert_int_equal(comm.console.type, JAILHOUSE_COMM_CON_TYPE_8250);
	assert_int_equal(comm.console.flags, 0);
	assert_int_equal(comm.console.address, 0x2f8);
	assert_int_equal(comm.console.size, 8);
	assert_int_equal(comm.pci_mmconfig_base, 0xb0000000);
	assert_int_equal(comm.pm_timer_address, 0x608);
	assert_int_equal(comm.num_cpus, 2);
	/* Measured TSC when the platform gives none; APIC as given. */
	assert_int_equal(comm.tsc_khz, 2000000);
	assert_int_equal(comm.apic_khz, 1000000);
	/* And the measured APIC timer when the platform gives none. */
	sys_blob.sys.platform.apic_khz = 0;
	comm_region_init(&comm, &cell_blob.desc, &sys_blob.sys, 2000000,
			 500000);
	sys_blob.sys.platform.apic_khz = 1000000;
	assert_int_equal(comm.apic_khz, 500000);
}

static void test_init_console_none_and_mmio(void **state)
{
	typeof(cell_blob) blob = cell_blob;
	struct jailhouse_cell_desc *d = &blob.desc;

	(void)state;
	d->console.type = JAILHOUSE_CON_TYPE_NONE;
	comm_region_init(&comm, d, &sys_blob.sys, 1, 1);
	assert_int_equal(comm.console.type, JAILHOUSE_COMM_CON_TYPE_NONE);
	assert_int_equal(comm.console.address, 0);
	d->console.type = JAILHOUSE_CON_TYPE_UART_MMIO;
	d->console.address = 0xfe000000;
	comm_region_init(&comm, d, &sys_blob.sys, 1, 1);
	assert_int_equal(comm.console.type, JAILHOUSE_COMM_CON_TYPE_8250);
	assert_int_equal(comm.console.flags, JAILHOUSE_COMM_CON_MMIO);
	assert_int_equal(comm.console.address, 0xfe000000);
}

static void test_state_is_validated(void **state)
{
	(void)state;
	comm.cell_state = JAILHOUSE_CELL_RUNNING_LOCKED;
	assert_int_equal(comm_cell_state(&comm),
			 JAILHOUSE_CELL_RUNNING_LOCKED);
	comm.cell_state = JAILHOUSE_CELL_FAILED_COMM_REV;
	assert_int_equal(comm_cell_state(&comm),
			 JAILHOUSE_CELL_FAILED_COMM_REV);
	comm.cell_state = 5;
	assert_int_equal(comm_cell_state(&comm), JAILHOUSE_CELL_FAILED);
	comm.cell_state = 0xffffffff;
	assert_int_equal(comm_cell_state(&comm), JAILHOUSE_CELL_FAILED);
	assert_false(comm_state_terminal(JAILHOUSE_CELL_RUNNING));
	assert_false(comm_state_terminal(JAILHOUSE_CELL_RUNNING_LOCKED));
	assert_true(comm_state_terminal(JAILHOUSE_CELL_SHUT_DOWN));
	assert_true(comm_state_terminal(JAILHOUSE_CELL_FAILED));
	assert_true(comm_state_terminal(JAILHOUSE_CELL_FAILED_COMM_REV));
}

/* Every cell's, sandbox or not: "forever" and huge values are bounded. */
static void test_timeout_is_bounded(void **state)
{
	struct jailhouse_cell_desc desc = cell_blob.desc;

	(void)state;
	desc.msg_reply_timeout = 0;
	assert_int_equal(comm_reply_timeout_ms(&desc), COMM_MAX_TIMEOUT_MS);
	desc.msg_reply_timeout = 0xffffffff;
	assert_int_equal(comm_reply_timeout_ms(&desc), COMM_MAX_TIMEOUT_MS);
	desc.msg_reply_timeout = 50;
	assert_int_equal(comm_reply_timeout_ms(&desc), 50);
	desc.flags |= JAILHOUSE_CELL_SANDBOX;
	assert_int_equal(comm_reply_timeout_ms(&desc), 50);
	desc.msg_reply_timeout = 0;
	assert_int_equal(comm_reply_timeout_ms(&desc),
			 COMM_SANDBOX_TIMEOUT_MS);
	desc.msg_reply_timeout = 0xffffffff;
	assert_int_equal(comm_reply_timeout_ms(&desc),
			 COMM_SANDBOX_TIMEOUT_MS);
}

/*
 * A fake clock: each reading advances one millisecond; the "cell"
 * answers @reply after @answer_after readings (never if 0), checking
 * that the message arrived with a cleared reply, or with @stop it does
 * not reply but reports that state.
 */
struct fake_cell {
	__u64 now;
	unsigned int answer_after;
	__u32 reply;
	__u32 stop;
};

static __u64 fake_now(void *ctx)
{
	struct fake_cell *cell = ctx;

	cell->now++;
	if (cell->answer_after && cell->now == cell->answer_after) {
		assert_int_equal(comm.msg_to_cell,
				 JAILHOUSE_MSG_SHUTDOWN_REQUEST);
		comm.msg_to_cell = JAILHOUSE_MSG_NONE;
		if (cell->stop)
			comm.cell_state = cell->stop;
		else
			comm.reply_from_cell = cell->reply;
	}
	return cell->now;
}

static int send(struct fake_cell *cell, unsigned int timeout_ms)
{
	const struct comm_clock clock = {
		.now = fake_now, .ctx = cell, .ticks_per_ms = 1,
	};

	comm.reply_from_cell = JAILHOUSE_MSG_REQUEST_APPROVED;
	comm.cell_state = JAILHOUSE_CELL_RUNNING_LOCKED;
	return comm_send_message(&comm, JAILHOUSE_MSG_SHUTDOWN_REQUEST,
				 &clock, timeout_ms);
}

static void test_handshake(void **state)
{
	struct fake_cell cell = {
		.answer_after = 5, .reply = JAILHOUSE_MSG_REQUEST_APPROVED,
	};

	(void)state;
	/* The stale reply is cleared first, so the answer is the cell's. */
	assert_int_equal(send(&cell, 100), JAILHOUSE_MSG_REQUEST_APPROVED);
	cell = (struct fake_cell){ .answer_after = 3,
				   .reply = JAILHOUSE_MSG_REQUEST_DENIED };
	assert_int_equal(send(&cell, 100), JAILHOUSE_MSG_REQUEST_DENIED);
	cell = (struct fake_cell){ .answer_after = 3, .reply = 0x80000000 };
	assert_int_equal(send(&cell, 100), JAILHOUSE_MSG_UNKNOWN);
	/* Shut down or failed without a word: approved, as in Jailhouse. */
	cell = (struct fake_cell){ .answer_after = 3,
				   .stop = JAILHOUSE_CELL_SHUT_DOWN };
	assert_int_equal(send(&cell, 100), JAILHOUSE_MSG_REQUEST_APPROVED);
	cell = (struct fake_cell){ .answer_after = 3,
				   .stop = JAILHOUSE_CELL_FAILED };
	assert_int_equal(send(&cell, 100), JAILHOUSE_MSG_REQUEST_APPROVED);
}

static void test_handshake_times_out(void **state)
{
	struct fake_cell cell = { 0 };

	(void)state;
	assert_int_equal(send(&cell, 20), -ETIMEDOUT);
	assert_true(cell.now >= 21 && cell.now <= 23);
	/* 0 waits until the answer comes, however late. */
	cell = (struct fake_cell){ .answer_after = 5000,
				   .reply = JAILHOUSE_MSG_REQUEST_APPROVED };
	assert_int_equal(send(&cell, 0), JAILHOUSE_MSG_REQUEST_APPROVED);
}

/* A clock that advances a millisecond per reading. */
static __u64 tick(void *ctx)
{
	return ++*(__u64 *)ctx;
}

static void test_wait_terminal(void **state)
{
	__u64 now = 0;
	const struct comm_clock clock = {
		.now = tick, .ctx = &now, .ticks_per_ms = 1,
	};

	(void)state;
	comm.cell_state = JAILHOUSE_CELL_RUNNING;
	assert_false(comm_wait_terminal(&comm, &clock, 10));
	assert_true(now >= 11 && now <= 12);
	comm.cell_state = JAILHOUSE_CELL_SHUT_DOWN;
	assert_true(comm_wait_terminal(&comm, &clock, 10));
	comm.cell_state = 77;	/* no state: reads as failed, terminal */
	assert_true(comm_wait_terminal(&comm, &clock, 10));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_fills_region),
		cmocka_unit_test(test_init_console_none_and_mmio),
		cmocka_unit_test(test_state_is_validated),
		cmocka_unit_test(test_timeout_is_bounded),
		cmocka_unit_test(test_handshake),
		cmocka_unit_test(test_handshake_times_out),
		cmocka_unit_test(test_wait_terminal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

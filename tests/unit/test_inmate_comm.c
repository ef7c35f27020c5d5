// SPDX-License-Identifier: GPL-2.0
/*
 * The comm region: its layout (Jailhouse's offsets, which inmates built
 * for Jailhouse rely on) and the cell's side of the message handshake
 * (inmates/lib/x86/comm.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <comm.h>

static struct jailhouse_comm_region comm;

static int setup_comm(void **state)
{
	(void)state;
	memset(&comm, 0, sizeof(comm));
	memcpy(comm.signature, JAILHOUSE_COMM_REGION_MAGIC,
	       JAILHOUSE_COMM_REGION_MAGIC_LEN);
	comm.revision = JAILHOUSE_COMM_REGION_REVISION;
	return 0;
}

static void test_layout(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct jailhouse_comm_region), 76);
	assert_int_equal(offsetof(struct jailhouse_comm_region, revision), 6);
	assert_int_equal(offsetof(struct jailhouse_comm_region, cell_state),
			 8);
	assert_int_equal(offsetof(struct jailhouse_comm_region, msg_to_cell),
			 12);
	assert_int_equal(offsetof(struct jailhouse_comm_region,
				  reply_from_cell), 16);
	assert_int_equal(offsetof(struct jailhouse_comm_region, flags), 20);
	assert_int_equal(offsetof(struct jailhouse_comm_region, console), 24);
	assert_int_equal(offsetof(struct jailhouse_comm_region, console.type),
			 36);
	assert_int_equal(offsetof(struct jailhouse_comm_region,
				  pci_mmconfig_base), 56);
	assert_int_equal(offsetof(struct jailhouse_comm_region,
				  pm_timer_address), 64);
	assert_int_equal(offsetof(struct jailhouse_comm_region, num_cpus), 66);
	assert_int_equal(offsetof(struct jailhouse_comm_region, tsc_khz), 68);
	assert_int_equal(offsetof(struct jailhouse_comm_region, apic_khz), 72);
}

static void test_valid(void **state)
{
	(void)state;
	assert_true(comm_region_valid(&comm));
}

static void test_wrong_signature(void **state)
{
	(void)state;
	comm.signature[5] = 'X';
	assert_false(comm_region_valid(&comm));
}

static void test_wrong_revision(void **state)
{
	(void)state;
	comm.revision = 1;
	assert_false(comm_region_valid(&comm));
	comm.revision = 3;
	assert_false(comm_region_valid(&comm));
}

static void test_no_message(void **state)
{
	(void)state;
	comm.reply_from_cell = 0xdead;
	assert_int_equal(comm_region_poll(&comm, true), JAILHOUSE_MSG_NONE);
	/* Nothing was answered: the reply word is untouched. */
	assert_int_equal(comm.reply_from_cell, 0xdead);
}

static void assert_answer(__u32 msg, bool approve, __u32 reply)
{
	comm.msg_to_cell = msg;
	comm.reply_from_cell = JAILHOUSE_MSG_NONE;
	assert_int_equal(comm_region_poll(&comm, approve), msg);
	assert_int_equal(comm.msg_to_cell, JAILHOUSE_MSG_NONE);
	assert_int_equal(comm.reply_from_cell, reply);
	assert_int_equal(comm.cell_state, JAILHOUSE_CELL_RUNNING);
}

static void test_shutdown_approved(void **state)
{
	(void)state;
	assert_answer(JAILHOUSE_MSG_SHUTDOWN_REQUEST, true,
		      JAILHOUSE_MSG_REQUEST_APPROVED);
}

static void test_shutdown_denied(void **state)
{
	(void)state;
	assert_answer(JAILHOUSE_MSG_SHUTDOWN_REQUEST, false,
		      JAILHOUSE_MSG_REQUEST_DENIED);
}

static void test_reconfig_received(void **state)
{
	(void)state;
	assert_answer(JAILHOUSE_MSG_RECONFIG_COMPLETED, true,
		      JAILHOUSE_MSG_RECEIVED);
	assert_answer(JAILHOUSE_MSG_RECONFIG_COMPLETED, false,
		      JAILHOUSE_MSG_RECEIVED);
}

static void test_unknown_message(void **state)
{
	(void)state;
	assert_answer(3, true, JAILHOUSE_MSG_UNKNOWN);
	assert_answer(0xffffffff, false, JAILHOUSE_MSG_UNKNOWN);
}

/* Each message is answered once: a second poll finds nothing. */
static void test_answered_once(void **state)
{
	(void)state;
	comm.msg_to_cell = JAILHOUSE_MSG_SHUTDOWN_REQUEST;
	assert_int_equal(comm_region_poll(&comm, true),
			 JAILHOUSE_MSG_SHUTDOWN_REQUEST);
	assert_int_equal(comm_region_poll(&comm, true), JAILHOUSE_MSG_NONE);
	assert_int_equal(comm.reply_from_cell, JAILHOUSE_MSG_REQUEST_APPROVED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test_setup(test_valid, setup_comm),
		cmocka_unit_test_setup(test_wrong_signature, setup_comm),
		cmocka_unit_test_setup(test_wrong_revision, setup_comm),
		cmocka_unit_test_setup(test_no_message, setup_comm),
		cmocka_unit_test_setup(test_shutdown_approved, setup_comm),
		cmocka_unit_test_setup(test_shutdown_denied, setup_comm),
		cmocka_unit_test_setup(test_reconfig_received, setup_comm),
		cmocka_unit_test_setup(test_unknown_message, setup_comm),
		cmocka_unit_test_setup(test_answered_once, setup_comm),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: lib/signature.c, as the loader runs it on every
 * image user space hands in: the trailer and header of a signed file, and
 * the CMS shape check, on the input as a whole file and as a bare CMS blob,
 * the certificate reader of `jailhouse keyring add`, and the search for
 * an orphaned signed header the tools run on a refused file. Whatever is
 * accepted must lie inside the input.
 */
#include <stdint.h>
#include <stdlib.h>

#include "signature.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_signer(const void *cms, size_t size)
{
	struct jailhouse_signer_id signer;
	const char *reason;

	if (jailhouse_sig_signer(cms, size, &signer, &reason) != 0)
		return;
	if (signer.len == 0 || signer.len > JAILHOUSE_SIG_SIGNER_ID_MAX ||
	    (signer.type != JAILHOUSE_SIGNER_SKID &&
	     signer.type != JAILHOUSE_SIGNER_ISSUER_SERIAL))
		abort();
}

/* What a certificate grants is a set of known types, its ids typed. */
static void check_cert(const void *der, size_t size)
{
	struct jailhouse_cert_info info;
	const char *reason;

	if (jailhouse_cert_parse(der, size, &info, &reason) != 0)
		return;
	if ((info.rights & ~JAILHOUSE_RIGHTS_ALL) ||
	    info.issuer_serial.type != JAILHOUSE_SIGNER_ISSUER_SERIAL ||
	    (info.skid.type && (info.skid.type != JAILHOUSE_SIGNER_SKID ||
				info.skid.len == 0 ||
				info.skid.len > JAILHOUSE_SIG_SIGNER_ID_MAX)))
		abort();
}

/* An orphaned header lies inside the input, after its payload. */
static void check_orphan(const void *data, size_t size)
{
	const struct jailhouse_sig_header *hdr;
	__u64 at;

	if (!jailhouse_sig_orphan_header(data, size, &at))
		return;
	if (at + sizeof(*hdr) > size)
		abort();
	hdr = (const void *)((const uint8_t *)data + at);
	if (hdr->payload_size != at)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jailhouse_sig_parts parts;
	const char *reason;

	if (jailhouse_sig_parse(data, size, &parts, &reason) == 0) {
		if (parts.payload != data ||
		    parts.signed_size != parts.payload_size +
		    sizeof(struct jailhouse_sig_header) ||
		    parts.signed_size + parts.cms_size +
		    sizeof(struct jailhouse_sig_trailer) != size)
			abort();
		check_signer(parts.cms, parts.cms_size);
	}
	check_signer(data, size);
	check_cert(data, size);
	check_orphan(data, size);
	return 0;
}

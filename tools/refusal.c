// SPDX-License-Identifier: GPL-2.0
/*
 * Why the loader refused a signed file, said with the file's name. The
 * loader answers with an errno (include/jailhouse/signature.h) and logs
 * the details; from the errno and the files themselves (trailer, signed
 * header, signer) and the .jailhouse keyring this finds which of a
 * request's files was refused and says so in words a person can act on,
 * errno text kept in parentheses.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/signature.h"
#include "commands.h"

/* One input file, mapped and split into its signed parts. */
struct examined {
	void *map;
	size_t size;
	int parse_err;		/* 0, -ENODATA or -EBADMSG */
	const char *reason;
	struct jailhouse_sig_parts parts;
	struct jailhouse_signer_id signer;
};

static void examine(const char *path, struct examined *ex)
{
	struct stat st;
	int fd;

	memset(ex, 0, sizeof(*ex));
	ex->parse_err = -EIO;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (!fstat(fd, &st) && st.st_size > 0) {
		ex->map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (ex->map == MAP_FAILED)
			ex->map = NULL;
		else
			ex->size = st.st_size;
	}
	close(fd);
	if (!ex->map)
		return;
	ex->parse_err = jailhouse_sig_parse(ex->map, ex->size, &ex->parts,
					    &ex->reason);
	if (!ex->parse_err)
		ex->parse_err = jailhouse_sig_signer(ex->parts.cms,
						     ex->parts.cms_size,
						     &ex->signer, &ex->reason);
}

static void release(struct examined *ex)
{
	if (ex->map)
		munmap(ex->map, ex->size);
}

static void signer_text(const struct jailhouse_signer_id *s, char *buf,
			size_t size)
{
	size_t at, i;

	at = snprintf(buf, size, "%s:", s->type == JAILHOUSE_SIGNER_SKID ?
		      "skid" : "issuer-serial");
	for (i = 0; i < s->len && at + 3 <= size; i++)
		at += snprintf(buf + at, size - at, "%02x", s->id[i]);
}

/* The highest floor the loader holds for @ex's type, signer and name. */
static __u32 loader_floor(const struct examined *ex)
{
	const struct jailhouse_sig_header *hdr = ex->parts.header;
	struct jailhouse_floor *floors = NULL, *f;
	__u32 floor = 0;
	int dev, held = 0;

	dev = open(JAILHOUSE_DEVICE, O_RDWR | O_CLOEXEC);
	if (dev >= 0)
		held = jailhouse_floors_get(dev, &floors);
	for (f = floors; held > 0 && f < floors + held; f++)
		if (f->type == hdr->type &&
		    (f->signer_type == 0 ||	/* a platform type's floor */
		     (f->signer_type == ex->signer.type &&
		      f->signer_len == ex->signer.len &&
		      !memcmp(f->signer, ex->signer.id, ex->signer.len))) &&
		    (!f->name[0] || !strncmp(f->name, hdr->name,
					     sizeof(f->name))) &&
		    f->version > floor)
			floor = f->version;
	if (dev >= 0)
		close(dev);
	free(floors);
	return floor;
}

/* Bytes of @id that differ from the hex digits at @hex (UINT_MAX: not
 * an identifier of @id's length). */
static unsigned int bytes_differing(const struct jailhouse_signer_id *id,
				    const char *hex)
{
	unsigned int i, n = 0, byte;

	if (strspn(hex, "0123456789abcdef") != 2 * id->len ||
	    hex[2 * id->len])
		return UINT_MAX;
	for (i = 0; i < id->len; i++)
		if (sscanf(hex + 2 * i, "%2x", &byte) != 1 || byte != id->id[i])
			n++;
	return n;
}

/*
 * Whether @ex's signer identifier is one or two bytes off a trusted key's
 * ("CN: SKID-HEX"): the signature block was damaged, the file was not
 * signed by a stranger (jh-sign --verify says the same, signer/check.c).
 * If so, say why.
 */
static bool damaged_signer(const char *path, const struct examined *ex)
{
	static __s32 keys[JAILHOUSE_MAX_KEYS];
	const char *text, *hex;
	char desc[512];
	unsigned int n = 0;
	int num, i;

	if (ex->signer.type != JAILHOUSE_SIGNER_SKID)
		return false;
	num = jailhouse_keyring_keys(keys);
	for (i = 0; i < num && (n == 0 || n > 2); i++) {
		text = jailhouse_key_description(keys[i], desc, sizeof(desc));
		hex = strrchr(text, ' ');
		n = bytes_differing(&ex->signer, hex ? hex + 1 : text);
	}
	if (n == 0 || n > 2)
		return false;
	fprintf(stderr, "jailhouse: %s: signature malformed: its signer "
		"identifier differs from that of the trusted key '%s' in %u "
		"byte%s (damaged) (%s)\n", path, text, n, n == 1 ? "" : "s",
		strerror(ENOKEY));
	return true;
}

/* Whether @ex is the file that earned @err, and if so, say why. */
static bool explain_one(const struct signed_input *in,
			const struct examined *ex, int err)
{
	const struct jailhouse_sig_header *hdr = ex->parts.header;
	const char *path = in->path, *text = strerror(err);
	char who[2 * JAILHOUSE_SIG_SIGNER_ID_MAX + 20];
	__u32 floor;
	__u64 at;

	if (ex->parse_err) {
		if (err == ENODATA && ex->parse_err == -ENODATA &&
		    jailhouse_sig_orphan_header(ex->map, ex->size, &at))
			fprintf(stderr, "jailhouse: %s: " JAILHOUSE_SIG_DAMAGED
				" (%s)\n", path, (unsigned long long)at, text);
		else if (err == ENODATA && ex->parse_err == -ENODATA)
			fprintf(stderr, "jailhouse: %s: not signed: sign it "
				"with jh-sign (only sig_enforce=0 runs "
				"unsigned images) (%s)\n", path, text);
		else if (err == EBADMSG && ex->parse_err == -EBADMSG)
			fprintf(stderr, "jailhouse: %s: signature malformed: "
				"%s (%s)\n", path, ex->reason, text);
		else
			return false;
		return true;
	}
	signer_text(&ex->signer, who, sizeof(who));
	switch (err) {
	case ENOKEY:
		if (damaged_signer(path, ex))
			return true;
		fprintf(stderr, "jailhouse: %s: signed by a key the "
			".jailhouse keyring does not trust (%s): add its "
			"certificate with 'jailhouse keyring add' before the "
			"keyring is locked (%s)\n", path, who, text);
		return true;
	case EKEYREJECTED:
		fprintf(stderr, "jailhouse: %s: the signature does not match "
			"the contents: changed after signing? (%s)\n", path,
			text);
		return true;
	case EMEDIUMTYPE:
		if (hdr->type == in->type)
			return false;
		fprintf(stderr, "jailhouse: %s: signed as a '%s' image, not "
			"as a '%s' one (%s)\n", path,
			jailhouse_sig_type_name(hdr->type),
			jailhouse_sig_type_name(in->type), text);
		return true;
	case EXDEV:
		if (in->name &&
		    !strncmp(hdr->name, in->name, sizeof(hdr->name)))
			return false;
		fprintf(stderr, "jailhouse: %s: signed for the name '%.*s', "
			"not for %s%s%s (%s)\n", path, (int)sizeof(hdr->name),
			hdr->name, in->name ? "'" : "the one inside it",
			in->name ? in->name : "", in->name ? "'" : "", text);
		return true;
	case EACCES:
		fprintf(stderr, "jailhouse: %s: signed by %s, whose certificate "
			"does not grant signing '%s' images (jh-sign keygen "
			"--types) (%s)\n", path, who,
			jailhouse_sig_type_name(hdr->type), text);
		return true;
	case ESTALE:
		floor = loader_floor(ex);
		/* Else a floor the TPM holds, or another file's: the
		 * loader's own lines say which (tpm-floors.c). */
		if (hdr->security_version >= floor)
			return false;
		fprintf(stderr, "jailhouse: %s: security version %u is below "
			"the floor %u reached before (%s)\n", path,
			hdr->security_version, floor, text);
		return true;
	}
	return false;
}

/*
 * Trust and the signature's value cannot be told from the files: with
 * several, name them all and leave the rest to the kernel log.
 */
static bool undecidable(const struct signed_input *in, unsigned int num,
			int err)
{
	unsigned int n;

	if (num < 2 || (err != ENOKEY && err != EKEYREJECTED && err != EACCES))
		return false;
	fprintf(stderr, "jailhouse: one of these images is %s; the kernel "
		"log (dmesg) says which (%s):\n", err == ENOKEY ?
		"signed by a key the .jailhouse keyring does not trust" :
		err == EACCES ? "signed by a key not allowed to sign its type" :
		"not what was signed", strerror(err));
	for (n = 0; n < num; n++)
		fprintf(stderr, "  %s\n", in[n].path);
	return true;
}

/*
 * A rollback refusal no floor of the loader's explains: a floor the TPM
 * holds (kernel-module/tpm-floors.c), which only the kernel log names.
 */
static bool tpm_floor_refusal(const struct signed_input *in,
			      unsigned int num, int err)
{
	unsigned int n;

	if (err != ESTALE)
		return false;
	if (num == 1) {
		fprintf(stderr, "jailhouse: %s: security version below a "
			"rollback floor the TPM holds; the kernel log (dmesg) "
			"names it (%s)\n", in[0].path, strerror(err));
		return true;
	}
	fprintf(stderr, "jailhouse: one of these images is below a rollback "
		"floor the TPM holds; the kernel log (dmesg) says which "
		"(%s):\n", strerror(err));
	for (n = 0; n < num; n++)
		fprintf(stderr, "  %s\n", in[n].path);
	return true;
}

static bool policy_applies(__u32 type)
{
	return type == JAILHOUSE_IMAGE_CELL_CONFIG ||
	       type == JAILHOUSE_IMAGE_INMATE;
}

bool jailhouse_explain_refusal(const struct signed_input *in,
			       unsigned int num, int err)
{
	struct examined ex;
	bool said = false;
	unsigned int n;

	if (undecidable(in, num, err))
		return true;
	if (err == EPERM && policy_applies(in[0].type)) {
		fprintf(stderr, "jailhouse: %s: refused by the policy, or no "
			"policy is loaded: the kernel log (dmesg) names the "
			"rule (%s)\n", in[0].path, strerror(err));
		return true;
	}
	for (n = 0; n < num && !said; n++) {
		examine(in[n].path, &ex);
		said = explain_one(&in[n], &ex, err);
		release(&ex);
	}
	return said || tpm_floor_refusal(in, num, err);
}

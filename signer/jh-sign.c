// SPDX-License-Identifier: GPL-2.0
/*
 * jh-sign: sign, verify and inspect Jailhouse images; make development
 * keys. The format is include/jailhouse/signature.h; docs/signing.md is
 * the manual. Helpers return negative errno after printing one line; only
 * main() decides the exit status.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jailhouse/version.h>

#include "check.h"
#include "creds.h"
#include "error.h"
#include "gate.h"
#include "rights.h"
#include "keygen.h"
#include "recognise.h"
#include "sign.h"
#include "token.h"

enum mode { MODE_SIGN, MODE_VERIFY, MODE_INFO, MODE_KEYGEN };

struct options {
	enum mode mode;
	const char *key, *cert, *output, *name, *cn, *policy;
	const char *name_option;	/* "--name" or "--cell" */
	__u32 type;
	bool detach;
	bool has_version;
	bool force;
	bool help, print_version;
	__u32 rights;
	unsigned long version, min_version, bits, days;
};

#define KEYGEN_SYNOPSIS \
	"keygen [--key KEY] [--cert CERT] [--cn NAME] [--bits N]\n" \
	"               [--days N] [--types all|TYPE,...]\n"
#define KEYGEN_NOTES \
	"keygen --types: what the key may sign (default cell,inmate; the\n" \
	"platform's hypervisor, system and policy only if named, or all).\n"

/* The usage of keygen (@keygen) or of the whole tool. */
static void usage(FILE *out, bool keygen)
{
	if (keygen) {
		fprintf(out, "Usage: jh-sign " KEYGEN_SYNOPSIS "\n"
			KEYGEN_NOTES);
		return;
	}
	fprintf(out,
"Usage: jh-sign [--key KEY] [--cert CERT] [-o OUT | --detach [-o OUT]]\n"
"               [--type TYPE] [--name NAME | --cell NAME]\n"
"               [-s|--security-version N] [--policy POLICY] [--force] FILE\n"
"       jh-sign --verify [--cert CERT|DIR] [--type TYPE] [--name NAME]\n"
"               [--min-version N] FILE\n"
"       jh-sign --info [--cert CERT|DIR] FILE\n"
"       jh-sign " KEYGEN_SYNOPSIS
"       jh-sign --help | --version\n\n"
"TYPE: hypervisor, system, cell, inmate or policy. Key and certificate\n"
"default to $JH_SIGN_KEY and $JH_SIGN_CERT, else %s and %s;\n"
"either may be a PKCS#11 URI (pkcs11:token=T;object=O;pin-value=P).\n"
"Cells are checked against POLICY ($JH_SIGN_POLICY, else %s\n"
"if present) and not signed if they violate it, unless --force; so\n"
"are images of a type the certificate does not grant.\n"
"--verify trusts CERT, or the certificate in DIR that names the signer\n"
"(default $JH_SIGN_CERT, else %s/ if present, as the keyring);\n"
"--info names the signer from them.\n"
KEYGEN_NOTES, JH_DEFAULT_KEY, JH_DEFAULT_CERT, JH_DEFAULT_POLICY,
	JH_DEFAULT_KEYS);
}

enum { OPT_KEY = 256, OPT_CERT, OPT_DETACH, OPT_TYPE, OPT_NAME, OPT_CELL,
       OPT_VERIFY, OPT_INFO, OPT_MIN_VERSION, OPT_CN, OPT_BITS,
       OPT_DAYS, OPT_POLICY, OPT_FORCE, OPT_TYPES, OPT_VERSION };

static const struct option long_options[] = {
	{ "key", required_argument, NULL, OPT_KEY },
	{ "cert", required_argument, NULL, OPT_CERT },
	{ "output", required_argument, NULL, 'o' },
	{ "detach", no_argument, NULL, OPT_DETACH },
	{ "type", required_argument, NULL, OPT_TYPE },
	{ "name", required_argument, NULL, OPT_NAME },
	{ "cell", required_argument, NULL, OPT_CELL },
	{ "security-version", required_argument, NULL, 's' },
	{ "verify", no_argument, NULL, OPT_VERIFY },
	{ "info", no_argument, NULL, OPT_INFO },
	{ "min-version", required_argument, NULL, OPT_MIN_VERSION },
	{ "cn", required_argument, NULL, OPT_CN },
	{ "bits", required_argument, NULL, OPT_BITS },
	{ "days", required_argument, NULL, OPT_DAYS },
	{ "policy", required_argument, NULL, OPT_POLICY },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "types", required_argument, NULL, OPT_TYPES },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

static int parse_number(const char *arg, unsigned long max,
			unsigned long *value)
{
	char *end;

	errno = 0;
	*value = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || arg[0] == '-' || *value > max)
		return jh_fail(arg, -EINVAL, "not a number up to %lu", max);
	return 0;
}

static int parse_bits(const char *arg, unsigned long *bits)
{
	int err = parse_number(arg, 16384, bits);

	if (!err && *bits < JAILHOUSE_SIG_MIN_RSA_BITS)
		return jh_fail("--bits", -EINVAL, "%lu: RSA keys under %d bits "
			       "are refused", *bits,
			       JAILHOUSE_SIG_MIN_RSA_BITS);
	return err;
}

static int parse_type(const char *arg, __u32 *type)
{
	*type = jailhouse_sig_type_from_name(arg);
	if (!*type)
		return jh_fail(arg, -EINVAL, "unknown type (hypervisor, "
			       "system, cell, inmate, policy)");
	return 0;
}

static int parse_option(int opt, struct options *o)
{
	switch (opt) {
	case OPT_KEY: o->key = optarg; return 0;
	case OPT_CERT: o->cert = optarg; return 0;
	case 'o': o->output = optarg; return 0;
	case OPT_DETACH: o->detach = true; return 0;
	case OPT_TYPE: return parse_type(optarg, &o->type);
	case OPT_NAME:
		o->name = optarg;
		o->name_option = "--name";
		return 0;
	case OPT_CELL:
		o->name = optarg;
		o->name_option = "--cell";
		if (!o->type)
			o->type = JAILHOUSE_IMAGE_INMATE;
		return 0;
	case 's':
		o->has_version = true;
		return parse_number(optarg, UINT32_MAX, &o->version);
	case OPT_VERIFY: o->mode = MODE_VERIFY; return 0;
	case OPT_INFO: o->mode = MODE_INFO; return 0;
	case OPT_MIN_VERSION:
		return parse_number(optarg, UINT32_MAX, &o->min_version);
	case OPT_CN: o->cn = optarg; return 0;
	case OPT_POLICY: o->policy = optarg; return 0;
	case OPT_FORCE: o->force = true; return 0;
	case OPT_BITS: return parse_bits(optarg, &o->bits);
	case OPT_DAYS: return parse_number(optarg, 36500, &o->days);
	case OPT_TYPES: return jh_parse_rights(optarg, &o->rights);
	default: return -EINVAL;
	}
}

/*
 * --version takes no value and comes alone: refused after anything else,
 * it cannot be a security version (-s) mistaken for a version request.
 */
static int version_alone(void)
{
	fprintf(stderr, "jh-sign: --version prints the version and takes "
		"nothing else; the security version is -s or "
		"--security-version\n");
	return -EINVAL;
}

static int parse_options(int argc, char *argv[], struct options *o)
{
	int opt, err;

	*o = (struct options){ .cn = "Jailhouse development signing key",
			       .bits = 3072, .days = 3650,
			       .rights = JH_KEYGEN_DEFAULT_RIGHTS };
	if (argc > 1 && strcmp(argv[1], "keygen") == 0) {
		o->mode = MODE_KEYGEN;
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	while ((opt = getopt_long(argc, argv, "ho:s:", long_options,
				  NULL)) != -1) {
		if (opt == 'h') {
			o->help = true;
			return 0;
		}
		if (opt == OPT_VERSION) {
			o->print_version = true;
			return argc == 2 ? 0 : version_alone();
		}
		err = parse_option(opt, o);
		if (err)
			return err;
	}
	if (o->mode == MODE_KEYGEN)
		return optind == argc ? 0 : -EINVAL;
	return optind == argc - 1 ? 0 : -EINVAL;
}

static int pick_type(const struct options *o, const struct jh_sigfile *f,
		     const struct jh_image_id *id,
		     struct jailhouse_sig_header *hdr)
{
	__u32 type = id->type ? id->type : o->type;

	hdr->type = type;
	if (id->type && o->type && o->type != id->type)
		return jh_fail(f->path, -EINVAL, "is a %s image, refusing "
			       "--type %s", jailhouse_sig_type_name(id->type),
			       jailhouse_sig_type_name(o->type));
	if (!id->type && o->type && o->type != JAILHOUSE_IMAGE_INMATE)
		return jh_fail(f->path, -EINVAL, "not a %s image (bad magic)",
			       jailhouse_sig_type_name(o->type));
	if (!type)
		return jh_fail(f->path, -EINVAL, "unknown image type; an "
			       "inmate image needs --cell NAME");
	if (type == JAILHOUSE_IMAGE_INMATE && !o->name)
		return jh_fail(f->path, -EINVAL, "inmate images need --cell "
			       "NAME");
	return 0;
}

/* A name given as an option, blamed on the option if the loader would
 * refuse it: empty, too long, blank or unprintable. */
static int check_name_option(const struct options *o)
{
	const char *c;

	if (!o->name[0])
		return jh_fail(o->name_option, -EINVAL, "empty name");
	if (strlen(o->name) >= JAILHOUSE_SIG_NAME_LEN)
		return jh_fail(o->name_option, -EINVAL, "'%s' is longer than "
			       "%d bytes", o->name, JAILHOUSE_SIG_NAME_LEN - 1);
	for (c = o->name; *c; c++)
		if (*c <= 0x20 || *c > 0x7e)
			return jh_fail(o->name_option, -EINVAL, "'%s' holds a "
				       "blank or unprintable character",
				       o->name);
	return 0;
}

static int pick_name(const struct options *o, const struct jh_sigfile *f,
		     const struct jh_image_id *id, char *name)
{
	if (id->name[0] && o->name && strcmp(o->name, id->name) != 0)
		return jh_fail(f->path, -EINVAL, "names itself '%s', refusing "
			       "name '%s'", id->name, o->name);
	if (id->name[0])
		o = NULL;
	if (o && o->name && check_name_option(o))
		return -EINVAL;
	strncpy(name, o && o->name ? o->name : id->name,
		JAILHOUSE_SIG_NAME_LEN);
	return 0;
}

static int pick_version(const struct options *o, const struct jh_sigfile *f,
			const struct jh_image_id *id,
			struct jailhouse_sig_header *hdr)
{
	if (id->has_version && o->has_version && o->version != id->version)
		return jh_fail(f->path, -EINVAL, "carries security version "
			       "%u, refusing --security-version %lu", id->version,
			       o->version);
	hdr->security_version = id->has_version ? id->version : o->version;
	return 0;
}

/* What the loader would refuse for its size: nothing, or too much. */
static int check_payload_size(const struct jh_sigfile *f)
{
	__u64 size = jh_sigfile_payload_size(f);
	__u64 room = JAILHOUSE_SIG_MAX_FILE - JAILHOUSE_SIG_MAX_CMS_SIZE -
		     sizeof(struct jailhouse_sig_header) -
		     sizeof(struct jailhouse_sig_trailer);

	if (size == 0)
		return jh_fail(f->path, -EINVAL, "empty image");
	if (size > room)
		return jh_fail(f->path, -EFBIG, "%llu bytes; signed, it could "
			       "exceed the %d MiB the loader reads (at most "
			       "%llu bytes)", (unsigned long long)size,
			       JAILHOUSE_SIG_MAX_FILE >> 20,
			       (unsigned long long)room);
	return 0;
}

static int build_header(const struct options *o, const struct jh_sigfile *f,
			struct jailhouse_sig_header *hdr)
{
	struct jh_image_id id;
	const char *reason;
	int err;

	memset(hdr, 0, sizeof(*hdr));
	err = check_payload_size(f);
	if (!err)
		err = jh_recognise(f, &id);
	if (!err)
		err = pick_type(o, f, &id, hdr);
	if (!err)
		err = pick_name(o, f, &id, hdr->name);
	if (!err)
		err = pick_version(o, f, &id, hdr);
	if (err)
		return err;
	memcpy(hdr->magic, JAILHOUSE_SIG_HEADER_MAGIC, sizeof(hdr->magic));
	hdr->revision = JAILHOUSE_SIG_HEADER_REVISION;
	hdr->hash_algo = JAILHOUSE_SIG_HASH_SHA256;
	hdr->payload_size = jh_sigfile_payload_size(f);
	err = jailhouse_sig_check_header(hdr, hdr->payload_size, &reason);
	if (err)
		return jh_fail(f->path, -EINVAL, "%s", reason);
	return 0;
}

/* Where the result goes: in place (through symlinks), -o OUT, FILE.sig. */
static int pick_dest(const struct options *o, const char *path,
		     char *dest, size_t size)
{
	if (o->output) {
		if (snprintf(dest, size, "%s", o->output) >= (int)size)
			return jh_fail(o->output, -ENAMETOOLONG, "too long");
	} else if (o->detach) {
		if (snprintf(dest, size, "%s.sig", path) >= (int)size)
			return jh_fail(path, -ENAMETOOLONG, "too long");
	} else if (!realpath(path, dest)) {
		return jh_fail(path, -errno, "%s", strerror(errno));
	}
	return 0;
}

/* The active policy: --policy, $JH_SIGN_POLICY, or the default if any. */
static int gate_cell(const struct options *o, const struct jh_sigfile *f,
		     X509 *cert)
{
	const char *policy = jh_pick_path(o->policy, "JH_SIGN_POLICY", NULL);

	if (!policy && access(JH_DEFAULT_POLICY, F_OK) == 0)
		policy = JH_DEFAULT_POLICY;
	if (!policy)
		return 0;
	return jh_policy_gate(f, policy, cert, o->force);
}

static int run_sign(const struct options *o, const struct jh_sigfile *f)
{
	struct jh_sign_job job = {
		.in = f,
		.detach = o->detach,
		.append = !o->output && !o->detach && !f->is_signed,
	};
	char dest[PATH_MAX];
	int err;

	err = build_header(o, f, &job.header);
	if (!err)
		err = pick_dest(o, f->path, dest, sizeof(dest));
	if (err)
		return err;
	job.dest = dest;
	err = jh_load_signer(jh_pick_path(o->key, "JH_SIGN_KEY",
					  JH_DEFAULT_KEY),
			     jh_pick_path(o->cert, "JH_SIGN_CERT",
					  JH_DEFAULT_CERT),
			     &job.key, &job.cert);
	if (err)
		return err;
	err = jh_check_rights(job.cert, job.header.type, f->path, o->force);
	if (!err && job.header.type == JAILHOUSE_IMAGE_CELL_CONFIG)
		err = gate_cell(o, f, job.cert);
	if (!err)
		err = jh_sign(&job);
	EVP_PKEY_free(job.key);
	X509_free(job.cert);
	return err;
}

/*
 * What --verify trusts and --info names signers from: --cert, else
 * $JH_SIGN_CERT, else the certificates the keyring gets at boot
 * (/etc/jailhouse/keys/) if there, else the default signing certificate.
 */
static const char *trusted_certs(const struct options *o)
{
	const char *fallback = access(JH_DEFAULT_KEYS, F_OK) == 0 ?
			       JH_DEFAULT_KEYS : JH_DEFAULT_CERT;

	return jh_pick_path(o->cert, "JH_SIGN_CERT", fallback);
}

static int run_on_file(const struct options *o, const char *path)
{
	struct jh_expect expect = {
		.type = o->type,
		.name = o->name,
		.min_version = o->min_version,
	};
	struct jh_sigfile f;
	int err;

	err = jh_sigfile_open(path, &f);
	if (err)
		return err;
	if (o->mode == MODE_SIGN)
		err = run_sign(o, &f);
	else if (o->mode == MODE_VERIFY)
		err = jh_verify(&f, trusted_certs(o), &expect);
	else
		err = jh_info(&f, trusted_certs(o));
	jh_sigfile_close(&f);
	return err;
}

static int run_keygen(const struct options *o)
{
	struct jh_keygen req = {
		.key_path = jh_pick_path(o->key, "JH_SIGN_KEY", JH_DEFAULT_KEY),
		.cert_path = jh_pick_path(o->cert, "JH_SIGN_CERT",
					  JH_DEFAULT_CERT),
		.common_name = o->cn,
		.bits = o->bits,
		.days = o->days,
		.rights = o->rights,
	};

	return jh_keygen(&req);
}

int main(int argc, char *argv[])
{
	struct options o;
	int err;

	err = parse_options(argc, argv, &o);
	if (o.help) {
		usage(stdout, o.mode == MODE_KEYGEN);
		return 0;
	}
	if (o.print_version && !err) {
		printf("jh-sign %s\n", JAILHOUSE_VERSION);
		return 0;
	}
	if (err) {
		usage(stderr, o.mode == MODE_KEYGEN);
		return 2;
	}
	if (o.mode == MODE_KEYGEN)
		err = run_keygen(&o);
	else
		err = run_on_file(&o, argv[argc - 1]);
	jh_token_release();
	return err ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Verification of signed images: format (lib/signature.c), signature
 * against the .jailhouse keyring (verify_pkcs7_signature()), type, name,
 * rollback, then the measurement log. One log line per refusal names the
 * check that failed; docs/signing.md lists the error numbers.
 */
#include <linux/file.h>
#include <linux/kernel_read_file.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/verification.h>
#include <linux/vmalloc.h>

#include "../lib/signature.h"
#include "keyring.h"
#include "measure.h"
#include "policy.h"
#include "rollback.h"
#include "tpm.h"
#include "tpm-floors.h"
#include "verify.h"

/* Serialises the rollback check with the raise after acceptance. */
static DEFINE_MUTEX(accept_mutex);

/* sig_enforce: on by default; can be turned on, never off, at runtime. */
static bool sig_enforce = true;
static DEFINE_MUTEX(enforce_mutex);

static int enforce_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int err;

	err = kstrtobool(val, &on);
	if (err)
		return err;
	mutex_lock(&enforce_mutex);
	/* Load-time arguments are parsed while the module is COMING. */
	if (!on && sig_enforce && THIS_MODULE->state == MODULE_STATE_LIVE)
		err = -EPERM;
	else
		sig_enforce = on;
	mutex_unlock(&enforce_mutex);
	return err;
}

static int enforce_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%d\n", READ_ONCE(sig_enforce));
}

static const struct kernel_param_ops enforce_ops = {
	.set = enforce_set,
	.get = enforce_get,
};
module_param_cb(sig_enforce, &enforce_ops, NULL, 0600);
MODULE_PARM_DESC(sig_enforce,
		 "1 (default): refuse unverified images; 0: log and accept "
		 "(development only; can be set to 1 but not back to 0)");

/* trust=keyring|chain, at load time only. */
static bool trust_chain;

static int trust_set(const char *val, const struct kernel_param *kp)
{
	if (sysfs_streq(val, "keyring"))
		trust_chain = false;
	else if (sysfs_streq(val, "chain"))
		trust_chain = true;
	else
		return -EINVAL;
	return 0;
}

static int trust_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", trust_chain ? "chain" : "keyring");
}

static const struct kernel_param_ops trust_ops = {
	.set = trust_set,
	.get = trust_get,
};
module_param_cb(trust, &trust_ops, NULL, 0444);
MODULE_PARM_DESC(trust,
		 "keyring (default): any certificate root adds before the "
		 "lock; chain: only certificates signed by the kernel's "
		 "builtin or secondary trusted keys");

/* One image being checked. */
struct check {
	u32 type;
	const char *name;
	const char *source;
	struct jailhouse_sig_parts parts;
	struct jailhouse_signer_id signer;
	struct jailhouse_verified *out;
	/* JAILHOUSE_VERIFY_DEFER: jailhouse_verified_measure() records. */
	bool defer;
};

/*
 * A check failed: refuse (sig_enforce=1) or log and go on (0).
 * Return: the error to pass up, or 0 to continue.
 */
static int failed(struct check *c, int err, const char *what,
		  const char *reason)
{
	bool enforce = READ_ONCE(sig_enforce);
	const char *name = c->name;

	if (!name)
		name = c->parts.header ? c->parts.header->name : "";
	pr_warn("jailhouse: %s image %s%s%sfrom %s %s: %s check failed: %s "
		"(%d)\n", jailhouse_sig_type_name(c->type), *name ? "'" : "",
		name, *name ? "' " : "", c->source,
		enforce ? "refused" : "ACCEPTED (sig_enforce=0)", what, reason,
		err);
	if (enforce)
		return err;
	c->out->verified = false;
	return 0;
}

/* Without a usable header (unsigned or malformed) the whole file is the
 * payload, for sig_enforce=0. */
static int check_format(struct check *c, const void *data, size_t size)
{
	const char *reason;
	int err;

	err = jailhouse_sig_parse(data, size, &c->parts, &reason);
	if (!err)
		err = jailhouse_sig_signer(c->parts.cms, c->parts.cms_size,
					   &c->signer, &reason);
	if (!err)
		return 0;
	c->parts.payload = data;
	c->parts.payload_size = size;
	c->parts.header = NULL;
	return failed(c, err, err == -ENODATA ? "signed" : "format", reason);
}

static const char *pkcs7_reason(int err)
{
	switch (err) {
	case -ENOKEY:
		return "signer is not in the .jailhouse keyring";
	case -EKEYREJECTED:
		return "signature does not match the image";
	case -ENOPKG:
		return "unsupported signature algorithm";
	default:
		return "signature is not a valid PKCS#7 message";
	}
}

static int check_signature(struct check *c)
{
	int err;

	err = verify_pkcs7_signature(c->parts.payload, c->parts.signed_size,
				     c->parts.cms, c->parts.cms_size,
				     jailhouse_keyring(),
				     VERIFYING_UNSPECIFIED_SIGNATURE,
				     NULL, NULL);
	if (err == -ENOMEM)
		return err;
	if (err)
		return failed(c, err == -ENOKEY ? -JAILHOUSE_SIG_ERR_UNTRUSTED :
			      -JAILHOUSE_SIG_ERR_REJECTED, "signature",
			      pkcs7_reason(err));
	return 0;
}

/* The key's certificate names the types it may sign; the header's type
 * is what the signature vouches for (the type check then compares it
 * with what the caller loads). */
static int check_rights(struct check *c)
{
	if (jailhouse_keyring_may_sign(&c->signer, c->parts.header->type))
		return 0;
	return failed(c, -JAILHOUSE_SIG_ERR_RIGHTS, "rights", "the signer's "
		      "certificate does not grant signing this image type");
}

/* The reason names the floor and where it is held: the TPM's cannot be
 * lowered by deleting the floors file. */
static int check_floor(struct check *c, u32 type, const char *name,
		       u32 version)
{
	struct jailhouse_rollback r;
	char reason[96];

	if (jailhouse_rollback_floor(type, &c->signer, name, &r))
		return failed(c, -JAILHOUSE_SIG_ERR_ROLLBACK, "rollback",
			      "the TPM's rollback floors are unknown (their NV "
			      "log does not replay, or the TPM is gone)");
	if (version >= r.floor)
		return 0;
	snprintf(reason, sizeof(reason), "security version %u below the "
		 "floor %u held %s", version, r.floor,
		 r.tpm == r.floor ? "in the TPM" : "by the loader");
	return failed(c, -JAILHOUSE_SIG_ERR_ROLLBACK, "rollback", reason);
}

static int check_header(struct check *c)
{
	const struct jailhouse_sig_header *hdr = c->parts.header;

	if (hdr->type != c->type)
		return failed(c, -JAILHOUSE_SIG_ERR_TYPE, "type", "image is "
			      "signed as another type");
	if (c->name && strncmp(hdr->name, c->name, sizeof(hdr->name)) != 0)
		return failed(c, -JAILHOUSE_SIG_ERR_NAME, "name", "image is "
			      "signed for another name");
	return check_floor(c, hdr->type, hdr->name, hdr->security_version);
}

static void fill_out(struct check *c)
{
	const struct jailhouse_sig_header *hdr = c->parts.header;
	struct jailhouse_verified *out = c->out;

	out->payload = c->parts.payload;
	out->payload_size = c->parts.payload_size;
	out->type = c->type;
	strscpy(out->image, c->source, sizeof(out->image));
	if (out->verified)
		out->signer = c->signer;
	if (hdr) {
		out->version = hdr->security_version;
		memcpy(out->name, hdr->name, sizeof(out->name));
	} else if (c->name) {
		strscpy(out->name, c->name, sizeof(out->name));
	}
}

/* Raise the floor and measure: the image is accepted. */
static int record(struct jailhouse_verified *out)
{
	struct jailhouse_measurement m = {
		.type = out->type,
		.version = out->version,
		.verified = out->verified,
	};
	int err;

	memcpy(m.name, out->name, sizeof(m.name));
	memcpy(m.image, out->image, sizeof(m.image));
	if (out->verified) {
		m.signer = out->signer;
		err = jailhouse_rollback_raise(out->type, &out->signer,
					       out->name, out->version);
		if (err)
			return err;
	}
	return jailhouse_measure_add(&m, out->payload, out->payload_size);
}

/*
 * An inmate image is admitted by the policy (its signer for its cell)
 * here, before it is measured: the log lists no image the loader then
 * refused.
 */
static int admit(struct check *c)
{
	if (c->type != JAILHOUSE_IMAGE_INMATE || !c->name)
		return 0;
	return jailhouse_policy_admit_inmate(c->name, c->out);
}

static int check_and_record(struct check *c)
{
	int err = 0;

	mutex_lock(&accept_mutex);
	if (c->parts.header)
		err = check_header(c);
	if (!err) {
		fill_out(c);
		err = admit(c);
		if (!err && !c->defer)
			err = record(c->out);
	}
	mutex_unlock(&accept_mutex);
	return err;
}

int jailhouse_verify_buffer(const void *data, size_t size, u32 type,
			    const char *expected_name, const char *source,
			    unsigned int flags, struct jailhouse_verified *out)
{
	struct check c = {
		.type = type, .name = expected_name, .source = source,
		.out = out, .defer = flags & JAILHOUSE_VERIFY_DEFER,
	};
	int err;

	memset(out, 0, sizeof(*out));
	out->verified = true;
	err = check_format(&c, data, size);
	if (!err && c.parts.header)
		err = check_signature(&c);
	if (!err && c.parts.header && c.out->verified)
		err = check_rights(&c);
	if (!err)
		err = check_and_record(&c);
	if (err)
		memset(out, 0, sizeof(*out));
	return err;
}

int jailhouse_verified_measure(struct jailhouse_verified *v)
{
	struct check c = {
		.type = v->type, .name = v->name, .source = v->image,
		.signer = v->signer, .out = v,
	};
	int err = 0;

	mutex_lock(&accept_mutex);
	/* Another image may have raised the floor since the check. */
	if (v->verified)
		err = check_floor(&c, v->type, v->name, v->version);
	if (!err)
		err = record(v);
	mutex_unlock(&accept_mutex);
	return err;
}

/* The name of the file behind @fd, for log lines: its last component. */
static void file_name(int fd, char *buf, size_t size)
{
	struct file *file = fget(fd);

	if (file) {
		snprintf(buf, size, "%pD", file);
		fput(file);
	} else {
		strscpy(buf, "an unreadable descriptor", size);
	}
}

int jailhouse_verify_fd(int fd, u32 type, const char *expected_name,
			unsigned int flags, struct jailhouse_verified *out)
{
	char source[JAILHOUSE_SIG_NAME_LEN * 2];
	void *file = NULL;
	ssize_t size;
	int err;

	memset(out, 0, sizeof(*out));
	file_name(fd, source, sizeof(source));
	size = kernel_read_file_from_fd(fd, 0, &file, JAILHOUSE_VERIFY_MAX_FILE,
					NULL, READING_FIRMWARE);
	if (size < 0) {
		pr_warn("jailhouse: %s image from %s refused: cannot read the "
			"file%s (%zd)\n", jailhouse_sig_type_name(type), source,
			size == -JAILHOUSE_SIG_ERR_TOO_BIG ?
			": larger than 64 MiB" : "", size);
		return size;
	}
	err = jailhouse_verify_buffer(file, size, type, expected_name, source,
				      flags, out);
	if (err) {
		vfree(file);
		return err;
	}
	out->file = file;
	return 0;
}

void jailhouse_verified_release(struct jailhouse_verified *v)
{
	vfree(v->file);
	memset(v, 0, sizeof(*v));
}

int jailhouse_verify_init(void)
{
	int err;

	err = jailhouse_keyring_init(trust_chain);
	if (err)
		return err;
	jailhouse_tpm_init();
	err = jailhouse_measure_init();
	if (err) {
		jailhouse_tpm_exit();
		jailhouse_keyring_exit();
		return err;
	}
	jailhouse_tpm_floors_init();
	if (!sig_enforce)
		pr_warn("jailhouse: sig_enforce=0: unverified images will be "
			"accepted (development only)\n");
	return 0;
}

void jailhouse_verify_exit(void)
{
	jailhouse_measure_exit();
	jailhouse_rollback_exit();
	jailhouse_tpm_floors_exit();
	jailhouse_tpm_exit();
	jailhouse_keyring_exit();
}

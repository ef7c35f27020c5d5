// SPDX-License-Identifier: GPL-2.0
/*
 * The certificate a signature names, from a directory of them (as the
 * loader's keyring holds every certificate of /etc/jailhouse/keys/) or
 * from one file.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "certdir.h"
#include "creds.h"
#include "error.h"

static bool is_directory(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool names_signer(CMS_ContentInfo *cms, X509 *cert)
{
	CMS_SignerInfo *si = sk_CMS_SignerInfo_value(CMS_get0_SignerInfos(cms),
						     0);

	return si && CMS_SignerInfo_cert_cmp(si, cert) == 0;
}

/* The first certificate file in @dir that names the signer, or NULL. */
static X509 *search_dir(const char *dir, CMS_ContentInfo *cms)
{
	char path[PATH_MAX];
	X509 *cert = NULL;
	struct dirent *d;
	DIR *dh = opendir(dir);

	while (dh && !cert && (d = readdir(dh))) {
		if (d->d_name[0] == '.' ||
		    snprintf(path, sizeof(path), "%s/%s", dir, d->d_name) >=
		    (int)sizeof(path))
			continue;
		cert = jh_try_load_cert(path);
		if (cert && !names_signer(cms, cert)) {
			X509_free(cert);
			cert = NULL;
		}
	}
	if (dh)
		closedir(dh);
	return cert;
}

int jh_signer_cert(const char *path, CMS_ContentInfo *cms, X509 **cert)
{
	if (!is_directory(path))
		return jh_load_cert(path, cert);
	*cert = search_dir(path, cms);
	if (!*cert)
		return jh_fail(path, -JAILHOUSE_SIG_ERR_UNTRUSTED, "no "
			       "certificate here names the signer (jh-sign "
			       "--info shows its key id)");
	return 0;
}

X509 *jh_signer_cert_quiet(const char *path, CMS_ContentInfo *cms)
{
	X509 *cert;

	if (is_directory(path))
		return search_dir(path, cms);
	cert = jh_try_load_cert(path);
	if (cert && !names_signer(cms, cert)) {
		X509_free(cert);
		cert = NULL;
	}
	return cert;
}

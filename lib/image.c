// SPDX-License-Identifier: GPL-2.0
#include <jailhouse/header.h>

#include "image.h"

#define IMAGE_PAGE_SIZE		4096

static const char *header_problem(const struct jailhouse_header *hdr,
				  size_t size)
{
	if (memcmp(hdr->signature, JAILHOUSE_HEADER_SIGNATURE,
		   sizeof(hdr->signature)) != 0)
		return "not a hypervisor image (bad signature)";
	if (hdr->revision != JAILHOUSE_HEADER_REVISION)
		return "unsupported header revision";
	if (hdr->arch != JAILHOUSE_ARCH_X86)
		return "image built for another architecture";
	if (hdr->core_size % IMAGE_PAGE_SIZE || hdr->core_size < size)
		return "core size is not page-aligned or smaller than the file";
	if (hdr->percpu_size == 0 || hdr->percpu_size % IMAGE_PAGE_SIZE)
		return "per-CPU size is zero or not page-aligned";
	if (!hdr->text_size || hdr->text_size % IMAGE_PAGE_SIZE ||
	    hdr->text_size > hdr->core_size)
		return "text size is zero, not page-aligned or beyond the core";
	if (hdr->entry < JAILHOUSE_BASE + sizeof(*hdr) ||
	    hdr->entry >= JAILHOUSE_BASE + size ||
	    hdr->entry >= JAILHOUSE_BASE + hdr->text_size)
		return "entry point outside the image's text";
	return NULL;
}

int jailhouse_image_check(const void *image, size_t size,
			  const char **reason)
{
	if (size < sizeof(struct jailhouse_header)) {
		*reason = "file too small for a hypervisor header";
		return -ENOEXEC;
	}
	*reason = header_problem(image, size);
	return *reason ? -ENOEXEC : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * `jailhouse hardware check [--sysroot DIR]`: before anything is loaded,
 * whether this machine can run the hypervisor, one line per item (ok,
 * missing, warning), from what Linux exposes: the CPU's flags, the ACPI
 * IOMMU tables, the kernel command line, module signing, lockdown and a
 * TPM. Exit status 1 if anything is missing. --sysroot reads the files
 * under DIR instead (tests, a machine captured elsewhere).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

#define LINE_LEN	4096

enum verdict { OK, WARNING, MISSING };

static const char *const verdict_text[] = { "ok", "warning", "missing" };

/* Where the files are, and what the checks found so far. */
struct machine {
	const char *root;
	char flags[LINE_LEN];	/* /proc/cpuinfo "flags" and "vmx flags" */
	char cmdline[LINE_LEN];
	bool missing;
};

static void say(struct machine *m, enum verdict v, const char *item,
		const char *what)
{
	printf("%-8s %-16s %s\n", verdict_text[v], item, what);
	m->missing |= v == MISSING;
}

static bool exists(const struct machine *m, const char *path)
{
	char full[PATH_MAX];

	snprintf(full, sizeof(full), "%s%s", m->root, path);
	return access(full, F_OK) == 0;
}

/* The first line of @path (under the root), or "" if unreadable. */
static void read_line(const struct machine *m, const char *path, char *buf,
		      size_t size)
{
	char full[PATH_MAX];
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", m->root, path);
	buf[0] = '\0';
	f = fopen(full, "r");
	if (!f)
		return;
	if (!fgets(buf, size, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* The first CPU's "flags" and "vmx flags" lines, joined, into m->flags. */
static void read_flags(struct machine *m)
{
	char full[PATH_MAX], line[LINE_LEN];
	size_t at = 0;
	FILE *f;

	snprintf(full, sizeof(full), "%s/proc/cpuinfo", m->root);
	m->flags[0] = '\0';
	f = fopen(full, "r");
	while (f && fgets(line, sizeof(line), f) && strcmp(line, "\n")) {
		if (strncmp(line, "flags", 5) && strncmp(line, "vmx flags", 9))
			continue;
		line[strcspn(line, "\n")] = '\0';
		at += snprintf(m->flags + at, sizeof(m->flags) - at, " %s ",
			       strchr(line, ':') ? strchr(line, ':') + 1 : "");
		if (at >= sizeof(m->flags))
			break;
	}
	if (f)
		fclose(f);
}

static bool has_word(const char *text, const char *word)
{
	size_t len = strlen(word);
	const char *p = text;

	while ((p = strstr(p, word))) {
		if ((p == text || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return true;
		p += len;
	}
	return false;
}

static void check_cpu(struct machine *m)
{
	bool vmx_flags = strstr(m->flags, "unrestricted_guest") ||
			 has_word(m->flags, "flexpriority");

	if (has_word(m->flags, "svm"))
		say(m, has_word(m->flags, "npt") ? OK : MISSING, "cpu",
		    has_word(m->flags, "npt") ? "AMD-V (svm) with nested "
		    "paging (npt)" : "AMD-V (svm) without nested paging "
		    "(npt)");
	else if (!has_word(m->flags, "vmx"))
		say(m, MISSING, "cpu", "no VMX or SVM in /proc/cpuinfo (off "
		    "in the firmware, or not passed to this VM?)");
	else if (!has_word(m->flags, "ept") || !has_word(m->flags, "vpid"))
		say(m, MISSING, "cpu", "Intel VT-x (vmx) without EPT or VPID");
	else if (vmx_flags && !has_word(m->flags, "unrestricted_guest"))
		say(m, MISSING, "cpu", "Intel VT-x (vmx) without unrestricted "
		    "guest");
	else
		say(m, OK, "cpu", "Intel VT-x (vmx) with EPT and VPID");
	/* Either works: the xAPIC page is emulated in both modes. */
	say(m, OK, "x2apic", has_word(m->flags, "x2apic") ? "x2APIC" :
	    "xAPIC only (no x2apic flag); the hypervisor emulates it");
}

/* The first IOMMU Linux registered (/sys/class/iommu), into @name. */
static bool linux_iommu(const struct machine *m, char *name, size_t size)
{
	char full[PATH_MAX];
	struct dirent *d;
	DIR *dir;

	snprintf(full, sizeof(full), "%s/sys/class/iommu", m->root);
	dir = opendir(full);
	name[0] = '\0';
	while (dir && (d = readdir(dir)) && !name[0])
		if (d->d_name[0] != '.')
			snprintf(name, size, "%s", d->d_name);
	if (dir)
		closedir(dir);
	return name[0];
}

static void check_iommu(struct machine *m)
{
	bool dmar = exists(m, "/sys/firmware/acpi/tables/DMAR");
	bool ivrs = exists(m, "/sys/firmware/acpi/tables/IVRS");
	const char *kind = dmar ? "Intel VT-d (DMAR)" : "AMD-Vi (IVRS)";
	char used[NAME_MAX + 1], text[256];

	if (!dmar && !ivrs) {
		say(m, MISSING, "iommu", "no ACPI DMAR or IVRS table: no "
		    "IOMMU to isolate the cells' DMA");
	} else if (linux_iommu(m, used, sizeof(used))) {
		snprintf(text, sizeof(text), "%s, but Linux uses it (%s): "
			 "boot with %s", kind, used, dmar ?
			 "intel_iommu=off intremap=off" : "amd_iommu=off");
		say(m, WARNING, "iommu", text);
	} else {
		snprintf(text, sizeof(text), "%s, free for the hypervisor",
			 kind);
		say(m, OK, "iommu", text);
	}
}

/* The value of "@key=" on the kernel command line into @buf, or false. */
static bool cmdline_value(const struct machine *m, const char *key,
			  char *buf, size_t size)
{
	const char *p = m->cmdline;
	size_t len = strlen(key);

	while ((p = strstr(p, key))) {
		if ((p == m->cmdline || p[-1] == ' ') && p[len] == '=') {
			snprintf(buf, size, "%.*s", (int)strcspn(p + len + 1,
				 " "), p + len + 1);
			return true;
		}
		p += len;
	}
	return false;
}

static void check_memmap(struct machine *m)
{
	char value[128], text[256];

	if (!cmdline_value(m, "memmap", value, sizeof(value))) {
		say(m, MISSING, "memmap", "no memmap= on the kernel command "
		    "line: `jh-config create` says which to add");
		return;
	}
	snprintf(text, sizeof(text), "memmap=%s reserves the hypervisor's "
		 "and the cells' memory", value);
	say(m, OK, "memmap", text);
}

static void check_module_signing(struct machine *m)
{
	char value[16];

	read_line(m, "/sys/module/module/parameters/sig_enforce", value,
		  sizeof(value));
	if (!strcmp(value, "Y") ||
	    (cmdline_value(m, "module.sig_enforce", value, sizeof(value)) &&
	     !strcmp(value, "1")))
		say(m, OK, "module-signing", "the kernel loads signed "
		    "modules only");
	else
		say(m, WARNING, "module-signing", "the kernel loads unsigned "
		    "modules: boot with module.sig_enforce=1");
}

static void check_lockdown(struct machine *m)
{
	char line[128], text[192];

	read_line(m, "/sys/kernel/security/lockdown", line, sizeof(line));
	if (!line[0]) {
		say(m, WARNING, "lockdown", "no /sys/kernel/security/lockdown "
		    "(securityfs not mounted, or no lockdown LSM)");
		return;
	}
	snprintf(text, sizeof(text), "lockdown %s", line);
	say(m, strstr(line, "[none]") ? WARNING : OK, "lockdown", text);
}

static void check_tpm(struct machine *m)
{
	if (exists(m, "/dev/tpmrm0") || exists(m, "/dev/tpm0"))
		say(m, OK, "tpm", "a TPM (/dev/tpm0) to measure into");
	else
		say(m, WARNING, "tpm", "no TPM: the measurement log is not "
		    "anchored in hardware");
}

int cmd_hardware(int argc, char *argv[])
{
	struct machine m = { .root = "" };

	if (argc == 4 && !strcmp(argv[1], "check") &&
	    !strcmp(argv[2], "--sysroot"))
		m.root = argv[3];
	else if (argc != 2 || strcmp(argv[1], "check")) {
		jailhouse_usage(stderr, "hardware", NULL);
		return -EINVAL;
	}
	read_flags(&m);
	read_line(&m, "/proc/cmdline", m.cmdline, sizeof(m.cmdline));
	check_cpu(&m);
	check_iommu(&m);
	check_memmap(&m);
	check_module_signing(&m);
	check_lockdown(&m);
	check_tpm(&m);
	return m.missing ? -ENODEV : 0;
}

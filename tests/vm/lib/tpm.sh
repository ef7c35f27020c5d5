# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios on a machine with a TPM (`# tpm: swtpm`): the
# measurement log's replay (docs/attestation.md) and PCR reads through the
# kernel's sysfs, which need no TPM tools.

TPM_PCR=${TPM_PCR:-13}

# PCR $1's SHA-256 value, lower-case hex.
pcr_value() {
	tr 'A-F' 'a-f' </sys/class/tpm/tpm0/pcr-sha256/"$1"
}

# The value the measurement log in file $1 replays to: from its pcr-base
# line, each other line's text after the index extended in order.
replay_log() {
	local pcr event digest

	pcr=$(sed -n 's/^0 pcr-base pcr[0-9]* 0 sha256:\([0-9a-f]*\) - base$/\1/p' "$1")
	[ -n "$pcr" ] || return 1
	while IFS= read -r event; do
		[ -n "$event" ] || continue
		digest=$(printf '%s' "$event" | sha256sum | cut -d' ' -f1)
		pcr=$(printf '%s%s' "$pcr" "$digest" | xxd -r -p | sha256sum |
			cut -d' ' -f1)
	done <<-LOG
	$(sed '1d; s/^[0-9]* //' "$1")
	LOG
	echo "$pcr"
}

# The value the history in file $1 (one segment per load, each with its
# pcr-base line) replays to from zero; fails if a segment's base is not
# where the segments before it replay to.
replay_history() {
	local pcr=0000000000000000000000000000000000000000000000000000000000000000
	local seg f

	seg=$(mktemp -d)
	awk -v dir="$seg" '/^0 pcr-base / { n++ } { print >dir "/" n }' "$1"
	for f in $(ls "$seg" | sort -n); do
		[ "$(sed -n '1s/^0 pcr-base pcr[0-9]* 0 sha256:\([0-9a-f]*\) - base$/\1/p' \
			"$seg/$f")" = "$pcr" ] || { rm -rf "$seg"; return 1; }
		pcr=$(replay_log "$seg/$f")
	done
	rm -rf "$seg"
	echo "$pcr"
}

# The SHA-1 value of PCR 10 that IMA's text list $1 replays to: its
# template hashes folded in order, a violation's zeros extended as ones.
replay_ima() {
	local pcr=0000000000000000000000000000000000000000 hash

	for hash in $(cut -d' ' -f2 "$1"); do
		[ "$hash" = 0000000000000000000000000000000000000000 ] &&
			hash=ffffffffffffffffffffffffffffffffffffffff
		pcr=$(printf '%s%s' "$pcr" "$hash" | xxd -r -p | sha1sum |
			cut -d' ' -f1)
	done
	echo "$pcr"
}

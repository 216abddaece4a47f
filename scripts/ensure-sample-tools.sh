#!/usr/bin/env bash
# The code-sample tests (tests/samples.test.ts) run every API sample: curl and jq for the
# shell ones, Debian's Python with `requests`, and Go 1.24 (the Go samples call
# crypto/rand.Text). All come from Debian packages, as chromium does (ensure-chromium.sh).
# Debian 12 ships Go 1.19 only: Go 1.24 comes from trixie (Debian 13), whose package
# depends only on its own sources and runs on Debian 12. Trixie is named in a temporary
# sources file used for that one install, so the machine's own sources are left as they are
# and nothing else is upgraded. That file points at the Debian mirror the machine's own apt
# sources already use, so the script follows however a machine is set up.
set -euo pipefail
go_path="${GO:-/usr/lib/go-1.24/bin/go}"
python_path="${SAMPLES_PYTHON:-/usr/bin/python3}"

missing=()
[ -x "$go_path" ] || missing+=(go)
command -v curl >/dev/null || missing+=(curl)
command -v jq >/dev/null || missing+=(jq)
{ [ -x "$python_path" ] && "$python_path" -c 'import requests' 2>/dev/null; } || missing+=(python3-requests)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The code-sample tests need ${missing[*]}: install Debian's golang-1.24-go, python3-requests, curl and jq (or set GO and SAMPLES_PYTHON)." >&2
  exit 1
fi

# The URI of the machine's Debian archive (not its security archive): the first one its apt
# sources list for a plain Debian suite, in the deb822 files or in the one-line format.
debian_mirror() {
  local file
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    # deb822: paragraphs of fields; a paragraph's URIs count when it is of type deb and its
    # Suites hold a suite without a dash (bookworm, not bookworm-security or bookworm-updates).
    awk '
      /^[[:space:]]*$/ { if (uri != "" && plain && bin) { print uri; exit } uri = ""; plain = 0; bin = 0; next }
      tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb") bin = 1 }
      tolower($1) == "uris:" { uri = $2 }
      tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i !~ /-/) plain = 1 }
      tolower($1) == "enabled:" && tolower($2) == "no" { uri = ""; plain = 0 }
      END { if (uri != "" && plain && bin) print uri }
    ' "$file" | grep -m1 -E '^https?://' && return 0
  done
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    # One-line format: deb [options] URI suite components...
    awk '$1 == "deb" { i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } if ($(i + 1) !~ /-/ && $0 ~ / main( |$)/) { print $i; exit } }' "$file" | grep -m1 -E '^https?://.*/debian/?$' && return 0
  done
  return 0
}

export DEBIAN_FRONTEND=noninteractive
debian=()
for tool in "${missing[@]}"; do
  [ "$tool" = go ] || debian+=("$tool")
done
if [ ${#debian[@]} -gt 0 ]; then
  echo "Installing Debian's ${debian[*]} for the code-sample tests..."
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${debian[@]}" >/dev/null
fi

if [[ " ${missing[*]} " == *" go "* ]]; then
  echo "Installing Go 1.24 (Debian trixie's golang-1.24-go) for the code-sample tests..."
  mirror="$(debian_mirror)"
  if [ -z "$mirror" ]; then
    echo "No Debian mirror found in /etc/apt/sources.list or /etc/apt/sources.list.d: cannot install Go 1.24 (set GO to a Go 1.24 binary)." >&2
    exit 1
  fi
  sources="$(mktemp --suffix=.sources)"
  trap 'rm -f "$sources"' EXIT
  printf 'Types: deb\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$mirror" >"$sources"
  # Only the temporary file is read (sourceparts=-), and the other suites' lists are kept.
  trixie=(-o "Dir::Etc::sourcelist=$sources" -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0)
  apt-get "${trixie[@]}" update -qq
  apt-get "${trixie[@]}" install -y -qq --no-install-recommends golang-1.24-go >/dev/null
fi

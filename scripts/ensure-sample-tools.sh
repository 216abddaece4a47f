#!/usr/bin/env bash
# The code-sample tests (tests/samples.test.ts) run every API sample: curl and jq for the
# shell ones, Debian's Python with `requests`, and Go 1.24 (the Go samples call
# crypto/rand.Text). All come from Debian packages, as chromium does (ensure-chromium.sh).
# Debian 12 ships Go 1.19 only: Go 1.24 comes from trixie (Debian 13), whose package
# depends only on its own sources and runs on Debian 12. Trixie is named in a temporary
# sources file used for that one install, so the machine's own sources are left as they are
# and nothing else is upgraded.
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
  sources="$(mktemp --suffix=.sources)"
  trap 'rm -f "$sources"' EXIT
  cat >"$sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  # Only the temporary file is read (sourceparts=-), and the other suites' lists are kept.
  trixie=(-o "Dir::Etc::sourcelist=$sources" -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0)
  apt-get "${trixie[@]}" update -qq
  apt-get "${trixie[@]}" install -y -qq --no-install-recommends golang-1.24-go >/dev/null
fi

#!/usr/bin/env bash
# A PostgreSQL server for the insights tests, from Debian's postgresql package (installed
# when missing, as ensure-chromium.sh does for the browser): made in a temporary folder,
# listening on loopback only, and removed after.
#   start DIR  makes a cluster in DIR, starts it on a free port, prints its URL
#   stop DIR   stops it and removes DIR
# As root (PostgreSQL refuses to run as root) the server runs as the package's `postgres` user.
set -euo pipefail
command="${1:?start DIR or stop DIR}"
dir="${2:?the folder for the cluster}"

bin_dir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$found" ] || [ ! -x "$found/postgres" ]; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
      echo "PostgreSQL is missing: install Debian's postgresql package for the insights tests." >&2
      exit 1
    fi
    echo "Installing Debian's postgresql for the insights tests..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    found=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  echo "$found"
}

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
  start)
    bin=$(bin_dir)
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
    port=$(free_port)
    as_owner "$bin/initdb" -D "$dir/data" -U insights --auth=trust -E UTF8 --no-locale >/dev/null
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=100" start >/dev/null
    echo "postgres://insights@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      bin=$(bin_dir)
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start DIR | stop DIR" >&2
    exit 2
    ;;
esac

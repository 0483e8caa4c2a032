#!/usr/bin/env bash
# Makes sure a PostgreSQL answers on 127.0.0.1:5432 with trust auth for user postgres (see ../shared/TOOLCHAIN.md).
# Order: already up → start the machine's cluster → install Debian's package and run a throwaway cluster.
set -euo pipefail

answers() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }

if answers; then echo "ci: PostgreSQL answers on 127.0.0.1:5432"; exit 0; fi

if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 20); do answers && { echo "ci: started PostgreSQL $version"; exit 0; }; sleep 0.5; done
fi

echo "ci: installing PostgreSQL"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=/tmp/ci-postgres
rm -rf "$dir"; mkdir -p "$dir"; chown postgres "$dir"
su postgres -c "$bin/initdb -D $dir/data -U postgres --auth=trust" >/dev/null
su postgres -c "$bin/pg_ctl -D $dir/data -o '-p 5432 -k $dir -c listen_addresses=127.0.0.1' -l $dir/log -w start" >/dev/null
answers && echo "ci: PostgreSQL running from $dir"

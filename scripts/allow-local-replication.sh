#!/usr/bin/env bash
# The replica tests (src/server/test/replica.ts) stream a copy of the local test cluster with
# pg_basebackup -R: the cluster must accept replication connections from 127.0.0.1 as postgres
# (pg_hba.conf needs a line of its own: `all` does not match replication). Run once per machine by a
# user who may edit the cluster's pg_hba.conf (CI: root). Changes nothing when replication works.
set -euo pipefail
PGHOST=${PGHOST:-127.0.0.1}

replicates() {
  psql "host=$PGHOST user=postgres dbname=replication replication=true" -qAtX -c IDENTIFY_SYSTEM >/dev/null 2>&1
}
replicates && exit 0

hba=$(psql -h "$PGHOST" -U postgres -qAtX -c 'show hba_file')
echo "host replication all 127.0.0.1/32 trust" >>"$hba"
psql -h "$PGHOST" -U postgres -qAtX -c 'select pg_reload_conf()' >/dev/null
if ! replicates; then
  echo "The cluster still refuses replication from $PGHOST: check $hba (an earlier line wins), wal_level and max_wal_senders." >&2
  exit 1
fi
echo "Replication connections from 127.0.0.1 allowed ($hba)."

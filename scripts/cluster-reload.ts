/**
 * `npm run reload`: a rolling restart of the running `npm run cluster` (scripts/cluster.ts). Reads
 * the cluster's pid file (CLUSTER_PID_FILE, default `data/cluster.pid`, the same environment as
 * the cluster's), sends it SIGHUP and waits until the cluster has replaced every app process one
 * at a time (its state file says so). Exits 0 when the restart is done, 1 when it stopped (the
 * processes not yet replaced keep serving) or took longer than `--timeout` seconds (default 600),
 * 2 when no cluster runs.
 */
import { parseArgs } from 'node:util';
import { clusterFiles, readClusterState, runningClusterPid } from './lib/cluster.ts';

const { values } = parseArgs({ options: { timeout: { type: 'string', default: '600' } } });
const timeoutMs = Number(values.timeout) * 1000;
const files = clusterFiles();
const pid = runningClusterPid(files);
if (pid === null) {
  console.error(`No cluster runs (no live process in ${files.pid}): start one with \`npm run cluster\`.`);
  process.exit(2);
}
const before = readClusterState(files)?.restarts ?? 0;
process.kill(pid, 'SIGHUP');
console.log(`SIGHUP sent to the cluster (pid ${pid}): replacing the app processes one at a time…`);
const deadline = Date.now() + timeoutMs;
for (;;) {
  await new Promise((r) => setTimeout(r, 500));
  const state = readClusterState(files);
  // the first restart to finish after the signal (one asked for during another runs after it, and
  // this command then ends with the earlier one)
  if (state && state.restarts > before && state.last) {
    (state.last.ok ? console.log : console.error)(state.last.message);
    process.exit(state.last.ok ? 0 : 1);
  }
  if (runningClusterPid(files) !== pid) {
    console.error(`The cluster (pid ${pid}) stopped during the restart.`);
    process.exit(1);
  }
  if (Date.now() > deadline) {
    console.error(`The rolling restart did not finish within ${values.timeout} s; the cluster's log tells where it is.`);
    process.exit(1);
  }
}

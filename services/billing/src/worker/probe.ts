// `node dist/worker/probe.js`: the billing worker's liveness probe (Kubernetes exec probe, see
// deploy/k8s/billing-worker.yaml). Exit 0 while the heartbeat file is fresh, 1 otherwise.
import { livenessProblem } from './liveness.js';

const problem = livenessProblem();
if (problem) {
  console.error(`billing worker not alive: ${problem}`);
  process.exitCode = 1;
}

/** Where the seed writes the bank file of the demo's open invoice (docs/demo/demo-camt054.xml). */
export declare const DEMO_CAMT_FILE: string;
/** A stack's billing worker queue: its Redis URL and queue prefix. */
export interface MaintenanceQueue {
  redisUrl: string;
  prefix: string;
}
/** Where the stack (scripts/lib/stack.mjs definition) runs billing's daily tasks. */
export declare function maintenanceQueueOf(
  definition: readonly { name: string; env?: Record<string, string> }[],
): MaintenanceQueue;
/**
 * Seeds the demo company's data through the API at `baseUrl` unless it already has customers;
 * `queue`: where the daily overdue rule runs (default: the local stack of `npm start`).
 */
export declare function seedDemoData(
  baseUrl: string,
  options?: { queue?: MaintenanceQueue },
): Promise<{ skipped: boolean; summary: string }>;

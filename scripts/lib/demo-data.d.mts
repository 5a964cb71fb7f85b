/** Where the seed writes the bank file of the demo's open invoice (docs/demo/demo-camt054.xml). */
export declare const DEMO_CAMT_FILE: string;
/** Seeds the demo company's data through the API at `baseUrl` unless it already has customers. */
export declare function seedDemoData(baseUrl: string): Promise<{ skipped: boolean; summary: string }>;

/** PostgreSQL's defaults, apart from the store so that reading the configuration loads no driver. */
export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
/** How long a node's group commit gathers moves before sending a batch (`GameStore.commitWindowMs`). */
export const DEFAULT_COMMIT_WINDOW_MS = 1;

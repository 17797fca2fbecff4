/** How the dispatcher paces itself. Fixed here; the spec fixes only the timeout and the delays. */
export const DISPATCHER = {
  /** Spec 6 and 8: the receiver has 10 seconds. */
  timeoutMs: 10_000,
  /** Response bytes read from a receiver (the body is not used; more is a failed attempt). */
  maxResponseBytes: 1024 * 1024,
  /**
   * A claimed attempt's lease: longer than one attempt can take, so a live dispatcher never
   * loses its claim; when a dispatcher dies mid-attempt the delivery is due again after it.
   */
  leaseMs: 25_000,
  /** Attempts in flight per process. */
  concurrency: 64,
  /**
   * Issue 34, fair shares: at most this many of a process's slots go to one site, so one site's
   * slow receivers always leave the other sites slots to start at once; with several slow sites,
   * each freed slot goes to the site with the fewest attempts in flight (docs/webhooks.md).
   */
  perSiteSlots: 48,
  /**
   * Attempt outcomes waiting for the recorder (answered, not yet committed) before the attempt
   * loop stops claiming: the recorder writes them in batches while the next POSTs run.
   */
  recordBacklog: 256,
  /** Deliveries claimed per query. */
  claimBatch: 64,
  /** Outbox rows (or bus events) fanned out per transaction. */
  fanOutBatch: 200,
  /** Idle polling interval of the outbox and of due deliveries. */
  pollMs: 200,
  /** How often the retention cleanup (HC_WEBHOOK_LOG_RETENTION) runs. */
  purgeEveryMs: 10 * 60_000,
  /** Pause after a database or bus error before trying again. */
  errorBackoffMs: 1_000,
} as const;

export const OUTBOUND_FETCH = Symbol('OUTBOUND_FETCH');
export const EVENT_BUS = Symbol('EVENT_BUS');

/**
 * What the app knows of its own life beyond HTTP (decision 042): whether it is shutting down (readiness answers
 * 503 from the first moment), and what must close once the last in-flight call has finished but before the modules
 * close — the machine link main.ts starts after listen: its group commit flushes while the database is still open
 * and the order numbers are still leased. The app owns one; main.ts fills it.
 */
export class Lifecycle {
  private state: 'running' | 'closing' = 'running';
  private readonly afterCalls: Array<() => Promise<void>> = [];

  get closing(): boolean {
    return this.state === 'closing';
  }

  /** Readiness answers 503 from now on; called first by the shutdown. */
  beginClosing(): void {
    this.state = 'closing';
  }

  /** Runs `close` when the app closes, after in-flight calls and before the modules' own closing. */
  closeAfterCalls(close: () => Promise<void>): void {
    this.afterCalls.push(close);
  }

  /** The app's onClose hook (registered last in app.ts, so Fastify runs it first). */
  async runAfterCalls(): Promise<void> {
    for (const close of this.afterCalls.splice(0)) await close();
  }
}

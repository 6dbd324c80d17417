/**
 * Work a call starts but does not wait for (telling a machine it was bound). Tracked so that closing the app
 * waits for it instead of pulling the database away underneath.
 */
export class Background {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  run(work: () => Promise<unknown>): void {
    const task: Promise<void> = work().then(
      () => undefined,
      (error: unknown) => this.onError(error),
    );
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

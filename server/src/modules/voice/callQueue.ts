/**
 * Acts on one call run one at a time, in the order they came (an answer, a timer firing, a hang-up), so no two
 * read the live state at once. Per process: each voice carrier (the sandbox, Twilio) keeps one per server.
 */
export class CallQueue {
  private readonly queues = new Map<number, Promise<unknown>>();

  run<T>(callId: number, act: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(callId) ?? Promise.resolve();
    const result = previous.then(act, act);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(callId, settled);
    void settled.then(() => {
      if (this.queues.get(callId) === settled) this.queues.delete(callId);
    });
    return result;
  }

  /** Resolves once every act under way has finished. */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }
}

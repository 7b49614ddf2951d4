/**
 * Limits concurrent requests per key (a portal credential) and spaces them out, so that one
 * account never floods the portal however many jobs run for it in this process.
 */
export class RequestLimiter {
  private readonly slots = new Map<string, { active: number; queue: (() => void)[]; nextStart: number }>();

  constructor(
    private readonly maxConcurrent: number,
    private readonly minIntervalMs: number,
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const slot = this.slots.get(key) ?? { active: 0, queue: [], nextStart: 0 };
    this.slots.set(key, slot);
    if (slot.active >= this.maxConcurrent) await new Promise<void>((resolve) => slot.queue.push(resolve));
    slot.active += 1;
    const wait = slot.nextStart - Date.now();
    slot.nextStart = Math.max(Date.now(), slot.nextStart) + this.minIntervalMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await task();
    } finally {
      slot.active -= 1;
      const next = slot.queue.shift();
      if (next) next();
      else if (slot.active === 0) this.slots.delete(key);
    }
  }
}

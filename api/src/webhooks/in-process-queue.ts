import type { Background } from '../http/background';
import type { DeliveryQueue } from './engine';

/**
 * Delivery attempts on timers of this process. Interim, until the job queue (api/src/jobs) is
 * wired in: a restart forgets scheduled retries, which `requeueOverdue` then finds again.
 */
export function createInProcessDeliveryQueue(
  background: Background,
  attempt: (deliveryId: string) => Promise<void>,
): DeliveryQueue & { stop(): void } {
  const timers = new Set<NodeJS.Timeout>();
  return {
    async enqueue(deliveryId, delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        background.run('webhook-delivery', () => attempt(deliveryId));
      }, delayMs);
      timers.add(timer);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

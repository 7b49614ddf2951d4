import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lazyTransport } from './lazy-transport';
import type { Mailer } from './mailer';

/**
 * Writes every message as a complete RFC 822 file (`<time>-<id>.eml`) instead of sending it: the
 * embedded default, so a laptop needs no mail server and any mail client opens what was "sent".
 */
export function createOutboxMailer({ outboxDir, from }: { outboxDir: string; from: string }): Mailer {
  const transport = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from, ...message });
      // Private: a message can carry a live reset link.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`;
      // Written under another name first: a reader never sees half a message.
      const temporary = join(outboxDir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await rename(temporary, join(outboxDir, name));
    },
    close: () => transport.close(),
  };
}

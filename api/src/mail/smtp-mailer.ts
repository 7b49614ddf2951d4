import { lazyTransport } from './lazy-transport';
import type { Mailer } from './mailer';

/**
 * Sends through SMTP_URL (`smtp://user:pass@host:587`, `smtps://user:pass@host:465`); nodemailer
 * reads further options from the query string, e.g. `?pool=true`.
 */
export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
  return {
    async send(message) {
      await (await transport.get()).sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

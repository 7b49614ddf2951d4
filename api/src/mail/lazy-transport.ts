import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

/**
 * A nodemailer transport made on first use: nodemailer (~15 MB resident) loads with the first
 * message, not with every API process (issue 17).
 */
export function lazyTransport(make: (mailer: typeof nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then(({ default: mailer }) => make(mailer))),
    /** Closes the transport if one was made. */
    async close() {
      (await transport)?.close();
    },
  };
}

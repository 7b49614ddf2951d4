import { join } from 'node:path';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export type { Mailer, MailMessage } from './mailer';

export const outboxDirOf = (dataDir: string) => join(dataDir, 'outbox');

/** SMTP when SMTP_URL is set; otherwise the outbox folder in DATA_DIR. */
export function createMailer({
  smtpUrl,
  dataDir,
  mailFrom,
}: {
  smtpUrl: string | null;
  dataDir: string;
  mailFrom: string;
}): Mailer {
  return smtpUrl
    ? createSmtpMailer({ smtpUrl, from: mailFrom })
    : createOutboxMailer({ outboxDir: outboxDirOf(dataDir), from: mailFrom });
}

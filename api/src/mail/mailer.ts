/** One e-mail, always with a plain-text and an HTML version. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

/** How the API sends e-mail: to an outbox folder by default, or through SMTP. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

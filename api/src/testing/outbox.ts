import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type OutboxMail = {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

/** Undoes quoted-printable (RFC 2045), which nodemailer uses for Spanish text. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?...?=`). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function header(headers: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*((?:.*)(?:\\n[ \\t].*)*)`, 'im').exec(headers);
  return decodeHeader((match?.[1] ?? '').replace(/\n[ \t]+/g, ' ').trim());
}

/** Reads one .eml written by the outbox mailer: recipients, subject, and both bodies decoded. */
export function parseMail(raw: string, file = ''): OutboxMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const [headers = '', ...rest] = normalized.split('\n\n');
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const [partHeaders = '', ...partBody] = part.replace(/^\n/, '').split('\n\n');
          return {
            headers: partHeaders,
            body: decodePart(partHeaders, partBody.join('\n\n').replace(/\n$/, '')),
          };
        })
    : [{ headers, body: decodePart(headers, body) }];
  const part = (type: string) =>
    parts.find((candidate) => new RegExp(`content-type:\\s*${type}`, 'i').test(candidate.headers))?.body ??
    '';
  return {
    file,
    to: header(headers, 'To'),
    subject: header(headers, 'Subject'),
    text: part('text/plain'),
    html: part('text/html'),
    raw,
  };
}

/** Every message in the outbox folder, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => parseMail(await readFile(join(outboxDir, file), 'utf8'), file)),
  );
}

/**
 * Waits for a message to `to` (the recovery e-mail is sent after the answer). No deadline of its
 * own: how long sending takes depends on the machine's load; the test runner's limit catches a
 * message that never comes.
 */
export async function waitForMail(outboxDir: string, to: string, { after = 0 } = {}): Promise<OutboxMail> {
  for (;;) {
    const mail = (await readOutbox(outboxDir)).filter((candidate) => candidate.to.includes(to)).at(after);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

import { mkdtemp, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMail, readOutbox } from '../testing/outbox';
import { createMailer } from '.';
import { passwordResetMail } from './templates';

const message = passwordResetMail({
  to: 'ana@empresa.mx',
  fullName: 'Ana <b>Peña</b>',
  link: 'https://luz.example.com/reset-password?token=abc_DEF-123',
  expiresInMinutes: 30,
});

test('the reset template has Spanish text and escaped HTML', () => {
  expect(message.subject).toBe('Luz: restablece tu contraseña');
  expect(message.text).toContain('Hola, Ana <b>Peña</b>:');
  expect(message.text).toContain('https://luz.example.com/reset-password?token=abc_DEF-123');
  expect(message.html).toContain('Ana &lt;b&gt;Peña&lt;/b&gt;');
  expect(message.html).not.toContain('<b>Peña');
  expect(message.html).toContain('href="https://luz.example.com/reset-password?token=abc_DEF-123"');
  expect(message.html).toContain('<html lang="es">');
});

test('without SMTP_URL, messages are complete .eml files in DATA_DIR/outbox', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'luz-mail-'));
  const mailer = createMailer({ smtpUrl: null, dataDir, mailFrom: 'Luz <no-reply@luz.test>' });
  await mailer.send(message);
  await mailer.send({ ...message, to: 'beto@empresa.mx' });
  await mailer.close();

  const files = await readdir(join(dataDir, 'outbox'));
  expect(files).toHaveLength(2);
  for (const file of files) expect(file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);

  const [first] = await readOutbox(join(dataDir, 'outbox'));
  expect(first?.raw).toMatch(/^Message-ID: </m);
  expect(first?.raw).toMatch(/^Date: /m);
  expect(first?.raw).toMatch(/^MIME-Version: 1\.0$/m);
  expect(first?.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(first?.subject).toBe(message.subject);
  expect(first?.text.trim()).toBe(message.text.trim());
  expect(first?.html.trim()).toBe(message.html.trim());
});

test('with SMTP_URL, messages go to the SMTP server with its credentials', async () => {
  const smtp = await fakeSmtpServer();
  try {
    const mailer = createMailer({
      smtpUrl: `smtp://luz:clave%40secreta@127.0.0.1:${smtp.port}`,
      dataDir: '/nonexistent',
      mailFrom: 'Luz <no-reply@luz.test>',
    });
    await mailer.send(message);
    await mailer.close();
    expect(smtp.commands).toContain('MAIL FROM:<no-reply@luz.test>');
    expect(smtp.commands).toContain('RCPT TO:<ana@empresa.mx>');
    expect(smtp.auth).toEqual(['luz', 'clave@secreta']);
    const received = parseMail(smtp.data[0] ?? '');
    expect(received.subject).toBe(message.subject);
    expect(received.text).toContain('https://luz.example.com/reset-password?token=abc_DEF-123');
  } finally {
    smtp.server.close();
  }
});

/** Just enough of RFC 5321 (with AUTH PLAIN) to receive one message over a real socket. */
async function fakeSmtpServer() {
  const commands: string[] = [];
  const data: string[] = [];
  let auth: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data.push(buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.'));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        commands.push(line);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.smtp\r\n250 AUTH PLAIN\r\n');
        else if (verb === 'AUTH') {
          auth = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\u0000')
            .slice(1);
          socket.write('235 Authenticated\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 Go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : 0,
    commands,
    data,
    get auth() {
      return auth;
    },
  };
}

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { mailerContract } from './mailer.contract.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

mailerContract('outbox files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  const outbox = join(dir, 'outbox');
  return {
    mailer: new OutboxMailer(outbox, 'GlobeTrail <no-reply@localhost>'),
    delivered: async () => readdirSync(outbox).sort().map((file) => readFileSync(join(outbox, file), 'utf8')),
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

// A real SMTP server on 127.0.0.1 (the smtp-server package), receiving what nodemailer sends.
mailerContract('SMTP (nodemailer) to a local SMTP server', async () => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'GlobeTrail <no-reply@localhost>');
  return {
    mailer,
    delivered: async () => received,
    close: async () => {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});

describe('the outbox', () => {
  it('keeps each message in a file only its owner can read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      await new OutboxMailer(join(dir, 'outbox'), 'x@localhost').send({ to: 'a@example.org', subject: 's', text: 't' });
      const [file] = readdirSync(join(dir, 'outbox'));
      expect(file).toMatch(/\.eml$/);
      expect(statSync(join(dir, 'outbox', file!)).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

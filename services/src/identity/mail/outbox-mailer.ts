import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MailMessage, Mailer } from './mailer.port.js';

/** A header value on one line (a subject cannot smuggle in headers). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * Development mail: each message becomes one RFC 5322 file in `<dataDir>/outbox` (open it with any mail
 * program, or read it), readable by the data directory's owner only.
 */
export class OutboxMailer implements Mailer {
  readonly destination: string;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.destination = `outbox ${dir}`;
  }

  async send(message: MailMessage): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const at = new Date(this.clock());
    const body = [
      `From: ${oneLine(this.from)}`,
      `To: ${oneLine(message.to)}`,
      `Subject: ${oneLine(message.subject)}`,
      `Date: ${at.toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      message.text.replace(/\r?\n/g, '\r\n'),
      '',
    ].join('\r\n');
    const name = `${at.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    writeFileSync(join(this.dir, name), body, { mode: 0o600, flag: 'wx' });
  }

  async close(): Promise<void> {}
}

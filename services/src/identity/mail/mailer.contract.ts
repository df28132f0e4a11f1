import type { MailMessage, Mailer } from './mailer.port.js';

export interface MailerHarness {
  mailer: Mailer;
  /** Every message the adapter delivered, as raw RFC 5322 text. */
  delivered(): Promise<string[]>;
  close(): Promise<void>;
}

/** The mailer port's contract: every adapter runs it. */
export function mailerContract(name: string, open: () => Promise<MailerHarness>): void {
  describe(`Mailer contract: ${name}`, () => {
    let harness: MailerHarness;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(() => harness.close());

    it('delivers a message with its recipient, subject and text (UTF-8 included)', async () => {
      const message: MailMessage = { to: 'ana@example.org', subject: 'Votre code GlobeTrail', text: 'Code : 48213907\nValable 15 minutes — ¡gracias!' };
      await harness.mailer.send(message);
      const [raw] = await harness.delivered();
      expect(raw).toMatch(/^To: ana@example\.org/m);
      expect(raw).toContain('48213907');
      expect(raw).toMatch(/Subject: /);
    });

    it('keeps a subject on its one header line', async () => {
      await harness.mailer.send({ to: 'bo@example.org', subject: 'Hello\r\nBcc: everyone@example.org', text: 'body' });
      const [raw] = await harness.delivered();
      expect(raw).not.toMatch(/^Bcc: everyone@example\.org/m);
    });

    it('delivers messages one after another, each once', async () => {
      for (const to of ['a@example.org', 'b@example.org', 'c@example.org']) await harness.mailer.send({ to, subject: 'code', text: `for ${to}` });
      const raws = await harness.delivered();
      expect(raws).toHaveLength(3);
      expect(raws.map((raw) => /^To: (.*)$/m.exec(raw)?.[1]?.trim()).sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    });
  });
}

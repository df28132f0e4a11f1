import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.port.js';

/** Production mail through an SMTP server (SMTP_URL, e.g. smtps://user:password@mail.example.org:465), by nodemailer. */
export class SmtpMailer implements Mailer {
  readonly destination: string;
  private readonly transport: Transporter;

  constructor(url: string, private readonly from: string) {
    const parsed = new URL(url);
    this.destination = `smtp ${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`;
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

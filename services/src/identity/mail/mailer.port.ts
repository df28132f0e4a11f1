/** One plain-text email the identity sends (a password-reset code). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The outgoing-mail port. The embedded identity writes to the outbox in development (no mail server
 * needed) and sends through SMTP when SMTP_URL is set.
 */
export interface Mailer {
  /** Resolves once the message is durably handed over (written to the outbox, or accepted by the server). */
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the start-up log ("outbox /data/outbox", "smtp mail.example.org:587"). */
  readonly destination: string;
  close(): Promise<void>;
}

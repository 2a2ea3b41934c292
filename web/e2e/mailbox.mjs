// An SMTP server in the test process that keeps every message it receives, so browser
// tests can read what the real binary sends customers (harness.mjs starts it with
// startServer({ smtp: true })). Plain SMTP on 127.0.0.1, no STARTTLS and no AUTH: the
// binary's smtp:// transport then speaks plain SMTP, as to a local relay.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const WAIT_TIMEOUT_MS = 60_000;

/**
 * A received message: envelope recipients, subject, text and HTML bodies, headers and
 * attachments (content as text, e.g. an .ics invitation).
 * @typedef {{ to: string[], from: string, subject: string, text: string, html: string,
 *   headers: Map<string, unknown>, attachments: { filename?: string, contentType: string, content: string }[] }} Mail
 */

/** Starts the mailbox; resolves to { url, messages, waitFor(predicate, what), close() }. */
export async function startMailbox() {
  /** @type {Mail[]} */
  const messages = [];
  const waiters = new Set();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 << 20,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          });
          for (const check of waiters) check();
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();

  return {
    /** The mailbox as a DOTA_SMTP_URL. */
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /**
     * Resolves to the first message, received before or after the call, for which
     * predicate is true; rejects after a minute naming what was awaited and what came.
     * @param {(m: Mail) => boolean} predicate
     * @param {string} what
     */
    waitFor(predicate, what, timeout = WAIT_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ') || 'none';
          reject(new Error(`no message ${what} after ${timeout} ms; received:\n  ${seen}`));
        }, timeout);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

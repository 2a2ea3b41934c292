import { describe, expect, it } from 'vitest';
import { reasonText } from './DeliveryList';

const texts: Record<string, string> = {
  'messages.reason.mail_not_configured': 'Mail is not configured',
  'messages.reason.attempts_exhausted': 'Every attempt failed',
};
const t = (key: string, options?: Record<string, unknown>) => texts[key] ?? String(options?.defaultValue ?? key);

describe('reasonText', () => {
  it('words a known reason code', () => {
    expect(reasonText(t, 'mail_not_configured')).toBe('Mail is not configured');
  });
  it('keeps the detail after a known code', () => {
    expect(reasonText(t, 'attempts_exhausted: 451 try later')).toBe('Every attempt failed: 451 try later');
  });
  it("shows the server's own text otherwise", () => {
    expect(reasonText(t, 'smtp: 550 5.1.1 mailbox unavailable')).toBe('smtp: 550 5.1.1 mailbox unavailable');
    expect(reasonText(t, '')).toBe('');
  });
});

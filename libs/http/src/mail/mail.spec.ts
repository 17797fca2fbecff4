import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetSettings } from '@hc/contracts';
import { MemoryRateLimitStore } from '../rate-limit.store';
import { MailboxEmailSender } from './email-sender';
import { MailBudget } from './send-budget';

describe('MailBudget (issue 38)', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.HC_MAIL_MAX_PER_RECIPIENT = '2';
    process.env.HC_MAIL_MAX_PER_ADDRESS = '3';
    process.env.HC_MAIL_WINDOW_SECONDS = '600';
    resetSettings();
  });
  afterEach(() => {
    process.env = { ...saved };
    resetSettings();
  });

  it('refuses the recipient past its budget, whatever the spelling of the address', async () => {
    const budget = new MailBudget(new MemoryRateLimitStore());
    expect(await budget.spend('reset', 'ana@example.test', '192.0.2.1')).toEqual({ allowed: true });
    expect(await budget.spend('reset', ' ANA@example.test', '192.0.2.2')).toEqual({
      allowed: true,
    });
    const third = await budget.spend('reset', 'ana@example.test', '192.0.2.3');
    expect(third).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect(third.allowed === false && third.retryAfterSeconds).toBeGreaterThan(590);
    // Another purpose and another recipient have budgets of their own.
    expect(await budget.spend('verify', 'ana@example.test', '192.0.2.3')).toEqual({
      allowed: true,
    });
    expect(await budget.spend('reset', 'bo@example.test', '192.0.2.3')).toEqual({ allowed: true });
  });

  it('refuses a client address past its budget across recipients (IPv6 by its /64)', async () => {
    const budget = new MailBudget(new MemoryRateLimitStore());
    for (const n of [1, 2, 3])
      expect((await budget.spend('signup', `p${n}@example.test`, `2001:db8::${n}`)).allowed).toBe(
        true,
      );
    expect((await budget.spend('signup', 'p4@example.test', '2001:db8::ff')).allowed).toBe(false);
    expect((await budget.spend('signup', 'p4@example.test', '2001:db9::1')).allowed).toBe(true);
  });
});

describe('MailboxEmailSender (development mail)', () => {
  it('writes one .eml file per email, readable as a message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hc-mail-'));
    try {
      const sender = new MailboxEmailSender(join(dir, 'mail'), 'Help Center <no-reply@x.test>');
      await sender.send({
        to: { name: 'Ana', address: 'ana@example.test' },
        subject: 'Reset your password',
        text: 'Open http://localhost:8080/reset/abc to choose a new password.',
      });
      const files = await readdir(join(dir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(join(dir, 'mail', files[0]), 'utf8');
      expect(eml).toMatch(/^Subject: Reset your password$/m);
      expect(eml).toMatch(/^To: Ana <ana@example.test>$/m);
      expect(eml).toContain('http://localhost:8080/reset/abc');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

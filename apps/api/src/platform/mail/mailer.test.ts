import fs from 'node:fs/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { listFiles, tempDataDir } from '../../../test/files';
import { testConfig } from '../../../test/harness';
import { createMailer } from './mailer';

describe('mail without SMTP', () => {
  it('writes each message as an .eml file into DATA_DIR/outbox', async () => {
    const dataDir = await tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir });
    const mailer = createMailer(config, Fastify().log);
    expect(mailer.kind).toBe('outbox');
    const sent = await mailer.send({
      to: 'hoa@example.com',
      subject: 'Reset your password',
      text: 'Open http://localhost:3000/forgot-password?token=abc',
    });
    expect(await listFiles(config.mail.outboxDir)).toHaveLength(1);
    const eml = await fs.readFile(sent.file ?? '', 'utf8');
    expect(eml).toMatch(/^To: hoa@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    expect(eml).toMatch(/^From: Academy <no-reply@academy\.local>$/m);
    expect(eml).toContain('forgot-password?token=abc');
  });

  it('uses SMTP when SMTP_URL is set', () => {
    const config = testConfig({ SMTP_URL: 'smtp://mail.example.com:2525' });
    expect(createMailer(config, Fastify().log).kind).toBe('smtp');
  });
});

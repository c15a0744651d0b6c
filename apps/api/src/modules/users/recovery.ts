import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, RESET_LINK_MINUTES, type TResetPassword } from '@academy/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import { ApiError, badRequest, conflict, notFound } from '../../platform/http/errors';
import type { Mailer } from '../../platform/mail';
import { hashPassword } from './passwords';
import { endSessions } from './sessions';
import { passwordResetTokens, users } from './tables';

/** At most this many reset mails per address in RESET_MAIL_WINDOW_MINUTES, whatever the caller's address. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_MAIL_WINDOW_MINUTES = 15;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** In external-provider mode passwords live at the provider: these endpoints answer 409. */
export function assertPasswordsAreOurs(config: Config): void {
  if (config.oidc.mode === 'external') throw conflict(MESSAGES.passwordsManagedExternally);
}

async function findByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  return (await findByEmail(db, email)) !== undefined;
}

/**
 * Creates a single-use reset token (only its hash is kept; it works for one hour) and mails
 * the link. Unknown addresses answer "Email is not found in the system" (SPEC §5).
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  email: string,
  /** The asker's language (their Accept-Language): they are the one who reads the mail. */
  language?: string,
): Promise<void> {
  const user = await findByEmail(db, email);
  if (!user) throw notFound(MESSAGES.emailNotFound);
  const since = new Date(Date.now() - RESET_MAIL_WINDOW_MINUTES * 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, since)));
  if ((recent?.n ?? 0) >= RESET_MAILS_PER_WINDOW) throw new ApiError(429, MESSAGES.tooManyRequests);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
  await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: tokenHash(token), expiresAt });
  try {
    await mailer.send({
      to: user.email,
      kind: 'passwordReset',
      data: { fullName: user.fullName, token, minutes: RESET_LINK_MINUTES },
      language,
    });
  } catch (err) {
    log.error({ err }, 'could not send the password reset mail');
    throw new ApiError(503, MESSAGES.unavailable);
  }
  // The link itself is never logged: it is a live credential. Without SMTP a developer finds it in
  // the outbox file that the mailer's log line names.
}

/** Sets the new password once: the token is consumed in the same transaction. */
export async function resetPassword(db: Db, input: TResetPassword): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) {
      throw badRequest(MESSAGES.resetLinkInvalid, [{ field: 'token', message: MESSAGES.resetLinkInvalid }]);
    }
    await tx
      .update(users)
      .set({ passwordHash, activePassword: true, updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    // Any other link sent to this user stops working too, and so does every sign-in.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await endSessions(tx, used.userId);
  });
}

/** How long the link of a welcome mail works. */
export const WELCOME_LINK_DAYS = 7;

/**
 * Mails each new user (an import's) a link to choose their password — the reset link, valid
 * WELCOME_LINK_DAYS days. A mail that cannot be sent is logged; the user can still use
 * "Forgot password".
 */
export async function sendWelcomeMails(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  people: { id: number; email: string; fullName: string; employeeCode: string }[],
): Promise<void> {
  const expiresAt = new Date(Date.now() + WELCOME_LINK_DAYS * 86_400_000);
  for (const person of people) {
    const token = randomBytes(32).toString('base64url');
    await db
      .insert(passwordResetTokens)
      .values({ userId: person.id, tokenHash: tokenHash(token), expiresAt });
    try {
      await mailer.send({
        to: person.email,
        kind: 'welcome',
        data: {
          fullName: person.fullName,
          employeeCode: person.employeeCode,
          token,
          days: WELCOME_LINK_DAYS,
        },
      });
    } catch (err) {
      log.error({ err, userId: person.id }, 'could not send a welcome mail');
    }
  }
}

import { GENDERS, MESSAGES, type TProfile, type ZProfileInput } from '@academy/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { removeStoredFiles, withStoredFiles } from '../../platform/uploads/store';
import { placeNames } from './place-names';
import { users } from './tables';

export type ProfileInput = z.output<typeof ZProfileInput>;

type Gender = (typeof GENDERS)[number];
const isGender = (v: string | null): v is Gender => v !== null && (GENDERS as readonly string[]).includes(v);

/** The signed-in user's own profile, with the names of where they sit (one query). */
export async function getProfile(db: Db, userId: number): Promise<TProfile> {
  const [row] = await db
    .select({
      id: users.id,
      employeeCode: users.employeeCode,
      email: users.email,
      fullName: users.fullName,
      avatar: users.avatarUrl,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
      workplace: users.workplace,
      position: users.position,
      authorizedOn: users.authorizedOn,
      ...placeNames,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound(MESSAGES.userNotFound);
  return { ...row, gender: isGender(row.gender) ? row.gender : null };
}

/** PUT users/info: personal fields only — never role, permissions, access or placement. */
export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<TProfile> {
  await db
    .update(users)
    .set({
      fullName: input.fullName,
      phone: input.phone ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      gender: input.gender ?? null,
      workplace: input.workplace ?? null,
      position: input.position ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}

/** POST users/avatar: stores the checked image and forgets the previous one. */
export async function replaceAvatar(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  userId: number,
  avatar: CheckedFile,
): Promise<TProfile> {
  const [before] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  await withStoredFiles(storage, 'avatars', { avatar }, async (urls) => {
    await db
      .update(users)
      .set({ avatarUrl: urls.avatar ?? null, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
  await removeStoredFiles(storage, log, [before?.avatarUrl]);
  return getProfile(db, userId);
}

import type { TPageQuery } from '@academy/contract';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';

/** Sets the total for a paged list; the body carries only the page. */
export function setTotal(reply: FastifyReply, total: number): void {
  reply.header('x-total-count', String(total));
}

/**
 * Turns `sort=field,dir` into an ORDER BY over an allow-list of columns, so a client can
 * never sort by an unindexed or private column. Falls back to `fallback`.
 */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, PgColumn | SQL>,
  fallback: SQL,
): SQL {
  if (!sort) return fallback;
  const [field = '', direction = 'asc'] = sort.split(',');
  const column = columns[field];
  if (!column) throw badRequest(`Cannot sort by ${field}`);
  return direction === 'desc' ? desc(column) : asc(column);
}

export function pageWindow(query: Pick<TPageQuery, 'page' | 'size'>): { limit: number; offset: number } {
  return { limit: query.size, offset: query.page * query.size };
}

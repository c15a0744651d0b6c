import { type SQL, sql } from 'drizzle-orm';
import { issuedCertificates } from './tables';

/**
 * Each holder's current certificate of each course that expires (decisions 104, 105), as a
 * subquery for another module's FROM with the columns `user_id, course_id, expires_at`: the
 * certificate of their latest cycle of the course, left out when that one never expires (a course
 * whose validity was removed) or its course was deleted. The compliance counts' "certificate
 * expiring" reads it (decision 145). The unique index on user, course and cycle serves the order.
 */
export function currentCertificateExpiriesSql(): SQL {
  return sql`
    select latest.user_id, latest.course_id, latest.expires_at from (
      select distinct on (ic.user_id, ic.course_id) ic.user_id, ic.course_id, ic.expires_at
      from ${issuedCertificates} ic
      where ic.course_id is not null
      order by ic.user_id, ic.course_id, ic.cycle desc
    ) latest
    where latest.expires_at is not null`;
}

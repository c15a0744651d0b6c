/** Users: accounts, sign-in sessions, the account page, password recovery, user management. */

export { mailboxOf, userBrief } from './briefs';
export { anyUserOf, usersCountOf } from './counts';
export { type LearnerCard, learnerCard, loginHistoryOf } from './learners';
export {
  allowedEmailOf,
  assignableUsersSql,
  avatarOf,
  displayNameOf,
  employeeCodeOf,
  fullNameOf,
  type LearnerFilter,
  learnersSql,
  permissionHoldersSql,
  type UserPlacement,
  userPlacedAt,
  usersPlacedAtSql,
  usersPlacedCount,
  userWithinSql,
} from './query-pieces';
export { usersRoutes } from './routes';
export { createSignInAccounts, type SignInAccounts } from './sign-in';

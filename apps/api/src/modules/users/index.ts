/** Users: accounts, sign-in sessions, the account page, password recovery, user management. */
export { anyUserOf, usersCountOf } from './counts';
export { usersRoutes } from './routes';
export { createSignInAccounts, type SignInAccounts } from './sign-in';

/** What other features use of the certificates: the learner's own (academy). */
export { downloadMine, useMyCertificates } from './api';

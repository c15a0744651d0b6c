/** What other features use of the certificates: the learner's own (academy), a certificate's validity. */

export { downloadMine, useMyCertificates } from './api';
export { CertificateValidity } from './CertificateValidity';

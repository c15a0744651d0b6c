/** What other modules may call in the exams module (progress reports, unlocking). */
export { closeExpiredAttempts } from './attempts';
export { listAttempts, listStandings, unlockExam } from './staff';

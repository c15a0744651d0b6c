/** The exams module: its routes, and the timer that closes attempts left open past their deadline. */
export { type Clock, systemClock } from './clock';
export { restartStandings } from './cycles';
export { scheduleExamCloser } from './job';
export { examAttemptCountsRows } from './report-pieces';
export { examRoutes } from './routes';
export { listAttempts, listStandings } from './staff';

/** What other features use of the progress: the learner's own exam results (academy). */
export { useMyProgress } from './api';

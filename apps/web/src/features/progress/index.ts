/** What other features use of the progress: the learner's own results and earlier cycles (academy). */
export { useMyProgress } from './api';
export { EarlierCycles } from './EarlierCycles';
export { MyPackageLessons } from './PackageResult';

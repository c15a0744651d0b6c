/** What other features use of the questions and answers: the lesson page's link to its questions and its count. */
export { prefetchLessonQuestions } from './api';
export { LessonQuestionsLink } from './LessonQuestionsLink';

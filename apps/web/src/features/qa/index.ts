/** What other features use of the questions and answers: the lesson page's link to its questions. */
export { LessonQuestionsLink } from './LessonQuestionsLink';

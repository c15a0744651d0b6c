/** What the routes and other modules may call in the Q&A module. */

export {
  createQuestion,
  deleteQuestion,
  getQuestion,
  listQuestions,
  setSolved,
  toggleUpvote,
  updateQuestion,
} from './questions';
export { addReply, deleteReply, updateReply } from './replies';

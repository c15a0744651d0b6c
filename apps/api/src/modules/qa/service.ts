/** What the routes and other modules may call in the Q&A module. */

export { listNotifications, markNotificationsRead, unreadNotifications } from './notifications';
export {
  createQuestion,
  deleteQuestion,
  getQuestion,
  listQuestions,
  setSolved,
  toggleUpvote,
  updateQuestion,
} from './questions';
export { addReply, deleteReply, type ReplyMailContext, updateReply } from './replies';

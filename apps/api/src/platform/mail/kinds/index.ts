import { applicationApproved, applicationDeclined, applicationReceived } from './application';
import { assignmentDigest } from './assignment-digest';
import { assignmentReminder } from './assignment-reminder';
import { assignmentDue, certificateIssued, examLocked, examUnlocked, roadmapCourseAdded } from './learning';
import { passwordReset } from './password-reset';
import { qaReply } from './qa-reply';
import { welcome } from './welcome';

/**
 * Every kind of mail the product sends. Adding one: a template file beside these (defineMail with
 * a sample and compose), its words in locales/en.json, and one entry here (docs/architecture.md).
 */
export const MAIL_KINDS = {
  passwordReset,
  welcome,
  qaReply,
  applicationReceived,
  applicationApproved,
  applicationDeclined,
  certificateIssued,
  examLocked,
  examUnlocked,
  roadmapCourseAdded,
  assignmentDue,
  assignmentReminder,
  assignmentDigest,
};

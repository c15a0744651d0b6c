import { TRANSPORT_MESSAGES } from './transport-messages';

/** User-visible messages from SPEC §5 and §8, shared by the API and the web forms. */
export const MESSAGES = {
  ...TRANSPORT_MESSAGES,
  required: 'This field is required',
  emailInvalid: 'Email invalidate',
  passwordsDoNotMatch: 'Passwords do not match',
  oldPasswordInvalid: 'Old password is invalid',
  wrongCurrentPassword: 'Wrong current password',
  emailNotFound: 'Email is not found in the system',
  tooYoung: 'You entered an invalid age, must be over 16 years old.',
  employeeCodeExists: 'This employee code already exists',
  emailExists: 'This email already exists',
  serviceNotFound: 'This service does not exist',
  departmentInUse: 'This department is currently in use',
  unauthenticated: 'Please sign in to continue',
  notFound: 'Not found',
  invalidRequest: 'The request is not valid',
  tooManyRequests: 'Too many requests, please try again later',
  weakPassword: 'The password must be at least 8 characters',
  tooLong: 'This field is too long',
  dateInvalid: 'Time is not valid',
  phoneInvalid: 'Phone number is not valid',
  websiteUrlInvalid: 'The website link must start with http:// or https://',
  serviceInUse: 'This service is currently in use',
  branchNotFound: 'This branch does not exist',
  branchInUse: 'This branch is currently in use',
  branchNotInService: 'This branch does not belong to the chosen service',
  departmentNotFound: 'This department does not exist',
  departmentNotInBranch: 'This department does not belong to the chosen branch',
  authorizationNotFound: 'This authorization does not exist',
  authorizationInUse: 'This authorization is currently in use',
  authorizationScope: 'Choose either a service or a branch',
  userNotFound: 'This user does not exist',
  sessionNotFound: 'This session does not exist or has already ended',
  userInUse: 'This user has learning records and cannot be deleted; stop their access instead',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotStopSelf: 'You cannot stop your own access',
  fileRequired: 'Please choose a file',
  imageType: 'Only JPG and PNG images are allowed',
  imageTooLarge: 'Images must be at most 5 MB',
  imageTooManyPixels: 'This image is too large: at most 40 megapixels',
  imageCorrupt: 'This image is damaged or incomplete',
  avatarTooLarge: 'Please choose a file smaller than 1024 KB',
  pdfOnly: 'Only PDF files are allowed',
  documentOnly: 'Only DOC and DOCX files are allowed',
  fileTooLarge: 'This file is too large',
  tooManyFiles: 'Too many files in one request',
  passwordsManagedExternally: 'Passwords are managed by the sign-in provider',
  resetLinkInvalid: 'This link is invalid or has expired',
  courseNotFound: 'This course does not exist.',
  /** A course that people are assigned (issue 24) cannot be deleted. */
  courseInUse: 'This course is currently in use',
  topicNotFound: 'This topic does not exist.',
  lessonNotFound: 'This lesson does not exist.',
  documentNotFound: 'This document does not exist.',
  finishPreviousExam: 'You have to finish the previous exam',
  courseHasProgress:
    'Learners have already studied this course. Deleting it also deletes their progress: confirm to continue.',
  topicHasProgress:
    'Learners have already studied this topic. Deleting it also deletes their progress: confirm to continue.',
  lessonHasProgress:
    'Learners have already studied this lesson. Deleting it also deletes their progress: confirm to continue.',
  youtubeLinkInvalid: 'The YouTube link is not valid',
  mustBeNumber: 'Must be a number',
  minStudyAboveDuration: 'The minimum study time cannot exceed the video duration',
  examTimeInvalid: 'The exam time must be a number greater than zero',
  reorderMismatch: 'The new order must list every item exactly once',
  topicNotInCourse: 'This topic does not belong to the course',
  lessonDocumentType: 'Only PDF, Word, Excel and PowerPoint files are allowed',
} as const;

/** "You do not have permission to <action>" (SPEC §6). */
export function forbiddenMessage(action: string): string {
  return `You do not have permission to ${action}`;
}

export function requestFailedMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

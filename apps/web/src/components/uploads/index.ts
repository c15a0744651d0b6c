/** The resumable upload field's kit (lesson videos, SCORM packages, cmi5 courses). */
export { formatDuration, formatSpeed, RateMeter } from './rate';
export { UnfinishedUploads } from './UnfinishedUploads';
export { UploadProgress } from './UploadProgress';
export {
  type ResumableUploadControls,
  type ResumableUploadState,
  type UploadPhase,
  type UploadProgressState,
  type UploadReports,
  useResumableUpload,
} from './use-resumable-upload';

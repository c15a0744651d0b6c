/**
 * Every table, for drizzle-kit (`npm run db:generate -w @academy/api` writes the migrations from
 * it). Each module owns its tables file; only the composition level gathers them.
 */
export * from './modules/assignments/tables';
export * from './modules/audit/tables';
export * from './modules/authorizations/tables';
export * from './modules/certificates/tables';
export * from './modules/cmi5/tables';
export * from './modules/courses/tables';
export * from './modules/exams/tables';
export * from './modules/home/tables';
export * from './modules/media/tables';
export * from './modules/news/tables';
export * from './modules/notifications/tables';
export * from './modules/org/tables';
export * from './modules/qa/tables';
export * from './modules/recruitment/tables';
export * from './modules/roadmaps/tables';
export * from './modules/scorm/tables';
export * from './modules/study/tables';
export * from './modules/users/tables';
export * from './modules/xapi/tables';
export * from './platform/idp/tables';
export * from './platform/storage/tables';

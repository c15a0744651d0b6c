/** What other features use of course authoring: where an authoring page sits (exams). */
export { CourseBreadcrumbs, type Crumb } from './CourseBreadcrumbs';

import type { RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { lazyPage } from './lazy-page';

/**
 * The pages under /management (side menu; the area's permission is checked by the layout). This
 * table is a chunk of its own, added to the router on the first navigation under /management
 * (routes.tsx, `patchRoutesOnNavigation`): a visitor's first load carries neither it nor the
 * forty pages' chunk lists (issue 21).
 */
export const routes: RouteObject[] = [
  { index: true, element: null },
  { path: 'audit', lazy: lazyPage(() => import('../features/audit/AuditLogPage')) },
  { path: 'mail-previews', lazy: lazyPage(() => import('../features/mail/MailPreviewsPage')) },
  { path: 'lrs-statements', lazy: lazyPage(() => import('../features/xapi/LrsStatementsPage')) },
  { path: 'lrs-keys', lazy: lazyPage(() => import('../features/xapi/LrsKeysPage')) },
  { path: 'course/topic/lesson/:id', lazy: lazyPage(() => import('../features/exams/ExamAuthoringPage')) },
  { path: 'home', lazy: lazyPage(() => import('../features/home/HomeSettingsPage')) },
  {
    path: 'introduction',
    lazy: lazyPage(() => import('../features/introduction/IntroductionManagementPage')),
  },
  { path: 'news', lazy: lazyPage(() => import('../features/news/NewsManagementPage')) },
  { path: 'news/add-news', lazy: lazyPage(() => import('../features/news/NewsFormPage')) },
  { path: 'news/edit-news/:id', lazy: lazyPage(() => import('../features/news/NewsFormPage')) },
  { path: 'news/:id', lazy: lazyPage(() => import('../features/news/NewsPreviewPage')) },
  { path: 'course', lazy: lazyPage(() => import('../features/courses/CourseListPage')) },
  { path: 'course/add-lesson', lazy: lazyPage(() => import('../features/courses/LessonFormPage')) },
  { path: 'course/edit-lesson', lazy: lazyPage(() => import('../features/courses/LessonFormPage')) },
  { path: 'course/:id', lazy: lazyPage(() => import('../features/courses/TopicsPage')) },
  {
    path: 'course/:courseId/topic/:topicId',
    lazy: lazyPage(() => import('../features/courses/LessonsPage')),
  },
  { path: 'recruitment', lazy: lazyPage(() => import('../features/recruitment/ManagePostsPage')) },
  { path: 'recruitment/add', lazy: lazyPage(() => import('../features/recruitment/PostFormPage')) },
  { path: 'recruitment/edit/:id', lazy: lazyPage(() => import('../features/recruitment/PostFormPage')) },
  {
    path: 'recruitment/detail/:id',
    lazy: lazyPage(() => import('../features/recruitment/ManagePostDetailPage')),
  },
  {
    path: 'recruitment/curriculum-vitae/:id',
    lazy: lazyPage(() => import('../features/recruitment/ApplicationsPage')),
  },
  {
    path: 'recruitment/curriculum-vitae/detail/:id',
    lazy: lazyPage(() => import('../features/recruitment/ApplicationDetailPage')),
  },
  { path: 'service', lazy: lazyPage(() => import('../features/org/ServicesPage')) },
  { path: 'service/:slug', lazy: lazyPage(() => import('../features/org/ServiceBranchesPage')) },
  { path: 'department', lazy: lazyPage(() => import('../features/org/DepartmentsPage')) },
  { path: 'authorization', lazy: lazyPage(() => import('../features/authorizations/AuthorizationsPage')) },
  {
    path: 'authorization/add',
    lazy: lazyPage(() => import('../features/authorizations/AuthorizationEditPage')),
  },
  {
    path: 'authorization/edit/:id',
    lazy: lazyPage(() => import('../features/authorizations/AuthorizationEditPage')),
  },
  { path: 'user', lazy: lazyPage(() => import('../features/users/UsersPage')) },
  { path: 'user/:id', lazy: lazyPage(() => import('../features/users/UserEditPage')) },
  { path: 'schedule', lazy: lazyPage(() => import('../features/roadmaps/SchedulePage')) },
  { path: 'assignment', lazy: lazyPage(() => import('../features/assignments/AssignmentsPage')) },
  { path: 'compliance', lazy: lazyPage(() => import('../features/assignments/CompliancePage')) },
  { path: 'progress', lazy: lazyPage(() => import('../features/progress/ProgressPage')) },
  { path: 'progress/detail/:id', lazy: lazyPage(() => import('../features/progress/ProgressDetailPage')) },
  {
    path: 'progress/detail/:id/login-history',
    lazy: lazyPage(() => import('../features/progress/LoginHistoryPage')),
  },
  { path: 'certificate', lazy: lazyPage(() => import('../features/certificates/CertificatesPage')) },
  { path: 'certificate/:id', lazy: lazyPage(() => import('../features/certificates/UserCertificatesPage')) },
  { path: '*', element: <NotFound /> },
];

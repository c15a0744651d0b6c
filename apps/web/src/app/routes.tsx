import { Outlet, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { prefetchCoursePage, prefetchMyCourses, prefetchTopicPage } from '../features/academy';
import { EXAM_PLAYER_ROUTE } from '../features/exams/paths';
import { prefetchHomePage } from '../features/home';
import { RequireAuth } from './auth/RequireAuth';
import { prefetchFrame } from './layout/frame-data';
import { PublicLayout } from './layout/PublicLayout';
import { Root } from './layout/Root';
import { lazyChildren } from './lazy-children';
import { lazyPage } from './lazy-page';
import { startData } from './start-data';

/*
 * Each feature adds its routes to one of these lists (pages are lazy chunks):
 * - publicRoutes: under the site header and footer, open to visitors;
 * - signedInRoutes: the same layout, sign-in forced;
 * - management-routes.tsx: under /management (side menu; the area's permission is checked by the
 *   layout), a chunk added on the first navigation there (lazy-children.ts);
 * - bareRoutes: no header or footer (the exam player).
 */
const publicRoutes: RouteObject[] = [
  {
    index: true,
    loader: startData((_args, { queryClient }) => void prefetchHomePage(queryClient)),
    lazy: lazyPage(() => import('../features/home/HomePage'), { frameStrings: true }),
  },
  // Visitors see a course page too, with a call to sign in (SPEC §2).
  {
    path: 'training-academy/course/:id',
    loader: startData(({ params }, { queryClient, signedIn }) =>
      prefetchCoursePage(queryClient, params, signedIn),
    ),
    lazy: lazyPage(() => import('../features/academy/CoursePage')),
  },
  { path: 'recruitment', lazy: lazyPage(() => import('../features/recruitment/RecruitmentListPage')) },
  { path: 'recruitment/:id', lazy: lazyPage(() => import('../features/recruitment/RecruitmentDetailPage')) },
  { path: 'recruitment/:id/apply', lazy: lazyPage(() => import('../features/recruitment/ApplyPage')) },
  { path: 'forgot-password', lazy: lazyPage(() => import('../features/account/ForgotPasswordPage')) },
  { path: 'introduction', lazy: lazyPage(() => import('../features/introduction/IntroductionPage')) },
  { path: 'news', lazy: lazyPage(() => import('../features/news/NewsListPage')) },
  { path: 'news/:id', lazy: lazyPage(() => import('../features/news/NewsDetailPage')) },
  { path: 'search', lazy: lazyPage(() => import('../features/search/SearchPage')) },
  {
    path: 'certificates/verify/:code',
    lazy: lazyPage(() => import('../features/certificates/VerifyCertificatePage')),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    path: 'training-academy',
    loader: startData((_args, { queryClient }) => prefetchMyCourses(queryClient), { signedIn: true }),
    lazy: lazyPage(() => import('../features/academy/MyCoursesPage')),
  },
  {
    path: 'training-academy/course/:id/topic/:idThematic',
    loader: startData(
      ({ params, request }, { queryClient }) => prefetchTopicPage(queryClient, params, new URL(request.url)),
      { signedIn: true },
    ),
    lazy: lazyPage(() => import('../features/academy/TopicPage')),
  },
  {
    path: 'training-academy/study-progress',
    lazy: lazyPage(() => import('../features/academy/StudyProgressPage')),
  },
  { path: 'training-academy/roadmap', lazy: lazyPage(() => import('../features/roadmaps/RoadmapPage')) },
  { path: 'training-academy/qa', lazy: lazyPage(() => import('../features/qa/QuestionListPage')) },
  { path: 'training-academy/qa/new', lazy: lazyPage(() => import('../features/qa/QuestionFormPage')) },
  { path: 'training-academy/qa/:id', lazy: lazyPage(() => import('../features/qa/QuestionDetailPage')) },
  { path: 'training-academy/qa/:id/edit', lazy: lazyPage(() => import('../features/qa/QuestionFormPage')) },
  { path: 'account/*', lazy: lazyPage(() => import('../features/account/AccountPage')) },
  { path: 'notifications', lazy: lazyPage(() => import('../features/notifications/NotificationsPage')) },
];

const bareRoutes: RouteObject[] = [
  {
    // The exam player: a hidden path under the topic with a long opaque segment (SPEC §2).
    path: EXAM_PLAYER_ROUTE,
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [{ index: true, lazy: lazyPage(() => import('../features/exams/ExamPlayerPage')) }],
  },
];

/**
 * The management area's layout and its route table are two chunks that every first visit there
 * needs: whichever react-router asks for first starts the other as well, so they load side by side
 * rather than one after the other (the browser fetches each module once). The table's `import()`
 * stays written inside `lazyChildren(…)`: the build's list of page paths reads it there
 * (scripts/page-routes.mjs).
 */
function withManagementRoutes<T>(layout: Promise<T>): Promise<T> {
  void import('./management-routes');
  return layout;
}
function withManagementLayout<T>(table: Promise<T>): Promise<T> {
  void import('../features/management/ManagementLayout');
  return table;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      // Once per sign-in, with the frame's strings: a chunk of its own (the HTML's Link header names it).
      {
        path: 'auth/callback',
        lazy: lazyPage(() => import('./auth/AuthCallback'), { frameStrings: true }),
      },
      ...bareRoutes,
      {
        path: 'management',
        lazy: lazyPage(() => withManagementRoutes(import('../features/management/ManagementLayout'))),
        handle: lazyChildren(() => withManagementLayout(import('./management-routes'))),
      },
      {
        element: <PublicLayout />,
        loader: startData((_args, { queryClient, signedIn }) => void prefetchFrame(queryClient, signedIn)),
        children: [
          ...publicRoutes,
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: signedInRoutes,
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import {
  API,
  COURSE_TABS,
  COURSE_TAB_ROUTES,
  ROUTES,
  courseMessages,
  courseTabMessages,
  gradesMessages,
  messages,
  type Course,
  type CourseTab,
} from '@urok/contract';
import { AssignmentForm } from './components/assignment-form';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { asFailure } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { CourseForm } from './components/course-form';
import { CourseAccessPanel } from './course-access-panel';
import { CourseNotFound } from './components/course-not-found';
import {
  CourseHeader,
  Deadline,
  PageSection,
  SUBMISSIONS_ANCHOR,
} from './components/course-overview';
import { DownloadButton } from './components/download-button';
import { EmptyState, LoadError } from './components/page-frame';
import { StudentSubmissions } from './components/student-submissions';
import {
  useCreatedCoursesQuery,
  useUpdateCourseMutation,
  type CourseFormInput,
} from './courses-api';
import { formatDateTime } from './format';
import { Gradebook } from './gradebook';
import { useAssignmentSectionsQuery, useCourseWorkQuery, type CourseWork } from './grading-api';
import { useSubmissionsQuery } from './homework-api';

function EditCourse({ course }: { course: Course }) {
  const [updateCourse] = useUpdateCourseMutation();
  const [banner, setBanner] = useState<Banner | null>(null);

  const onSubmit = async (input: CourseFormInput) => {
    setBanner(null);
    const result = await updateCourse({ courseId: course._id, ...input });
    return result.error ? asFailure(result.error, courseMessages.courseSaveFailed) : null;
  };

  return (
    <PageSection id="edit-course" title={courseMessages.editHeading}>
      <StatusBanner banner={banner} />
      <CourseForm
        course={course}
        submitLabel={courseMessages.saveAction}
        onSubmit={onSubmit}
        onSaved={() => setBanner({ tone: 'success', text: courseMessages.courseSaved })}
      />
    </PageSection>
  );
}

/** Where an assignment or a quiz of the course opens. */
function workHref(courseId: string, item: Pick<CourseWork, 'kind' | '_id'>): string {
  return item.kind === 'quiz'
    ? ROUTES.quiz(courseId, item._id)
    : ROUTES.assignment(courseId, item._id);
}

/** 'Завдання і тести': every assignment and quiz of the course, in outline order. */
function CourseWorkList({ courseId }: { courseId: string }) {
  const work = useCourseWorkQuery(courseId, { refetchOnMountOrArgChange: true });
  const items = work.currentData;
  return (
    <PageSection id="course-work" title={courseTabMessages.workHeading}>
      {items ? (
        items.length === 0 ? (
          <EmptyState message={courseTabMessages.workEmpty} />
        ) : (
          <ul className="divide-y divide-slate-200">
            {items.map((item) => (
              <li
                key={`${item.kind}-${item._id}`}
                className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <Link
                    to={workHref(courseId, item)}
                    className="inline-flex min-h-11 items-center font-medium text-indigo-700 [overflow-wrap:anywhere] hover:underline"
                  >
                    {item.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {courseTabMessages.workKind[item.kind]} · {item.sectionTitle}
                  </p>
                </div>
                <p className="flex flex-wrap gap-2 text-sm text-slate-700 sm:justify-end">
                  {!item.published && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-950">
                      {courseTabMessages.draft}
                    </span>
                  )}
                  <span>
                    {item.dueAt
                      ? courseTabMessages.dueOn(formatDateTime(item.dueAt))
                      : courseTabMessages.noDueDate}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )
      ) : work.isError ? (
        <LoadError message={messages.outlineLoadFailed} onRetry={() => void work.refetch()} />
      ) : (
        <Spinner />
      )}
    </PageSection>
  );
}

/** 'Нове завдання': an assignment in one of the course's sections. */
function NewAssignment({ courseId }: { courseId: string }) {
  const { data: sections } = useAssignmentSectionsQuery(courseId);
  const [banner, setBanner] = useState<Banner | null>(null);
  return (
    <PageSection id="new-assignment" title={gradesMessages.newAssignmentHeading}>
      <StatusBanner banner={banner} />
      <p className="text-sm text-slate-600">{courseTabMessages.quizzesNote}</p>
      {sections ? (
        <AssignmentForm
          courseId={courseId}
          sections={sections}
          onSaved={(assignment) =>
            setBanner({
              tone: 'success',
              text: gradesMessages.assignmentCreated(assignment.title),
            })
          }
        />
      ) : (
        <Spinner />
      )}
    </PageSection>
  );
}

/** 'Роботи студентів': every submission of the course, each naming its assignment. */
function Submissions({ course }: { course: Course }) {
  const submissions = useSubmissionsQuery(course._id);
  const work = useCourseWorkQuery(course._id);
  const reload = () => void submissions.refetch();
  const assignmentOf = (assignmentId: string) => {
    const item = work.currentData?.find(
      (entry) => entry.kind === 'assignment' && entry._id === assignmentId,
    );
    return item && { title: item.title, href: workHref(course._id, item) };
  };
  const actions = (
    <>
      <DownloadButton
        path={API.homeworkZip(course._id)}
        fallbackName={`${course.title} — ${messages.homeworkArchiveSuffix}.zip`}
      >
        {courseMessages.downloadZip}
      </DownloadButton>
      <DownloadButton
        path={API.gradesCsv(course._id)}
        fallbackName={`${course.title} — ${messages.gradesFileSuffix}.csv`}
      >
        {courseMessages.downloadCsv}
      </DownloadButton>
    </>
  );
  return (
    <PageSection
      id={SUBMISSIONS_ANCHOR}
      title={courseMessages.submissionsHeading}
      actions={actions}
    >
      {submissions.currentData ? (
        <StudentSubmissions users={submissions.currentData} assignmentOf={assignmentOf} />
      ) : submissions.isError ? (
        <LoadError message={courseMessages.submissionsLoadFailed} onRetry={reload} />
      ) : (
        <Spinner />
      )}
    </PageSection>
  );
}

/**
 * The tab list: links (each tab is a route, so a link and the back button
 * work), the current one marked with aria-current. On a phone the bar
 * scrolls sideways inside itself; the page does not.
 */
function CourseTabs({ courseId, current }: { courseId: string; current: CourseTab }) {
  const barRef = useRef<HTMLUListElement>(null);
  // A phone shows the first tabs: the current one, when further along, is scrolled into the bar.
  useEffect(() => {
    const bar = barRef.current;
    const link = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !link) return;
    const left = link.offsetLeft;
    if (left < bar.scrollLeft || left + link.offsetWidth > bar.scrollLeft + bar.clientWidth)
      bar.scrollLeft = left - (bar.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <nav aria-label={courseTabMessages.tabsLabel} className="-mx-4 sm:mx-0">
      <ul
        ref={barRef}
        className="relative flex gap-1 overflow-x-auto border-b border-slate-200 px-4 [scrollbar-width:thin] sm:px-0"
      >
        {COURSE_TABS.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab} className="shrink-0">
              <Link
                to={COURSE_TAB_ROUTES.tab(courseId, tab)}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600 ${
                  active
                    ? 'border-indigo-600 text-indigo-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {courseTabMessages.tabs[tab]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The tab an address names: the bare course address and '/programme' are the programme. */
export function courseTabOf(segment: string | undefined): CourseTab | null {
  if (segment === undefined || segment === '') return 'programme';
  return (COURSE_TABS as readonly string[]).includes(segment) ? (segment as CourseTab) : null;
}

/**
 * /mycourse-details/{id}[/{tab}] for a teacher: the course looked up among
 * the created ones, under its header the tabs — Програма (the outline
 * editor), Завдання (assignments and quizzes, a new assignment), Студенти
 * (progress and every submission), Журнал оцінок, Налаштування (the course
 * form).
 */
export function TeacherCourseDetails({
  courseId,
  tab: segment,
  renderOutline,
}: {
  courseId: string;
  /** The address's tab segment (absent: the programme). */
  tab?: string;
  renderOutline?: (courseId: string, enrolled: boolean, progress?: boolean) => ReactNode;
}) {
  const { hash } = useLocation();
  const created = useCreatedCoursesQuery();
  const course = created.data?.find((entry) => entry._id === courseId);
  const tab = courseTabOf(segment);
  const found = course !== undefined;
  useDocumentTitle(
    course
      ? tab === null || tab === 'programme'
        ? course.title
        : `${courseTabMessages.tabs[tab]} — ${course.title}`
      : messages.pageMyCourseDetails,
  );

  // '#submissions' (the course list's 'Роботи студентів' link) lands on that section.
  useEffect(() => {
    if (!found || hash !== `#${SUBMISSIONS_ANCHOR}`) return;
    const heading = document.getElementById(`${SUBMISSIONS_ANCHOR}-heading`);
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [found, hash, tab]);

  if (tab === null) return <Navigate to={ROUTES.myCourseDetails(courseId)} replace />;
  // The old address of the submissions: they live in the students' tab now.
  if (tab === 'programme' && hash === `#${SUBMISSIONS_ANCHOR}`)
    return <Navigate to={`${COURSE_TAB_ROUTES.tab(courseId, 'students')}${hash}`} replace />;

  if (!course) {
    if (created.isSuccess) return <CourseNotFound />;
    if (created.isError) {
      return (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
          <h1 className="sr-only">{messages.pageMyCourseDetails}</h1>
          <LoadError
            message={courseMessages.courseLoadFailed}
            onRetry={() => void created.refetch()}
          />
        </div>
      );
    }
    return <Spinner className="py-16" />;
  }

  let content: ReactNode;
  if (tab === 'programme') content = renderOutline?.(course._id, false);
  else if (tab === 'assignments')
    content = (
      <>
        <CourseWorkList courseId={course._id} />
        <NewAssignment courseId={course._id} />
      </>
    );
  else if (tab === 'students')
    content = (
      <>
        <CourseAccessPanel course={course} />
        {renderOutline?.(course._id, false, true)}
        <Submissions course={course} />
      </>
    );
  else if (tab === 'gradebook') content = <Gradebook courseId={course._id} title={course.title} />;
  else content = <EditCourse key={course._id} course={course} />;

  return (
    <article className="mx-auto w-full min-w-0 max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <CourseHeader course={course}>
        <Deadline dueAt={course.homeworkDueAt} />
      </CourseHeader>
      <CourseTabs courseId={course._id} current={tab} />
      <Fragment key={tab}>{content}</Fragment>
    </article>
  );
}

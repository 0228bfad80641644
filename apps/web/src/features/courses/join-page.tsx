import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ROUTES,
  classPageMessages as t,
  normalizeJoinCode,
  classMessages,
  type Course,
} from '@urok/contract';
import { Spinner } from '../../components/ui/spinner';
import { asFailure } from '../../lib/api';
import type { ApiFailure } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { LINK_BUTTON, PageFrame } from './components/page-frame';
import { spacedCode } from './course-access-panel';
import { useJoinCourseMutation } from './courses-api';
import { rememberJoin } from './pending-join';

const NOT_FOUND: ApiFailure = { message: classMessages.joinCodeNotFound, status: 404 };

/** Signed out: what the link is, and the ways in that come back here. */
function SignedOutJoin({ code }: { code: string | null }) {
  // Remembered as the link opens, so the header's 'Sign In' and 'Sign Up' come back here too.
  useEffect(() => {
    if (code) rememberJoin(code);
  }, [code]);
  return (
    <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      {code ? (
        <>
          <p className="text-base text-slate-800">{t.joinSignedOut}</p>
          <p className="font-mono text-2xl font-bold tracking-widest text-slate-900">
            {t.joinCodeShown(spacedCode(code))}
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={ROUTES.login} className={LINK_BUTTON.primary}>
              {t.joinSignIn}
            </Link>
            <Link to={ROUTES.register} className={LINK_BUTTON.secondary}>
              {t.joinRegister}
            </Link>
          </div>
        </>
      ) : (
        <JoinRefused failure={NOT_FOUND} catalog={ROUTES.start} />
      )}
    </div>
  );
}

/** Why the join failed, and a way on: the catalog for an unknown code, the own list otherwise. */
function JoinRefused({ failure, catalog }: { failure: ApiFailure; catalog: string }) {
  const unknown = failure.status === 404;
  return (
    <div className="space-y-4">
      <p
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        {failure.message}
      </p>
      <Link to={unknown ? catalog : ROUTES.myCourseList} className={LINK_BUTTON.secondary}>
        {unknown ? t.joinToCatalog : t.joinToMyCourses}
      </Link>
    </div>
  );
}

/** Signed in: joins at once (idempotent on the server) and opens the course. */
function SignedInJoin({ code }: { code: string | null }) {
  const [joinCourse] = useJoinCourseMutation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<ApiFailure | null>(code ? null : NOT_FOUND);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!code || asked.current === code) return;
    asked.current = code;
    void joinCourse(code).then((result) => {
      if ('data' in result && result.data) {
        const course: Course = result.data;
        void navigate(ROUTES.myCourseDetails(course._id), { replace: true });
      } else setFailure(asFailure(result.error, t.joinFailed));
    });
  }, [code, joinCourse, navigate]);

  return (
    <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      {failure ? (
        <JoinRefused failure={failure} catalog={ROUTES.courseGrid} />
      ) : (
        <Spinner label={t.joining} />
      )}
    </div>
  );
}

/**
 * /join/{code} (DESIGN section 17): signed in, joins and opens the course;
 * signed out, offers signing in or registering, after which the user is
 * brought back here (pending-join.ts). The server tells nothing about a
 * course before joining, so the signed-out page names the code, not the course.
 */
export function JoinPage({ signedIn = false }: { signedIn?: boolean }) {
  useDocumentTitle(t.joinTitle);
  const { code: raw = '' } = useParams();
  const code = normalizeJoinCode(raw);
  return (
    <PageFrame title={t.joinTitle} width="narrow">
      {signedIn ? <SignedInJoin code={code} /> : <SignedOutJoin code={code} />}
    </PageFrame>
  );
}

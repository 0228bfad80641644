import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-courses.ts';
import * as m0003 from './0003-pledges.ts';
import * as m0004 from './0004-password-resets.ts';
import * as m0005 from './0005-course-search.ts';
import * as m0006 from './0006-session-expiry.ts';
import * as m0007 from './0007-application-grants.ts';
import * as m0008 from './0008-course-content.ts';
import * as m0009 from './0009-operators.ts';
import * as m0010 from './0010-assignments.ts';
import * as m0011 from './0011-grading.ts';
import * as m0012 from './0012-media-signing-key.ts';
import * as m0013 from './0013-cache-versions.ts';
import * as m0014 from './0014-job-leases.ts';
import * as m0015 from './0015-notifications.ts';
import * as m0016 from './0016-gradebook-index.ts';
import * as m0017 from './0017-mail-and-reminders.ts';
import * as m0018 from './0018-quizzes.ts';
import * as m0019 from './0019-classes.ts';
import * as m0020 from './0020-trust-second-round.ts';
import * as m0021 from './0021-empty-default-assignments.ts';
import * as m0022 from './0022-version-log.ts';
import * as m0023 from './0023-resumable-uploads.ts';
import * as m0024 from './0024-user-language.ts';
import * as m0025 from './0025-scoped-versions.ts';
import * as m0026 from './0026-gradebook-covering-index.ts';
import * as m0027 from './0027-course-rosters.ts';
import * as m0028 from './0028-finer-scopes.ts';

/** Every migration, in order. Names sort as they run. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-courses': m0002,
  '0003-pledges': m0003,
  '0004-password-resets': m0004,
  '0005-course-search': m0005,
  '0006-session-expiry': m0006,
  '0007-application-grants': m0007,
  '0008-course-content': m0008,
  '0009-operators': m0009,
  '0010-assignments': m0010,
  '0011-grading': m0011,
  '0012-media-signing-key': m0012,
  '0013-cache-versions': m0013,
  '0014-job-leases': m0014,
  '0015-notifications': m0015,
  '0016-gradebook-index': m0016,
  '0017-mail-and-reminders': m0017,
  '0018-quizzes': m0018,
  '0019-classes': m0019,
  '0020-trust-second-round': m0020,
  '0021-empty-default-assignments': m0021,
  '0022-version-log': m0022,
  '0023-resumable-uploads': m0023,
  '0024-user-language': m0024,
  '0025-scoped-versions': m0025,
  '0026-gradebook-covering-index': m0026,
  '0027-course-rosters': m0027,
  '0028-finer-scopes': m0028,
};

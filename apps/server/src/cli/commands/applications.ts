import { type TeacherApplication } from '@urok/contract';
import { applicationStatusSchema } from '@urok/contract/schemas';
import {
  approveApplication,
  getApplication,
  listApplications,
  rejectApplication,
} from '../../features/applications/applications.service.ts';
import { cliActor } from '../../lib/audit.ts';
import { AppError } from '../../app-error.ts';
import { inLanguage } from '../../lib/language.ts';
import { Announcement } from '../../lib/notify.ts';
import { UsageError, type AdminCommandGroup } from '../command.ts';
import { formatTable, formatTimestamp } from '../table.ts';

function describeApplication(application: TeacherApplication): string {
  return `${application._id} (${application.fullName}, ${application.telephone})`;
}

/** The words after the id, if any: the decision's note (`applications approve <id> Well qualified`). */
function noteOf(args: readonly string[]): string {
  return args.slice(1).join(' ').trim();
}

/**
 * The service's refusals (no such application, already decided) are catalog
 * messages the console reads in its operator's language; the CLI's words are
 * English, and it prints them in English as it always has.
 */
async function inEnglish<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.code, inLanguage('en', error.text), error.fields, error.retryAfter);
  }
}

function requireId(args: readonly string[]): string {
  const id = args[0]?.trim();
  if (!id) throw new UsageError('An application id is required (see `applications list`).');
  return id;
}

export const applicationsCommands: AdminCommandGroup = {
  summary: 'Teacher applications: review, approve, reject',
  commands: {
    list: {
      usage: 'applications list [pending|approved|rejected]',
      summary: 'List applications, oldest first (all of them, or those with one status)',
      async run({ db, io }, args) {
        const parsed =
          args[0] === undefined ? undefined : applicationStatusSchema.safeParse(args[0]);
        if (parsed && !parsed.success) {
          throw new UsageError(`Unknown status "${args[0]}": use pending, approved or rejected.`);
        }
        const status = parsed?.data;
        const applications = await listApplications(db, status);
        if (applications.length === 0) {
          io.out(status ? `No ${status} teacher applications.` : 'No teacher applications.');
          return;
        }
        io.out(
          formatTable(
            ['ID', 'STATUS', 'SUBMITTED', 'NAME', 'TELEPHONE', 'EMAIL', 'SUBJECT'],
            applications.map((a) => [
              a._id,
              a.status,
              formatTimestamp(a.createdAt),
              a.fullName,
              a.telephone,
              a.email,
              a.subject,
            ]),
          ),
        );
        io.out(`\n${applications.length} application(s).`);
      },
    },
    show: {
      usage: 'applications show <id>',
      summary: 'Everything one application says',
      async run({ db, io }, args) {
        const a = await inEnglish(() => getApplication(db, requireId(args)));
        io.out(
          [
            `ID:         ${a._id}`,
            `Status:     ${a.status}${a.decidedAt ? ` (${formatTimestamp(a.decidedAt)})` : ''}`,
            `Submitted:  ${formatTimestamp(a.createdAt)}`,
            `Name:       ${a.fullName}`,
            `Telephone:  ${a.telephone}`,
            `Email:      ${a.email}`,
            `Subject:    ${a.subject}`,
            `Experience: ${a.experience || '—'}`,
            `Motivation: ${a.motivation}`,
            ...(a.decisionNote ? [`Note:       ${a.decisionNote}`] : []),
          ].join('\n'),
        );
      },
    },
    approve: {
      usage: 'applications approve <id> [note]',
      summary:
        'Approve a pending application: the account with that telephone becomes a teacher (or the first to register with it)',
      async run({ db, config, io }, args) {
        const { application, teacher } = await inEnglish(() =>
          approveApplication(
            db,
            requireId(args),
            cliActor(),
            noteOf(args),
            // Queued for mail too when SMTP_URL is set: the running server sends it.
            new Announcement(config.mail !== undefined),
          ),
        );
        io.out(`Approved application ${describeApplication(application)}.`);
        io.out(
          teacher
            ? `${teacher.username} (${application.telephone}) is a teacher now.`
            : `No account with ${application.telephone} yet: the first account to register with it becomes a teacher.`,
        );
      },
    },
    reject: {
      usage: 'applications reject <id> [note]',
      summary: 'Reject a pending application (the account, if any, stays a student)',
      async run({ db, config, io }, args) {
        const application = await inEnglish(() =>
          rejectApplication(
            db,
            requireId(args),
            cliActor(),
            noteOf(args),
            new Announcement(config.mail !== undefined),
          ),
        );
        io.out(`Rejected application ${describeApplication(application)}.`);
      },
    },
  },
};

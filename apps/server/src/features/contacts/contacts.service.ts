import type { Contact, User } from '@urok/contract';
import type { Db } from '../../db/database.ts';
import {
  findStudentsOfAuthor,
  findTeachersOfStudent,
  type ContactCourseRow,
} from './contacts.repository.ts';

/** Folds the (contact, course) rows, already in contact order, into one entry per contact. */
export function groupContacts(rows: readonly ContactCourseRow[]): Contact[] {
  const byId = new Map<string, Contact>();
  for (const row of rows) {
    let contact = byId.get(row.user_id);
    if (!contact) {
      contact = {
        _id: row.user_id,
        username: row.username,
        telephone: row.telephone,
        email: row.email,
        courses: [],
      };
      byId.set(row.user_id, contact);
    }
    contact.courses.push({ _id: row.course_id, title: row.course_title });
  }
  return [...byId.values()];
}

/**
 * 'My Contacts' (docs/decisions.md): a teacher's students (enrolled in the
 * teacher's courses), a student's teachers (authors of the enrolled courses),
 * each with the courses that connect them.
 */
export async function listContacts(
  db: Db,
  user: Pick<User, '_id' | 'isAdmin'>,
): Promise<Contact[]> {
  const rows = user.isAdmin
    ? await findStudentsOfAuthor(db, user._id)
    : await findTeachersOfStudent(db, user._id);
  return groupContacts(rows);
}

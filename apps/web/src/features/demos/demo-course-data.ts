import { demoCopy, type DemoCourseText } from '@urok/contract';
import { DEMO_LOGOS } from './logos';

/** A demo course of spec section 3 (/course/{id}). */
export interface DemoCourse extends DemoCourseText {
  companyLogo: string;
}

/** The logos of the demo companies, by course id. */
const LOGOS: Record<number, string> = {
  1: DEMO_LOGOS.kvitkaStudio,
  2: DEMO_LOGOS.dniproLabs,
  3: DEMO_LOGOS.shkolaOnline,
  4: DEMO_LOGOS.lvivSoft,
  5: DEMO_LOGOS.karpatySystems,
  6: DEMO_LOGOS.morskaData,
  7: DEMO_LOGOS.stepMobile,
  8: DEMO_LOGOS.zoryaneNebo,
  9: DEMO_LOGOS.okoCameras,
  10: DEMO_LOGOS.chystePovitria,
  11: DEMO_LOGOS.urokAcademy,
};

/** The 11 static demo courses (spec sections 2 and 9), in the active language. */
export function demoCourses(): DemoCourse[] {
  return demoCopy.courses.map((course) => ({ ...course, companyLogo: LOGOS[course.id] ?? '' }));
}

/** The course of a /course/{id} path segment; only a plain positive number matches. */
export function findDemoCourse(id: string | undefined): DemoCourse | undefined {
  if (id === undefined || !/^[1-9]\d{0,5}$/.test(id)) return undefined;
  return demoCourses().find((course) => course.id === Number(id));
}

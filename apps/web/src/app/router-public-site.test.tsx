import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ROUTE_TABLES, type RouteTableName } from './router';

/** The props a route hands its page. */
function propsAt<P>(table: RouteTableName, pathname: string): P {
  const element = matchRoutes(ROUTE_TABLES[table], pathname)?.at(-1)?.route
    .element as ReactElement<P>;
  return element.props;
}

describe('route props of the public site and contacts', () => {
  it('landing pages know their audience: registration signed out, the catalogue signed in', () => {
    expect(propsAt('signedOut', '/course-details:8')).toEqual({ landingId: 8, audience: 'public' });
    expect(propsAt('student', '/course-details:4')).toEqual({ landingId: 4, audience: 'signedIn' });
    expect(propsAt('teacher', '/course-details')).toEqual({ audience: 'signedIn' });
  });

  it("/contacts speaks of a student's teachers or a teacher's students", () => {
    expect(propsAt('student', '/contacts')).toEqual({ viewer: 'student' });
    expect(propsAt('teacher', '/contacts')).toEqual({ viewer: 'teacher' });
  });
});

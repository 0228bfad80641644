import { describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets } from './helpers.ts';

interface Operation {
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description: string }>;
}

describe('OpenAPI document at /api/docs', () => {
  it('describes every accounts route with its body, statuses and security', async () => {
    const t = await createTestApp(databaseTargets[0]!);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const paths = response.json().paths as Record<string, Record<string, Operation>>;
      const expected: [string, string, string[], boolean][] = [
        ['/api/auth/register', 'post', ['201', '400', '409', '429'], false],
        ['/api/auth/login', 'post', ['200', '400', '401', '429'], false],
        ['/api/auth/getUser', 'post', ['200', '400', '401'], true],
        ['/api/auth/updateUser', 'put', ['200', '400', '401', '409', '429'], true],
        ['/api/auth/logout', 'post', ['204', '401'], true],
        ['/api/applications/teachers', 'post', ['201', '400', '409', '429'], false],
        ['/api/auth/password', 'put', ['200', '400', '401', '429'], true],
        ['/api/auth/reset-password', 'post', ['200', '400', '429'], false],
      ];
      for (const [path, method, statuses, secured] of expected) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation!.tags?.length).toBeGreaterThan(0);
        expect(Object.keys(operation!.responses).sort()).toEqual(statuses.sort());
        for (const status of statuses)
          expect(operation!.responses[status]!.description).not.toBe('Default Response');
        if (secured) expect(operation!.security).toEqual([{ bearer: [] }]);
        if (path !== '/api/auth/logout') expect(operation!.requestBody).toBeDefined();
      }
      expect(JSON.stringify(paths)).not.toMatch(/password_?hash/i);
    } finally {
      await t.close();
    }
  });

  it('describes every course, homework and file route, multipart forms included', async () => {
    const t = await createTestApp(databaseTargets[0]!);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      const paths = response.json().paths as Record<
        string,
        Record<
          string,
          Operation & {
            requestBody?: {
              content: Record<
                string,
                { schema: { properties: Record<string, { format?: string }> } }
              >;
            };
          }
        >
      >;
      // [path, method, statuses, secured ('or-link': the bearer header or a signed link), body: 'json' | 'multipart' | none]
      const expected: [string, string, string[], boolean | 'or-link', ('json' | 'multipart')?][] = [
        ['/api/courses', 'get', ['200', '400'], false],
        ['/api/courses/{id}', 'get', ['200', '400', '404'], false],
        [
          '/api/newcourses/newcteate-course',
          'post',
          ['201', '400', '401', '403', '413', '415', '429'],
          true,
          'multipart',
        ],
        [
          '/api/courses',
          'post',
          ['201', '400', '401', '403', '413', '415', '429'],
          true,
          'multipart',
        ],
        [
          '/api/courses/update',
          'put',
          ['200', '400', '401', '403', '404', '413', '415', '429'],
          true,
          'multipart',
        ],
        ['/api/users/created-courses', 'get', ['200', '401', '403'], true],
        ['/api/courses/{id}/enroll', 'post', ['200', '400', '401', '403', '404', '429'], true],
        ['/api/courses/{id}/enroll', 'delete', ['204', '400', '401', '404', '429'], true],
        ['/api/user/{id}/courses', 'get', ['200', '400', '401', '403'], true],
        [
          '/api/courses/upload-homework',
          'post',
          ['201', '400', '401', '403', '404', '413', '415', '429'],
          true,
          'multipart',
        ],
        ['/api/courses/{id}/homework', 'get', ['200', '400', '401', '403', '404'], true],
        ['/api/courses/{courseId}/userswithhw', 'get', ['200', '400', '401', '403', '404'], true],
        ['/api/homework/{id}/file', 'get', ['200', '400', '401', '403', '404'], 'or-link'],
        ['/api/homework/{id}/file-link', 'get', ['200', '400', '401', '403', '404'], true],
        [
          '/api/homework/{id}/grade',
          'put',
          ['200', '400', '401', '403', '404', '409', '429'],
          true,
          'json',
        ],
        ['/api/homework/{id}', 'delete', ['204', '400', '401', '403', '404', '409', '429'], true],
        ['/api/courses/{id}/homework.zip', 'get', ['200', '400', '401', '403', '404'], true],
        ['/api/courses/{id}/grades.csv', 'get', ['200', '400', '401', '403', '404'], true],
        ['/api/files/covers/{key}', 'get', ['200', '400', '404'], false],
        // Assignments and grading
        [
          '/api/courses/{id}/assignments',
          'post',
          ['201', '400', '401', '403', '404', '409', '413', '429'],
          true,
          'json',
        ],
        ['/api/assignments/{id}', 'get', ['200', '400', '401', '403', '404'], true],
        [
          '/api/assignments/{id}',
          'put',
          ['200', '400', '401', '403', '404', '409', '413', '429'],
          true,
          'json',
        ],
        [
          '/api/assignments/{id}',
          'delete',
          ['204', '400', '401', '403', '404', '409', '429'],
          true,
        ],
        [
          '/api/homework/{id}/regrade',
          'post',
          ['200', '400', '401', '403', '404', '409', '429'],
          true,
          'json',
        ],
        ['/api/homework/{id}/comments', 'get', ['200', '400', '401', '403', '404'], true],
        ['/api/courses/{id}/gradebook', 'get', ['200', '400', '401', '403', '404'], true],
        ['/api/courses/{id}/gradebook.csv', 'get', ['200', '400', '401', '403', '404'], true],
        ['/api/user/{id}/grades', 'get', ['200', '400', '401', '403'], true],
        ['/api/calendar/feed', 'post', ['201', '401', '429'], true],
        ['/api/calendar/feed', 'delete', ['204', '401', '429'], true],
        ['/api/calendar/{token}.ics', 'get', ['200', '400', '404'], false],
        [
          '/api/homework/{id}/comments',
          'post',
          ['201', '400', '401', '403', '404', '429'],
          true,
          'json',
        ],
      ];
      for (const [path, method, statuses, secured, body] of expected) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation!.tags?.length).toBeGreaterThan(0);
        expect(Object.keys(operation!.responses).sort(), `${method} ${path}`).toEqual(
          statuses.sort(),
        );
        for (const status of statuses)
          expect(operation!.responses[status]!.description).not.toBe('Default Response');
        if (secured === 'or-link') expect(operation!.security).toEqual([{ bearer: [] }, {}]);
        else if (secured) expect(operation!.security).toEqual([{ bearer: [] }]);
        else expect(operation!.security).toBeUndefined();
        if (body === 'multipart') {
          const form = operation!.requestBody!.content['multipart/form-data']!.schema.properties;
          const fileField = path.includes('homework') ? 'file' : 'cover';
          expect(form[fileField]?.format, `${method} ${path}`).toBe('binary');
        } else if (body === 'json') {
          expect(operation!.requestBody!.content['application/json']).toBeDefined();
        } else {
          expect(operation!.requestBody, `${method} ${path}`).toBeUndefined();
        }
      }
    } finally {
      await t.close();
    }
  });
});

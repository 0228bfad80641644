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
        ['/api/auth/updateUser', 'put', ['200', '400', '401', '409'], true],
        ['/api/auth/logout', 'post', ['204', '401'], true],
        ['/api/applications/teachers', 'post', ['201', '400', '429'], false],
      ];
      for (const [path, method, statuses, secured] of expected) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation!.tags?.length).toBeGreaterThan(0);
        expect(Object.keys(operation!.responses).sort()).toEqual(statuses.sort());
        for (const status of statuses) expect(operation!.responses[status]!.description).not.toBe('Default Response');
        if (secured) expect(operation!.security).toEqual([{ bearer: [] }]);
        if (path !== '/api/auth/logout') expect(operation!.requestBody).toBeDefined();
      }
      expect(JSON.stringify(paths)).not.toMatch(/password_?hash/i);
    } finally {
      await t.close();
    }
  });
});

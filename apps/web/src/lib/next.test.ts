import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnPath, safeReturnPath, signInPathFor, takeReturnPath } from './next';

describe('the path a visitor returns to after signing in', () => {
  afterEach(() => window.sessionStorage.clear());

  it('follows only a path of this site', () => {
    expect(safeReturnPath('/mycourse-details/c1')).toBe('/mycourse-details/c1');
    expect(safeReturnPath('/mycourse-details/c1?tab=1#top')).toBe('/mycourse-details/c1?tab=1#top');
    for (const outside of [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example',
      'javascript:alert(1)',
      'mycourse-details/c1',
      ' /start',
      '',
      null,
      undefined,
    ])
      expect(safeReturnPath(outside), String(outside)).toBeNull();
    // An encoded backslash stays a path of this site.
    expect(safeReturnPath('/%5Cevil')).toBe('/%5Cevil');
  });

  it('keeps a safe path for this tab, once, and drops an outside one', () => {
    rememberReturnPath('/mycourse-details/c1');
    expect(takeReturnPath()).toBe('/mycourse-details/c1');
    expect(takeReturnPath()).toBeNull();
    rememberReturnPath('https://evil.example/');
    expect(takeReturnPath()).toBeNull();
    window.sessionStorage.setItem('return-to', '//evil.example');
    expect(takeReturnPath()).toBeNull();
  });

  it('writes the sign-in link with the path as `next`', () => {
    expect(signInPathFor('/mycourse-details/c1')).toBe('/login?next=%2Fmycourse-details%2Fc1');
    expect(signInPathFor('/mycourse-details/c1', '/register')).toBe(
      '/register?next=%2Fmycourse-details%2Fc1',
    );
  });
});

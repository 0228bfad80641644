import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, fileNameFromDisposition, saveBlob } from './save-file';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="a.zip"; filename*=UTF-8''${encodeURIComponent('Курс — оцінки.csv')}`,
      ),
    ).toBe('Курс — оцінки.csv');
    expect(fileNameFromDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
  });
  it('null without a name or a header; a broken encoding falls back to the plain name', () => {
    expect(fileNameFromDisposition(undefined)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(`attachment; filename="x.txt"; filename*=UTF-8''%E0%A4%A`)).toBe(
      'x.txt',
    );
  });
});

describe('saveBlob', () => {
  afterEach(() => vi.useRealTimers());

  it('clicks a hidden <a download> at an object URL and revokes the URL later', () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const seen: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      seen.push({
        href: this.href,
        download: this.download,
        attached: document.body.contains(this),
      });
    });
    saveBlob(new Blob(['a']), 'grades.csv');
    expect(seen).toEqual([{ href: 'blob:x', download: 'grades.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:x');
  });
});

import { describe, expect, it } from 'vitest';
import { latinInWord, latinVariants, nationalLatin } from './transliteration.ts';

describe('Ukrainian national transliteration', () => {
  it('writes words as the 2010 resolution does, word starts included', () => {
    expect(nationalLatin('мельник')).toBe('melnyk');
    expect(nationalLatin('юрій')).toBe('yurii');
    expect(nationalLatin('євген')).toBe('yevhen');
    expect(nationalLatin('їжакевич')).toBe('yizhakevych');
    expect(nationalLatin('згурський')).toBe('zghurskyi');
    expect(nationalLatin('щербак')).toBe('shcherbak');
    expect(nationalLatin("мар'яна")).toBe('mariana');
    expect(latinInWord('знам’янка')).toBe('znamianka');
  });

  it('gives a search word the forms a name may hold, in either script', () => {
    expect(latinVariants('мельник')).toEqual(['melnyk']);
    expect(latinVariants('melnyk')).toEqual(['melnyk']);
    expect(latinVariants('юрій')).toEqual(['iurii', 'yurii']);
    expect(latinVariants('yurii')).toEqual(['yurii', 'iurii']);
    expect(latinVariants('yizhak')).toEqual(['yizhak', 'izhak']);
  });
});

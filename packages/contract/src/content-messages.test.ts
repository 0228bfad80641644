import { describe, expect, it } from 'vitest';
import { contentMessages } from './content-messages.ts';

describe('the number of lessons, in Ukrainian', () => {
  it('takes the plural form the number asks for', () => {
    const forms = [0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111, 112, 122].map(
      contentMessages.lessonCount,
    );
    expect(forms).toEqual([
      '0 уроків',
      '1 урок',
      '2 уроки',
      '4 уроки',
      '5 уроків',
      '11 уроків',
      '12 уроків',
      '14 уроків',
      '20 уроків',
      '21 урок',
      '22 уроки',
      '25 уроків',
      '101 урок',
      '111 уроків',
      '112 уроків',
      '122 уроки',
    ]);
  });
});

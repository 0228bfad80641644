import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, UTF8_BOM } from '../src/lib/csv.ts';
import {
  asciiFileName,
  attachmentDisposition,
  fileNameForType,
  sanitizeArchiveSegment,
  sanitizeFileName,
  uniqueName,
} from '../src/lib/file-names.ts';
import { detectCoverType, detectHomeworkType, looksLikePlainText } from '../src/lib/file-types.ts';
import { createTimeOrderedId } from '../src/lib/ids.ts';
import { containsPattern, foldSearchText, searchTerms } from '../src/lib/search-text.ts';
import { isFormulaCell, readAsSpreadsheet } from './spreadsheet-reader.ts';
import {
  ELF_BINARY,
  MZ_BINARY,
  SAMPLE_CFB,
  SAMPLE_JPEG,
  SAMPLE_PDF,
  SAMPLE_PNG,
  SAMPLE_TXT,
} from './course-fixtures.ts';

describe('sanitizeFileName', () => {
  it.each([
    ['Домашнє завдання.pdf', 'Домашнє завдання.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\Taras\\hw.docx', 'hw.docx'],
    ['..', 'file'],
    ['', 'file'],
    ['   ', 'file'],
    ['a\u0000b\u001fc\u007f.txt', 'abc.txt'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['...env', 'env'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('keeps the extension when it shortens a long name', () => {
    const name = sanitizeFileName(`${'я'.repeat(300)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe("fileNameForType: the user's name with the detected type's extension", () => {
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  it.each([
    // Another type's extension is replaced.
    ['invoice.hta', 'text/plain', 'invoice.txt'],
    ['report.html', 'application/pdf', 'report.pdf'],
    ['page.HTML', 'text/plain', 'page.txt'],
    ['essay.pdf', DOCX, 'essay.docx'],
    ['essay.zip', DOCX, 'essay.docx'],
    ['scan.png', 'image/jpeg', 'scan.jpg'],
    ['Есе.pdf.txt', 'application/pdf', 'Есе.pdf.pdf'],
    ['archive.tar.gz', 'application/zip', 'archive.tar.zip'],
    ['a.hta.', 'text/plain', 'a.txt'],
    ['a.hta . ', 'text/plain', 'a.txt'],
    // The type's own extension, in any case, is kept; for types with several, any of them.
    ['photo.JPG', 'image/jpeg', 'photo.JPG'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['Photo.JpEg', 'image/jpeg', 'Photo.JpEg'],
    ['Реферат.DOC', 'application/msword', 'Реферат.DOC'],
    ['template.dot', 'application/msword', 'template.dot'],
    ['essay.docx', DOCX, 'essay.docx'],
    ['notes.txt', 'text/plain', 'notes.txt'],
    ['notes.txt.', 'text/plain', 'notes.txt'],
    // No extension: one is added; a dot inside a name is not an extension.
    ['passwd', 'text/plain', 'passwd.txt'],
    ['Lab 3. Kinematics', 'application/pdf', 'Lab 3. Kinematics.pdf'],
    ['report v1.2', 'application/pdf', 'report v1.2.pdf'],
    ['file', 'image/png', 'file.png'],
    // A type we do not know leaves the name as it is.
    ['data.bin', 'application/octet-stream', 'data.bin'],
  ])('%j as %s → %j', (name, mime, expected) => {
    expect(fileNameForType(name, mime)).toBe(expected);
  });

  it('stays within the length of a stored name', () => {
    const name = fileNameForType(`${'я'.repeat(200)}`, 'application/pdf');
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('я.pdf')).toBe(true);
    expect(fileNameForType(sanitizeFileName(`${'я'.repeat(300)}.hta`), 'text/plain')).toMatch(
      /^я{196}\.txt$/,
    );
  });
});

describe('zip entry names', () => {
  it('never yields a separator, "." or ".."', () => {
    expect(sanitizeArchiveSegment('a/b\\c', 'x')).toBe('a_b_c');
    expect(sanitizeArchiveSegment('..', 'x')).toBe('x');
    expect(sanitizeArchiveSegment('.', 'x')).toBe('x');
    expect(sanitizeArchiveSegment('..hidden', 'x')).toBe('_hidden');
  });

  it('neutralises a leading drive letter, which a zip reads as an absolute path', () => {
    expect(sanitizeArchiveSegment('C:drive', 'x')).toBe('C_drive');
    expect(sanitizeArchiveSegment('z:', 'x')).toBe('z_');
    expect(sanitizeArchiveSegment('Тема: дроби', 'x')).toBe('Тема: дроби');
  });

  it('makes names unique, case-insensitively, keeping the extension', () => {
    const taken = new Set<string>();
    expect(['hw.pdf', 'HW.pdf', 'hw.pdf', 'notes'].map((name) => uniqueName(name, taken))).toEqual([
      'hw.pdf',
      'HW (2).pdf',
      'hw (3).pdf',
      'notes',
    ]);
  });
});

describe('Content-Disposition', () => {
  it('carries the UTF-8 name (RFC 5987) and a readable ASCII fallback', () => {
    const header = attachmentDisposition("Домашнє завдання (1)'s.pdf");
    expect(header).toBe(
      `attachment; filename="Domashnie zavdannia (1)'s.pdf"; filename*=UTF-8''${encodeURIComponent('Домашнє завдання')}%20%281%29%27s.pdf`,
    );
    expect(asciiFileName('Їжак і ґудзик.txt')).toBe('Yizhak i gudzyk.txt');
    expect(asciiFileName('naïve "quoted" \\ 日本.txt')).toBe('naive _quoted_ _ _.txt');
    expect(asciiFileName('日本')).toBe('_');
    expect(asciiFileName('Есе — Хмельниччина’ №2.pdf')).toBe("Ese - Khmelnychchyna' No2.pdf");
  });
});

describe('CSV', () => {
  it('quotes every cell (RFC 4180: a quote is doubled)', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
    expect(
      toCsv([
        ['a', 'б'],
        ['1', null],
      ]),
    ).toBe('\uFEFF"a","б"\r\n"1",""\r\n');
  });

  it('neutralises a cell that starts a formula, also after spaces and in full-width forms', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+380501112233')).toBe(`"'+380501112233"`);
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('  =1+1')).toBe(`"'  =1+1"`);
    expect(csvCell('\n=1+1')).toBe(`"'\n=1+1"`);
    expect(csvCell('\u3000@x')).toBe(`"'\u3000@x"`);
    expect(csvCell('\uFF1D1+1')).toBe(`"'\uFF1D1+1"`);
    expect(csvCell('\uFF0B1')).toBe(`"'\uFF0B1"`);
    expect(csvCell('\uFF0D1')).toBe(`"'\uFF0D1"`);
    expect(csvCell('\uFF20x')).toBe(`"'\uFF20x"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // Text after a separator inside a cell stays as written: quoted, it never starts a cell.
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('10, -1 за запізнення')).toBe('"10, -1 за запізнення"');
  });

  it('a spreadsheet reading with , or ; finds the same cells and no formula', () => {
    const rows = [
      ['x;=1+1', 'a,=2+2', "=cmd|' /C calc'!A0", 'say "hi";@x'],
      ['line\n-1', ' +1', '"=1"', 'ok'],
    ];
    const csv = toCsv(rows).slice(UTF8_BOM.length);
    expect(readAsSpreadsheet(csv, ',')).toEqual([
      ['x;=1+1', 'a,=2+2', "'=cmd|' /C calc'!A0", 'say "hi";@x'],
      ['line\n-1', "' +1", '"=1"', 'ok'],
    ]);
    const semicolon = readAsSpreadsheet(csv, ';');
    expect(semicolon).toHaveLength(2);
    for (const cell of [...readAsSpreadsheet(csv, ','), ...semicolon].flat())
      expect(isFormulaCell(cell), cell).toBe(false);
  });
});

describe('search text', () => {
  it('folds case (Cyrillic too), apostrophes and spaces', () => {
    expect(foldSearchText('  ІСТОРІЯ   Україн’ської  ЇЖІ ')).toBe("історія україн'ської їжі");
    expect(searchTerms("М'ЯЧ  м’яч  гра")).toEqual(["м'яч", 'гра']);
    expect(searchTerms(undefined)).toEqual([]);
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('createTimeOrderedId', () => {
  it('makes UUIDv7s that sort in creation order, even within one millisecond', () => {
    const now = Date.now();
    const ids = Array.from({ length: 5000 }, () => createTimeOrderedId(now));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // A clock that steps back never breaks the order.
    const later = createTimeOrderedId(now - 10_000);
    expect(later > ids.at(-1)!).toBe(true);
  });
});

describe('file types from bytes', () => {
  it('tells homework types apart whatever the name says', async () => {
    expect(await detectHomeworkType(SAMPLE_PDF, 'a.exe')).toEqual({
      mime: 'application/pdf',
      ext: 'pdf',
    });
    expect(await detectHomeworkType(SAMPLE_TXT, 'a.pdf')).toEqual({
      mime: 'text/plain',
      ext: 'txt',
    });
    expect(await detectHomeworkType(SAMPLE_CFB, 'Реферат.DOC')).toEqual({
      mime: 'application/msword',
      ext: 'doc',
    });
    expect(await detectHomeworkType(SAMPLE_CFB, 'setup.msi')).toBeNull();
    expect(await detectHomeworkType(ELF_BINARY, 'a.pdf')).toBeNull();
    expect(await detectHomeworkType(MZ_BINARY, 'a.pdf')).toBeNull();
    expect(await detectCoverType(SAMPLE_JPEG)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(await detectCoverType(SAMPLE_PNG)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(await detectCoverType(SAMPLE_PDF)).toBeNull();
    expect(await detectCoverType(Buffer.from('<svg/>'))).toBeNull();
  });

  it('accepts text cut inside a multi-byte character, refuses control bytes', () => {
    const text = Buffer.from('Привіт');
    expect(looksLikePlainText(text.subarray(0, text.length - 1))).toBe(true);
    expect(looksLikePlainText(Buffer.from('a\u0007b'))).toBe(false);
    expect(looksLikePlainText(Buffer.from('\uFEFFrow1\r\nrow2\tx\f'))).toBe(true);
    expect(looksLikePlainText(Buffer.from([0xc3, 0x28]))).toBe(false);
  });
});

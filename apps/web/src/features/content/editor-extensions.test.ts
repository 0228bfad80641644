import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { attachmentSrc } from '@urok/contract';
import { documentSchema } from '@urok/contract/schemas';
import { lessonEditorExtensions } from './editor-extensions';

function editorWith(html: string) {
  return new Editor({
    extensions: lessonEditorExtensions((src) => `/signed/${src}`),
    content: html,
  });
}

describe('the lesson editor extensions', () => {
  it('emit JSON that the server’s document schema accepts, for every node and mark', () => {
    const editor = editorWith(
      '<h2>Два</h2><h3>Три</h3><h4>Чотири</h4>' +
        '<p><strong>ж</strong><em>к</em><u>п</u><s>з</s><code>c</code>рядок<br>далі</p>' +
        '<ul><li><p>маркер</p></li></ul><ol start="3"><li><p>номер</p></li></ol>' +
        '<blockquote><p>цитата</p></blockquote><pre><code>print(1)</code></pre><hr>',
    );
    editor
      .chain()
      .setTextSelection({ from: 2, to: 4 })
      .setLink({ href: 'https://example.org/' })
      .run();
    editor
      .chain()
      .focus('end')
      .setImage({ src: attachmentSrc('a1'), alt: 'схема' })
      .run();
    const json = editor.getJSON();
    const parsed = documentSchema.safeParse(json);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const text = JSON.stringify(json);
    expect(text).toContain('"href":"https://example.org/"');
    expect(text).toContain('"src":"attachment:a1"');
    const link = /"type":"link","attrs":(\{[^}]*\})/.exec(text)?.[1];
    expect(JSON.parse(link ?? '{}')).toEqual({
      href: 'https://example.org/',
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
      class: null,
    });
    expect(text).not.toContain('"width"');
    editor.destroy();
  });

  it('drops what the schema has no place for: h1, h5, tables, scripts, javascript: links', () => {
    const editor = editorWith(
      '<h1>Один</h1><h5>П’ять</h5><table><tr><td>т</td></tr></table><script>alert(1)</script>' +
        '<p><a href="javascript:alert(1)">клік</a></p><img src="https://evil.example/x.png">',
    );
    editor
      .chain()
      .setTextSelection({ from: 1, to: 3 })
      .setLink({ href: 'javascript:alert(2)' })
      .run();
    const json = editor.getJSON();
    const parsed = documentSchema.safeParse(json);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const text = JSON.stringify(json);
    expect(text).not.toContain('javascript:');
    expect(text).not.toContain('alert');
    expect(text).not.toContain('"level":1');
    expect(text).not.toContain('"level":5');
    expect(text).not.toContain('evil.example');
    editor.destroy();
  });

  it('draws an image from its signed link but keeps attachment:<id> in the document', () => {
    const editor = editorWith('<p>x</p>');
    editor
      .chain()
      .focus('end')
      .setImage({ src: attachmentSrc('a9') })
      .run();
    expect(editor.getHTML()).toContain('src="/signed/attachment:a9"');
    expect(JSON.stringify(editor.getJSON())).toContain('"src":"attachment:a9"');
    editor.destroy();
  });

  it('keeps formulas as inlineMath and blockMath with their LaTeX, through JSON and the clipboard’s HTML', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'h = ' },
            { type: 'inlineMath', attrs: { latex: '\\frac{v^2}{2g}' } },
          ],
        },
        { type: 'blockMath', attrs: { latex: 'E = mc^2' } },
      ],
    };
    const editor = new Editor({ extensions: lessonEditorExtensions(() => ''), content: doc });
    expect(editor.getJSON()).toEqual(doc);
    expect(documentSchema.safeParse(editor.getJSON()).success).toBe(true);
    const again = editorWith(editor.getHTML());
    expect(again.getJSON()).toEqual(doc);
    editor.destroy();
    again.destroy();
  });
});

import { Editor } from '@tiptap/core';
import { docToHtml, htmlToDoc, type DocNode } from '../document';
import { editorExtensions } from '../extensions';
import { noteAnchor } from './anchor';

const HTML =
  '<p>Click Save. Then click Save again.</p><aside data-hc-internal-note=""><p>Save here</p></aside><p>Save</p>';

function editorWith(html: string) {
  return new Editor({
    extensions: editorExtensions(),
    content: htmlToDoc(html, { mode: 'stored', embedHosts: [] }),
  });
}

/** The document position of the `n`-th `word` (0-based) in the document's text nodes. */
function positionOf(editor: Editor, word: string, n: number): number {
  const found: number[] = [];
  editor.state.doc.descendants((node, pos) => {
    for (let at = node.text?.indexOf(word) ?? -1; at >= 0; at = node.text!.indexOf(word, at + 1))
      found.push(pos + at);
  });
  return found[n];
}

describe('a team note’s anchor: the selection as the server finds it (issue 38)', () => {
  it('counts repetitions of the quote before the selection in the readable text only', () => {
    const editor = editorWith(HTML);
    const second = positionOf(editor, 'Save', 1);
    expect(noteAnchor(editor.state.doc, second, second + 4)).toEqual({
      quote: 'Save',
      occurrence: 1,
      from: second,
      to: second + 4,
    });
    // The internal note's "Save" is not readable text: the last paragraph's is the third.
    const last = positionOf(editor, 'Save', 3);
    expect(noteAnchor(editor.state.doc, last, last + 4)?.occurrence).toBe(2);
    const hidden = positionOf(editor, 'Save', 2);
    expect(noteAnchor(editor.state.doc, hidden, hidden + 4)).toBeNull();
    editor.destroy();
  });

  it('trims the selection and refuses an empty one', () => {
    const editor = editorWith('<p>Open  the settings page</p>');
    const at = positionOf(editor, 'the', 0);
    expect(noteAnchor(editor.state.doc, at - 1, at + 12)).toMatchObject({
      quote: 'the settings',
      from: at,
      to: at + 12,
    });
    expect(noteAnchor(editor.state.doc, at, at)).toBeNull();
    editor.destroy();
  });

  it('the highlight the editor adds is the stored markup (data-hc-note) the server writes', () => {
    const editor = editorWith('<p>Open the settings page</p>');
    const at = positionOf(editor, 'settings', 0);
    const mark = editor.schema.marks.noteMark.create({ markId: 'note-abc' });
    editor.view.dispatch(editor.state.tr.addMark(at, at + 8, mark));
    expect(docToHtml(editor.getJSON() as DocNode)).toBe(
      '<p>Open the <mark data-hc-note="note-abc">settings</mark> page</p>',
    );
    editor.destroy();
  });
});

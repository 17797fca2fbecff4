import { useEffect, useMemo, useRef, useState } from 'react';
import { useEditor, type Editor } from '@tiptap/react';
import type { EditorView } from '@tiptap/pm/view';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import {
  IconBrandYoutube,
  IconHighlight,
  IconLink,
  IconMessagePlus,
  IconNote,
  IconPhoto,
  IconSubscript,
  IconSuperscript,
  IconTable,
  IconTableMinus,
  IconRowInsertBottom,
  IconColumnInsertRight,
} from '@tabler/icons-react';
import '@mantine/tiptap/styles.css';
import './editor.css';
import { docToHtml, htmlToDoc, type DocNode } from './document';
import { editorExtensions } from './extensions';
import { noteAnchor, type NoteAnchor } from './notes/anchor';
import { pasteToContent } from './paste';
import { isAllowedHref, videoEmbedUrl } from './urls';

export interface ContentEditorProps {
  /** The stored HTML this editor starts from (read once; later changes come from the editor). */
  html: string;
  editable: boolean;
  embedHosts: readonly string[];
  label: string;
  onChange: (html: string) => void;
  /** Uploads an image file (an editor image, spec 4.7) and answers its permanent URL. */
  uploadImage: (file: File) => Promise<string>;
  onError: (message: string) => void;
  /** Whether the formatting toolbar shows (default true; the translation rows show it on focus). */
  toolbar?: boolean;
  /**
   * Team notes (issue 38; only for people with notes access): asks for the note on the
   * selection and answers the highlight's mark id the server stored, or null when cancelled.
   */
  onNoteRequest?: (anchor: NoteAnchor) => Promise<string | null>;
  /** The content the server stored itself (a note's highlight): shown, nothing to save. */
  onStoredChange?: (html: string) => void;
}

/** A transaction that only mirrors what the server already stored. */
const STORED_META = 'hcStored';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Inline content when a paste is one paragraph (so it joins the paragraph it lands in). */
function insertable(nodes: DocNode[]): DocNode[] {
  const only = nodes[0];
  if (nodes.length === 1 && only?.type === 'paragraph') return only.content ?? [];
  return nodes;
}

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((f) => IMAGE_TYPES.includes(f.type));
}

/**
 * One language's content: TipTap over the editor schema (extensions.ts). Stored HTML enters
 * only as the JSON document of document.ts, pastes and drops only through paste.ts (the
 * product's sanitizer first), and the content leaves only through `docToHtml`.
 */
export function ContentEditor(props: ContentEditorProps) {
  const { html, editable, embedHosts, label } = props;
  const latest = useRef(props);
  latest.current = props;
  const [linkOpen, setLinkOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const initial = useMemo(() => htmlToDoc(html, { mode: 'stored', embedHosts }), []);
  /** What was opened, as the editor writes it (an undo back to it reports the stored HTML). */
  const baseline = useMemo(() => docToHtml(initial), [initial]);

  const uploadInto = async (editor: Editor, files: File[], at?: number) => {
    for (const file of files) {
      try {
        const src = await latest.current.uploadImage(file);
        const alt = file.name.replace(/\.[^.]+$/, '');
        const node = { type: 'image', attrs: { src, alt, title: null, width: null, height: null } };
        if (at === undefined) editor.chain().focus().insertContent(node).run();
        else editor.chain().insertContentAt(at, node).run();
      } catch (e) {
        latest.current.onError(e instanceof Error ? e.message : String(e));
      }
    }
  };

  const editor = useEditor({
    extensions: editorExtensions(),
    content: initial,
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
      handlePaste(view: EditorView, event: ClipboardEvent) {
        const ed = editorRef.current;
        if (!ed || !view.editable) return false;
        const data = event.clipboardData;
        const files = imageFiles(data?.files);
        if (files.length) {
          void uploadInto(ed, files);
          return true;
        }
        // Code blocks take the text as it is.
        if (view.state.selection.$from.parent.type.spec.code) return false;
        const nodes = pasteToContent(
          { html: data?.getData('text/html'), text: data?.getData('text/plain') },
          latest.current.embedHosts,
        );
        if (nodes.length) ed.chain().focus().insertContent(insertable(nodes)).run();
        return true;
      },
      handleDrop(view: EditorView, event: DragEvent, _slice, moved: boolean) {
        const ed = editorRef.current;
        if (!ed || moved || !view.editable) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        const files = imageFiles(event.dataTransfer?.files);
        event.preventDefault();
        if (files.length) {
          void uploadInto(ed, files, at);
          return true;
        }
        const nodes = pasteToContent(
          {
            html: event.dataTransfer?.getData('text/html'),
            text: event.dataTransfer?.getData('text/plain'),
          },
          latest.current.embedHosts,
        );
        if (nodes.length && at !== undefined)
          ed.chain().insertContentAt(at, insertable(nodes)).run();
        return true;
      },
    },
    onUpdate({ editor: ed, transaction }) {
      const out = docToHtml(ed.getJSON() as DocNode);
      if (transaction.getMeta(STORED_META)) return latest.current.onStoredChange?.(out);
      // Back to what was opened (undo): the stored HTML as it was, so nothing needs saving.
      latest.current.onChange(out === baseline ? html : out);
    },
  });
  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;

  useEffect(() => {
    editor?.setEditable(editable, false);
  }, [editor, editable]);

  if (!editor) return null;
  const inTable = editor.isActive('table');

  const startNote = async () => {
    const { from, to } = editor.state.selection;
    const anchor = noteAnchor(editor.state.doc, from, to);
    if (!anchor) return latest.current.onError('Select some text of the content first.');
    const markId = await latest.current.onNoteRequest?.(anchor);
    if (!markId) return;
    const mark = editor.schema.marks.noteMark.create({ markId });
    const tr = editor.state.tr.addMark(anchor.from, anchor.to, mark);
    editor.view.dispatch(tr.setMeta('addToHistory', false).setMeta(STORED_META, true));
  };
  return (
    <>
      <RichTextEditor editor={editor} className="hc-editor">
        {editable && props.toolbar !== false && (
          <RichTextEditor.Toolbar sticky stickyOffset={0}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.Code />
              <RichTextEditor.Control
                aria-label="Subscript"
                title="Subscript"
                onClick={() => editor.chain().focus().toggleMark('subscript').run()}
                active={editor.isActive('subscript')}
              >
                <IconSubscript size={16} />
              </RichTextEditor.Control>
              <RichTextEditor.Control
                aria-label="Superscript"
                title="Superscript"
                onClick={() => editor.chain().focus().toggleMark('superscript').run()}
                active={editor.isActive('superscript')}
              >
                <IconSuperscript size={16} />
              </RichTextEditor.Control>
              <RichTextEditor.Control
                aria-label="Highlight"
                title="Highlight"
                onClick={() => editor.chain().focus().toggleMark('highlight').run()}
                active={editor.isActive('highlight')}
              >
                <IconHighlight size={16} />
              </RichTextEditor.Control>
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.H4 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.CodeBlock />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Control
                aria-label="Link"
                title="Link"
                onClick={() => setLinkOpen(true)}
                active={editor.isActive('link')}
              >
                <IconLink size={16} />
              </RichTextEditor.Control>
              <RichTextEditor.Unlink />
              <RichTextEditor.Control
                aria-label="Insert image"
                title="Insert image"
                onClick={() => fileInput.current?.click()}
              >
                <IconPhoto size={16} />
              </RichTextEditor.Control>
              <RichTextEditor.Control
                aria-label="Insert video"
                title="Insert video"
                onClick={() => setVideoOpen(true)}
              >
                <IconBrandYoutube size={16} />
              </RichTextEditor.Control>
              <RichTextEditor.Control
                aria-label="Insert table"
                title="Insert table"
                onClick={() =>
                  editor
                    .chain()
                    .focus()
                    .insertTable({ rows: 3, cols: 3, withHeaderRow: true })
                    .run()
                }
              >
                <IconTable size={16} />
              </RichTextEditor.Control>
              {inTable && (
                <>
                  <RichTextEditor.Control
                    aria-label="Add row"
                    title="Add row"
                    onClick={() => editor.chain().focus().addRowAfter().run()}
                  >
                    <IconRowInsertBottom size={16} />
                  </RichTextEditor.Control>
                  <RichTextEditor.Control
                    aria-label="Add column"
                    title="Add column"
                    onClick={() => editor.chain().focus().addColumnAfter().run()}
                  >
                    <IconColumnInsertRight size={16} />
                  </RichTextEditor.Control>
                  <RichTextEditor.Control
                    aria-label="Delete table"
                    title="Delete table"
                    onClick={() => editor.chain().focus().deleteTable().run()}
                  >
                    <IconTableMinus size={16} />
                  </RichTextEditor.Control>
                </>
              )}
              <RichTextEditor.Control
                aria-label="Internal note"
                title="Internal note (the team sees it, readers never do)"
                onClick={() => editor.chain().focus().wrapIn('internalNote').run()}
                active={editor.isActive('internalNote')}
              >
                <IconNote size={16} />
              </RichTextEditor.Control>
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
      {props.onNoteRequest && (
        <Group mt="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMessagePlus size={14} />}
            // Keep the selection: the button must not take the focus from the text.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void startNote()}
          >
            Add a team note on the selection
          </Button>
        </Group>
      )}
      {editor.isActive('aiDraft') && editable && (
        <Group gap="xs" mt="xs">
          <Text size="sm">AI draft awaiting review:</Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => editor.chain().focus().lift('aiDraft').run()}
          >
            Accept draft
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => {
              const { $from } = editor.state.selection;
              for (let d = $from.depth; d > 0; d--)
                if ($from.node(d).type.name === 'aiDraft') {
                  editor
                    .chain()
                    .focus()
                    .deleteRange({ from: $from.before(d), to: $from.after(d) })
                    .run();
                  break;
                }
            }}
          >
            Remove draft
          </Button>
        </Group>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid="image-file"
        onChange={(e) => {
          const files = imageFiles(e.currentTarget.files);
          e.currentTarget.value = '';
          void uploadInto(editor, files);
        }}
      />
      <UrlDialog
        opened={linkOpen}
        title="Link"
        label="Address"
        initial={String(editor.getAttributes('link').href ?? '')}
        validate={(v) =>
          isAllowedHref(v)
            ? null
            : 'Use an http, https, mailto or tel address, or a path on this site.'
        }
        onClose={() => setLinkOpen(false)}
        onSubmit={(href) => editor.chain().focus().extendMarkRange('link').setLink({ href }).run()}
      />
      <UrlDialog
        opened={videoOpen}
        title="Video"
        label="Video address (YouTube, Vimeo, Loom, Wistia)"
        initial=""
        validate={(v) =>
          videoEmbedUrl(v, embedHosts) ? null : `Videos can come from: ${embedHosts.join(', ')}.`
        }
        onClose={() => setVideoOpen(false)}
        onSubmit={(v) =>
          editor
            .chain()
            .focus()
            .insertContent({
              type: 'video',
              attrs: { src: videoEmbedUrl(v, embedHosts), title: null, width: null, height: null },
            })
            .run()
        }
      />
    </>
  );
}

function UrlDialog(props: {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  validate: (value: string) => string | null;
  onClose: () => void;
  onSubmit: (value: string) => void;
}) {
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (props.opened) {
      setValue(props.initial);
      setError(null);
    }
  }, [props.opened, props.initial]);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const v = value.trim();
          const problem = props.validate(v);
          if (problem) return setError(problem);
          props.onSubmit(v);
          props.onClose();
        }}
      >
        <Stack>
          <TextInput
            label={props.label}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit">Apply</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

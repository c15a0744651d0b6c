import '@mantine/tiptap/styles.css';
import { Box, FileButton, Loader, Text } from '@mantine/core';
import { Link, RichTextEditor as MantineEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPT = 'image/png,image/jpeg';
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Stores a picture and answers its URL (news/images or introduction/images). */
  uploadImage: (file: File) => Promise<{ url: string }>;
  error?: string;
  required?: boolean;
  testId?: string;
}

/** An empty editor's HTML counts as no content. */
function normalise(html: string): string {
  return html === '<p></p>' ? '' : html;
}

/**
 * The rich text editor of news and the introduction: headings, emphasis, lists, quotes, links,
 * alignment and pictures uploaded to our storage. The server keeps only its allow-list of this.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  uploadImage,
  error,
  required,
  testId,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] }, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, autolink: true }),
      Image.configure({ allowBase64: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(normalise(current.getHTML())),
  });

  // A value loaded after the editor was created (e.g. the edit form's article) replaces its content.
  // The editor may already be destroyed here: tiptap destroys an editor that is not mounted 1 ms
  // after creating it, and Preact runs effects after the next frame; the editor it creates
  // instead comes with the next render.
  useEffect(() => {
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    if (normalise(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  async function insertImage(file: File | null) {
    setUploadError(null);
    if (!file || !editor) return;
    if (!ACCEPT.split(',').includes(file.type)) return setUploadError(t('uploads.imageType'));
    if (file.size > MAX_IMAGE_BYTES) return setUploadError(t('uploads.imageTooLarge'));
    setUploading(true);
    try {
      const { url } = await uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
    }
  }

  const shownError = uploadError ?? error;
  return (
    <Box data-testid={testId ?? 'rich-text-editor'}>
      <Text fz="sm" fw={500} mb={4}>
        {label}
        {required && (
          <Text span c="red" ml={4} aria-hidden>
            *
          </Text>
        )}
      </Text>
      <MantineEditor editor={editor} style={shownError ? { borderColor: '#FF0000' } : undefined}>
        <MantineEditor.Toolbar sticky stickyOffset={0}>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H2 />
            <MantineEditor.H3 />
            <MantineEditor.H4 />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
            <MantineEditor.Blockquote />
            <MantineEditor.Hr />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
            <FileButton onChange={insertImage} accept={ACCEPT}>
              {(props) => (
                <MantineEditor.Control
                  {...props}
                  aria-label={t('editor.insertImage')}
                  title={t('editor.insertImage')}
                  disabled={uploading}
                >
                  {uploading ? <Loader size={12} /> : <IconPhoto size={16} stroke={1.5} />}
                </MantineEditor.Control>
              )}
            </FileButton>
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.AlignLeft />
            <MantineEditor.AlignCenter />
            <MantineEditor.AlignRight />
            <MantineEditor.AlignJustify />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Undo />
            <MantineEditor.Redo />
          </MantineEditor.ControlsGroup>
        </MantineEditor.Toolbar>
        <MantineEditor.Content mih={260} />
      </MantineEditor>
      {shownError && (
        <Text fz="xs" c="red" mt={4}>
          {shownError}
        </Text>
      )}
    </Box>
  );
}

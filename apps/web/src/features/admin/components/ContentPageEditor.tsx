import '@mantine/tiptap/styles.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link as LinkExtension, RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import type { ContentPage } from '@mp/contract/api/shell';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import { IconExternalLink, IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type PageKind, uploadContentImage, useSaveContentPage } from '../api/content-pages';
import { imageAccept, imageFileProblem } from '../api/image-file';

/*
 * The editor of one content page in one language (issue #15 part 2): its own lazy chunk, so tiptap loads only
 * here. The server sanitizes what is saved (platform/sanitize.ts); the preview shows the HTML as the public
 * page does (SafeHtml, headings shifted under the page title). Decision 0025.
 */

const kinds: PageKind[] = ['page', 'info', 'news'];

interface Draft {
  pageName: string;
  kind: PageKind;
  published: boolean;
}

/** Inserts an uploaded image: the file goes to the content image upload, the answer's URL into an img. */
function ImageUploadControl() {
  const { t, i18n } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!editor) return;
    const problem = imageFileProblem(file, i18n.language);
    if (problem) return snackbar.danger(problem.key, problem.params);
    setBusy(true);
    try {
      const url = await uploadContentImage(file);
      const alt = file.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 120);
      editor.chain().focus().setImage({ src: url, alt }).run();
      // the new image stays selected, so its description and width can be set at once (ImageDetails)
      let at: number | null = null;
      editor.state.doc.descendants((node, pos) => {
        if (node.type.name === 'image' && node.attrs.src === url) at = pos;
      });
      if (at !== null) editor.commands.setNodeSelection(at);
      snackbar.success('content_paginas.afbeelding_geplaatst');
    } catch (e) {
      snackbar.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <RichTextEditor.Control
        aria-label={t('content_paginas.afbeelding_invoegen')}
        title={t('content_paginas.afbeelding_invoegen')}
        onClick={() => input.current?.click()}
        disabled={busy}
        data-testid="editor-image"
      >
        <IconPhoto size={16} stroke={1.5} aria-hidden />
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept={imageAccept}
        hidden
        data-testid="editor-image-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}

/** The widths an image can have in a page (pixels; none: its own width, never wider than the page). */
const imageWidths = { klein: '240', middel: '480', volledig: '' } as const;
type ImageWidth = keyof typeof imageWidths;

/**
 * The selected image's description (alt text) and width, under the editor while an image is selected: an upload
 * takes the file name as its description, which the editor should put in words.
 */
function ImageDetails({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const image = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.isActive('image')
        ? {
            alt: String(e.getAttributes('image').alt ?? ''),
            width: String(e.getAttributes('image').width ?? ''),
          }
        : null,
    equalityFn: (a, b) => a?.alt === b?.alt && a?.width === b?.width,
  });
  if (!image) return null;
  const width =
    (Object.keys(imageWidths) as ImageWidth[]).find((w) => imageWidths[w] === image.width) ?? 'volledig';
  return (
    <Paper withBorder radius="md" p="sm" mt="xs" data-testid="editor-image-details">
      <Text fw={600} size="sm" mb="xs">
        {t('content_paginas.afbeelding_details')}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="md">
        <TextInput
          label={t('content_paginas.afbeelding_alt')}
          description={t('content_paginas.afbeelding_alt_uitleg')}
          value={image.alt}
          maxLength={250}
          onChange={(e) => editor.chain().updateAttributes('image', { alt: e.currentTarget.value }).run()}
          style={{ flex: '1 1 18rem' }}
          data-testid="editor-image-alt"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="editor-image-width-label">
            {t('content_paginas.afbeelding_grootte')}
          </Text>
          <SegmentedControl
            aria-labelledby="editor-image-width-label"
            data={(Object.keys(imageWidths) as ImageWidth[]).map((w) => ({
              value: w,
              label: t(`content_paginas.afbeelding_grootte_${w}`),
            }))}
            value={width}
            onChange={(w) =>
              editor
                .chain()
                .updateAttributes('image', { width: imageWidths[w as ImageWidth] || null, height: null })
                .run()
            }
            data-testid="editor-image-width"
          />
        </Stack>
      </Group>
    </Paper>
  );
}

/** Asks before leaving with unsaved changes: another route (also another language) or closing the tab. */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}

export function ContentPageEditor({
  id,
  locale,
  page,
  present,
}: {
  id: string;
  locale: Locale;
  /** The server's answer for `locale` (the Dutch text when `locale` has none yet). */
  page: ContentPage;
  /** The locales the page has a text in. */
  present: readonly Locale[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveContentPage(id);
  const exists = present.includes(locale);
  // A language without a text starts from the Dutch one (to translate), or empty when there is none.
  const copied = !exists && page.locale === 'nl-NL' && present.includes('nl-NL');
  const startHtml = exists || copied ? page.html : '';
  const [saved, setSaved] = useState<Draft>(() => ({
    pageName: page.pageName,
    kind: page.kind,
    published: page.publishedAt !== null,
  }));
  const [draft, setDraft] = useState<Draft>(saved);
  const [html, setHtml] = useState<string | null>(null);
  const savedHtml = useRef<string | null>(null);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [tab, setTab] = useState<string | null>('edit');

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [2, 3, 4] } }),
      LinkExtension.configure({ openOnClick: false, defaultProtocol: 'https' }),
      Image.configure({ inline: false, allowBase64: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: startHtml,
    editorProps: {
      attributes: {
        'aria-label': t('content_paginas.inhoud'),
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'editor-content',
      },
    },
    // the editor's own form of the start text is the saved state: opening it changes nothing
    onCreate: ({ editor: e }) => {
      savedHtml.current = e.getHTML();
      setHtml(e.getHTML());
    },
    onUpdate: ({ editor: e }) => setHtml(e.getHTML()),
  });

  const dirty =
    draft.pageName !== saved.pageName ||
    draft.kind !== saved.kind ||
    draft.published !== saved.published ||
    (html !== null && html !== savedHtml.current);
  const blocker = useLeaveGuard(dirty && !save.isPending);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = () => {
    if (!draft.pageName.trim()) {
      setErrors({ pageName: errorNode({ key: 'validation.verplicht' }) });
      return;
    }
    setErrors({});
    const body = editor?.getHTML() ?? html ?? '';
    save.mutate(
      {
        locale,
        pageName: draft.pageName.trim(),
        html: body,
        kind: draft.kind,
        publishedAt:
          draft.published === saved.published ? undefined : draft.published ? new Date().toISOString() : null,
      },
      {
        onSuccess: (answer) => {
          snackbar.success('content_paginas.opgeslagen');
          const next = {
            pageName: answer.pageName,
            kind: answer.kind,
            published: answer.publishedAt !== null,
          };
          setSaved(next);
          setDraft(next);
          savedHtml.current = body;
          setHtml(body);
        },
        onError: (e) => {
          const fields = serverFieldErrors(e);
          if (fields) setErrors(fields);
          snackbar.error(e);
        },
      },
    );
  };

  const language = t(`talen.${locale}`);
  const localeLabel = (l: Locale) => (
    <>
      <span aria-hidden>
        {l.slice(0, 2).toUpperCase()}
        {present.includes(l) ? '' : ' +'}
      </span>
      <VisuallyHidden>
        {t(present.includes(l) ? 'content_paginas.taal_aanwezig' : 'content_paginas.taal_afwezig', {
          taal: t(`talen.${l}`),
        })}
      </VisuallyHidden>
    </>
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="content-locale-label">
              {t('content_paginas.taal_kiezen')}
            </Text>
            <SegmentedControl
              aria-labelledby="content-locale-label"
              value={locale}
              onChange={(l) => void navigate(paths.contentPaginaBeheer.to(id, l))}
              data={locales.map((l) => ({ value: l, label: localeLabel(l) }))}
              data-testid="editor-locale"
            />
          </Stack>
          <Anchor component={Link} to={paths.contentPage.to(id, locale)} data-testid="editor-open">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={16} aria-hidden />
              {t('content_paginas.openen')}
            </Group>
          </Anchor>
        </Group>
        {!exists && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            data-testid="editor-new-locale"
          >
            {t(copied ? 'content_paginas.taal_ontbreekt_kopie' : 'content_paginas.taal_ontbreekt_leeg', {
              taal: language,
            })}
          </Alert>
        )}
        <TextInput
          label={t('content_paginas.paginanaam')}
          value={draft.pageName}
          onChange={(e) => set('pageName', e.currentTarget.value)}
          error={errors.pageName}
          maxLength={200}
          required
          data-testid="editor-name"
        />
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Select
            label={t('content_paginas.soort')}
            data={kinds.map((k) => ({ value: k, label: t(`content_paginas.soorten.${k}`) }))}
            value={draft.kind}
            onChange={(v) => v && set('kind', v as PageKind)}
            allowDeselect={false}
            error={errors.kind}
            w={220}
            data-testid="editor-kind"
          />
          <Switch
            label={t('content_paginas.publiceren')}
            description={t('content_paginas.publiceren_uitleg')}
            checked={draft.published}
            onChange={(e) => set('published', e.currentTarget.checked)}
            data-testid="editor-published"
          />
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List>
            <Tabs.Tab value="edit" data-testid="editor-tab-edit">
              {t('content_paginas.inhoud')}
            </Tabs.Tab>
            <Tabs.Tab value="preview" data-testid="editor-tab-preview">
              {t('content_paginas.voorbeeld')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="edit" pt="sm">
            <RichTextEditor
              editor={editor}
              labels={{
                boldControlLabel: t('content_paginas.editor.vet'),
                italicControlLabel: t('content_paginas.editor.cursief'),
                underlineControlLabel: t('content_paginas.editor.onderstrepen'),
                strikeControlLabel: t('content_paginas.editor.doorhalen'),
                clearFormattingControlLabel: t('content_paginas.editor.opmaak_wissen'),
                h2ControlLabel: t('content_paginas.editor.kop2'),
                h3ControlLabel: t('content_paginas.editor.kop3'),
                h4ControlLabel: t('content_paginas.editor.kop4'),
                bulletListControlLabel: t('content_paginas.editor.opsomming'),
                orderedListControlLabel: t('content_paginas.editor.genummerd'),
                blockquoteControlLabel: t('content_paginas.editor.citaat'),
                hrControlLabel: t('content_paginas.editor.lijn'),
                linkControlLabel: t('content_paginas.editor.link'),
                unlinkControlLabel: t('content_paginas.editor.link_weg'),
                linkEditorInputLabel: t('content_paginas.editor.link_adres'),
                linkEditorInputPlaceholder: 'https://',
                linkEditorExternalLink: t('content_paginas.editor.link_extern'),
                linkEditorInternalLink: t('content_paginas.editor.link_intern'),
                linkEditorSave: t('content_paginas.editor.link_opslaan'),
                alignLeftControlLabel: t('content_paginas.editor.links'),
                alignCenterControlLabel: t('content_paginas.editor.midden'),
                alignRightControlLabel: t('content_paginas.editor.rechts'),
                alignJustifyControlLabel: t('content_paginas.editor.uitvullen'),
                undoControlLabel: t('content_paginas.editor.ongedaan'),
                redoControlLabel: t('content_paginas.editor.opnieuw'),
              }}
            >
              <RichTextEditor.Toolbar aria-label={t('content_paginas.editor.werkbalk')} role="toolbar">
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.H2 />
                  <RichTextEditor.H3 />
                  <RichTextEditor.H4 />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Bold />
                  <RichTextEditor.Italic />
                  <RichTextEditor.Underline />
                  <RichTextEditor.Strikethrough />
                  <RichTextEditor.ClearFormatting />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.BulletList />
                  <RichTextEditor.OrderedList />
                  <RichTextEditor.Blockquote />
                  <RichTextEditor.Hr />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Link />
                  <RichTextEditor.Unlink />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.AlignLeft />
                  <RichTextEditor.AlignCenter />
                  <RichTextEditor.AlignRight />
                  <RichTextEditor.AlignJustify />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <ImageUploadControl />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Undo />
                  <RichTextEditor.Redo />
                </RichTextEditor.ControlsGroup>
              </RichTextEditor.Toolbar>
              <RichTextEditor.Content mih={320} />
            </RichTextEditor>
            {editor && <ImageDetails editor={editor} />}
            {errors.html && (
              <Text c="var(--mantine-color-error)" size="sm" mt={4}>
                {errors.html}
              </Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="sm" data-testid="editor-preview">
            <Text size="sm" c="dimmed" mb="xs">
              {t('content_paginas.voorbeeld_uitleg')}
            </Text>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <Title order={2} mb="md">
                {draft.pageName}
              </Title>
              {tab === 'preview' && <SafeHtml html={html ?? ''} headingLevel={3} />}
            </Paper>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={paths.contentPaginasBeheer.to()}>
            {t('shared.annuleren')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="editor-save">
            {t('shared.opslaan')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('content_paginas.verlaten_titel')}
        centered
        closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
      >
        <Stack gap="md">
          <Text>{t('warning.niet_opgeslagen_wijzigingen')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-testid="leave-stay">
              {t('content_paginas.blijven')}
            </Button>
            <Button color="red.9" onClick={() => blocker.proceed?.()} data-testid="leave-go">
              {t('content_paginas.verlaten')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

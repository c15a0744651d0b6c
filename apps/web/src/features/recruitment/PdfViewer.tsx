import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages rendered at most this many at once; a CV is rarely longer. */
const MAX_PAGES = 20;

function PdfPage({ document, number, width }: { document: PDFDocumentProxy; number: number; width: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | undefined;
    void (async () => {
      const page = await document.getPage(number);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      task = page.render({ canvas, viewport });
      await task.promise.catch(() => undefined);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, number, width]);
  return (
    <canvas
      ref={canvasRef}
      data-testid="pdf-page"
      aria-label={`Page ${number}`}
      // Until a new width is drawn (the page was narrowed), the old drawing shrinks to fit rather
      // than sticking out; height follows the canvas's own proportions.
      style={{
        display: 'block',
        maxWidth: '100%',
        height: 'auto',
        background: 'white',
        boxShadow: '0 1px 4px rgba(0,0,0,.2)',
      }}
    />
  );
}

/** Shows a PDF's pages inline, fitted to the available width (PDF.js; nothing leaves the browser). */
export function PdfViewer({ data }: { data: Uint8Array | undefined }) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize();
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!data) return;
    setFailed(false);
    // PDF.js takes ownership of the buffer it is given: hand it a copy.
    const task = getDocument({ data: data.slice() });
    task.promise.then(setDocument, () => setFailed(true));
    return () => {
      void task.destroy();
      setDocument(null);
    };
  }, [data]);

  const pages = document ? Math.min(document.numPages, MAX_PAGES) : 0;
  return (
    <Box
      ref={ref}
      bg="var(--academy-subtle)"
      p={{ base: 6, sm: 'md' }}
      style={{ borderRadius: 8 }}
      data-testid="pdf-viewer"
    >
      {failed && <Alert color="red">{t('recruitment.pdfFailed')}</Alert>}
      {!failed && (!document || width === 0) && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {document && width > 0 && (
        <Stack gap="md" align="center">
          {Array.from({ length: pages }, (_, i) => i + 1).map((number) => (
            <PdfPage key={number} document={document} number={number} width={Math.min(width - 4, 900)} />
          ))}
          {document.numPages > MAX_PAGES && (
            <Text fz="sm" c="dimmed">
              {t('recruitment.pdfMorePages', { count: document.numPages - MAX_PAGES })}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}

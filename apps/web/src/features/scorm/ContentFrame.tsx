import type { ScormFrameMessage } from '@academy/contract';
import { useEffect, useRef } from 'react';
import { isReturnMessage, readFrameMessage } from './messages';

/**
 * Package content's frame (decision 110): the runtime page on the content origin, which frames
 * the SCO. Sandboxed on top of being another site: scripts, forms, pop-ups and its own origin
 * (the SCO reaches the runtime's API in its parent, same origin), but it may not navigate the
 * academy's page. `onMessage` hears only the runtime's messages from this very frame; `onReturn`
 * a cmi5 AU's return page (cmi5:return) in it.
 */
export function ContentFrame({
  url,
  title,
  height,
  onMessage,
  onReturn,
}: {
  url: string;
  title: string;
  height: string;
  onMessage?: (message: ScormFrameMessage) => void;
  onReturn?: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const listener = useRef(onMessage);
  listener.current = onMessage;
  const returned = useRef(onReturn);
  returned.current = onReturn;
  const origin = new URL(url).origin;

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      const message = readFrameMessage(event, origin, frame.current?.contentWindow);
      if (message) listener.current?.(message);
      else if (isReturnMessage(event, origin, frame.current?.contentWindow)) returned.current?.();
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [origin]);

  return (
    <iframe
      ref={frame}
      src={url}
      title={title}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads"
      allow="fullscreen; autoplay"
      referrerPolicy="no-referrer"
      data-testid="scorm-frame"
      style={{ display: 'block', width: '100%', height, border: 0, background: '#fff' }}
    />
  );
}

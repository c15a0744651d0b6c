import { type ComponentChild, render } from 'preact';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A page the server drew (decision 195) stays on screen until the router has its page's chunk and
 * data (a render before that would draw an empty page over it); then the app is rendered into the
 * server's elements: Preact's own render keeps the elements that match and corrects their
 * attributes (React's createRoot, and so preact/compat's, empties the container first).
 */
function takeOverServerPage() {
  render(app as unknown as ComponentChild, root);
}

if (!root.hasChildNodes()) {
  createRoot(root).render(app);
} else if (router.state.initialized) {
  takeOverServerPage();
} else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    takeOverServerPage();
  });
}

import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, start } from './app/App';
import { createQueryClient } from './app/providers';
import { registerServiceWorker } from './app/service-worker';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// index.html's start-up screen stays until the app has booted
void start(queryClient).then((router) => {
  const root = createRoot(container);
  // a transition: React renders the whole shell in slices instead of one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
  // after the first render, when the page has loaded and the browser is idle (decision 0031)
  registerServiceWorker();
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { prepareI18n } from './i18n-provider';

function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent can make the comparison throw: that is a frame too.
    return true;
  }
}

if (isEmbedded()) document.body.classList.add('embedded');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A catalog that fails to load leaves the back office in English rather than blank.
prepareI18n().then(render, (error: unknown) => {
  console.error(error);
  render();
});

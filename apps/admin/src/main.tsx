import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

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
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

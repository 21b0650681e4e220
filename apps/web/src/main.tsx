import { Placeholder } from '@teamim/ui-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Placeholder productName="TeamIM" />
  </StrictMode>,
);

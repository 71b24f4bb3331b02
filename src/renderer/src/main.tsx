import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';
import './styles/linksTable.css';
import './styles/linkDetail.css';
import './styles/webhooks.css';
import './styles/deliveryInspector.css';
import './styles/endpointCheck.css';
import './styles/requests.css';
import './styles/logTable.css';
import './styles/settings.css';
import './styles/inbox.css';
import './styles/compare.css';
import './styles/faults.css';
import './styles/workspaces.css';
import './styles/clock.css';
import './styles/bulk.css';
import './styles/scenarioExport.css';
import './styles/progress.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

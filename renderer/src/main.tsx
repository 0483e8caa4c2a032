/** Boots the account UI. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiBase } from './api';
import { App } from './app/App';
import { platform } from './platform';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// Where the API lives: same origin for the web build, API_URL or the embedded server for the desktop app.
const { apiBaseUrl } = await platform().info();
if (apiBaseUrl !== '/api') configureApiBase(apiBaseUrl);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes';

/** The route table, drawn for the current location (browser, prerenderer and tests). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The application: the route table over the browser's history. */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

import { BrowserRouter, useRoutes } from 'react-router';
import { QueryProvider } from '../lib/query';
import { routes } from './routes';

function RouteTable() {
  return useRoutes(routes);
}

/**
 * The route table, drawn for the current location (browser, prerenderer and tests),
 * under the server-state layer both the public site and the console read through.
 */
export function AppRoutes() {
  return (
    <QueryProvider>
      <RouteTable />
    </QueryProvider>
  );
}

/** The application: the route table over the browser's history. */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
